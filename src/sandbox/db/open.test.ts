import Database from 'better-sqlite3';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, login, testSandbox } from '../test-support';
import { MIGRATIONS } from './migrations';
import { DB_FILE, migrate, openDatabase } from './open';

describe('sandbox database', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-db-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps accounts, tokens and records in the data folder across restarts', async () => {
    const first = await testSandbox({ dataDir: dir });
    const tokens = await login(first);
    const created = await call(first.url, 'POST', '/v2/posts', {
      token: tokens.access_token,
      body: { text: 'persisted' },
    });
    await first.stop();
    expect((await readdir(dir)).filter((f) => !f.startsWith(DB_FILE))).toEqual([]);

    const second = await testSandbox({ dataDir: dir });
    try {
      const res = await call(second.url, 'GET', `/v2/posts/${created.body.id}`, { token: tokens.access_token });
      expect(res.status).toBe(200);
      expect(res.body.text).toBe('persisted');
    } finally {
      await second.stop();
    }
  });

  it('records applied migrations and applies each once', () => {
    const db = openDatabase(null);
    try {
      migrate(db);
      const rows = db.prepare('SELECT id, name FROM sandbox_migrations ORDER BY id').all();
      expect(rows).toEqual(MIGRATIONS.map(({ id, name }) => ({ id, name })));
    } finally {
      db.close();
    }
  });

  it('refuses a database with a migration it does not know', () => {
    const path = join(dir, DB_FILE);
    const db = new Database(path);
    migrate(db);
    db.prepare('INSERT INTO sandbox_migrations (id, name, applied_at) VALUES (?, ?, ?)').run(
      99,
      '099-from-the-future',
      0,
    );
    db.close();
    expect(() => openDatabase(dir)).toThrow(/migration 99 "099-from-the-future" that this sandbox does not know/);
  });
});
