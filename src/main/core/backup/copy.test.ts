import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedRecords } from '../../../../test/support/seed-db';
import { SHIPPED_SCHEMA_VERSION } from '../../../../test/support/schema-version';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { copyDatabase } from './copy';

const tmp = tempDirs('copy');

describe('copyDatabase', () => {
  it('copies a live database on a worker while the app writes, into one consistent, checked file', async () => {
    const dir = tmp();
    const { db } = openDatabase(path.join(dir, 'live.db'), defaultMigrationsDir);
    seedRecords(db, 2000, { now: Date.now() });
    const target = path.join(dir, 'copy.db');
    fs.writeFileSync(target, '');
    const insert = db.prepare(
      "INSERT INTO posts (id, account_id, data, created_at, updated_at) VALUES (?, 'w', '{}', 1, 1)",
    );
    let writes = 0;
    const writer = setInterval(() => insert.run(`w-${writes++}`), 1);
    try {
      const { facts, check } = await copyDatabase(db, target).result;
      expect(check.ok).toBe(true);
      expect(facts.records).toBeGreaterThanOrEqual(2000);
      expect(facts.media).toHaveLength(1000);
    } finally {
      clearInterval(writer);
      db.close();
    }
    // Self-contained: no WAL beside the copy.
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
  });

  it('copies in paced steps on the app’s own connection where no other connection can see it', async () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    seedRecords(db, 3000, { now: Date.now() });
    const target = path.join(tmp(), 'copy.db');
    fs.writeFileSync(target, '');
    const { facts, check } = await copyDatabase(db, target).result;
    db.close();
    expect(check).toEqual({ ok: true, problems: [], damaged: false });
    expect(facts).toMatchObject({ records: 3000, schemaVersion: SHIPPED_SCHEMA_VERSION, mediaProblem: null });
  });
});
