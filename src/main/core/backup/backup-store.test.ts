import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { pagesOf, scribble, SEED_ACCOUNT, seedRecords } from '../../../../test/support/seed-db';
import { SHIPPED_SCHEMA_VERSION } from '../../../../test/support/schema-version';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { createCore } from '../app';
import { createLogger, memorySink, type LogRecord } from '../logger';
import { defaultMigrationsDir, nodeDeps } from '../node-deps';
import { SecretRegistry } from '../redact';
import { openDatabase } from '../db/open';
import { BackupStore } from './backup-store';

const tmp = tempDirs('backups');
const DAY = 86_400_000;
const mode = (file: string) => fs.statSync(file).mode & 0o777;

function setup(now: () => number = Date.now) {
  const dir = tmp();
  const { db } = openDatabase(path.join(dir, 'atelier.db'), defaultMigrationsDir);
  seedRecords(db, 200, { now: now() });
  const logs: LogRecord[] = [];
  const store = new BackupStore({
    dir: path.join(dir, 'backups'),
    now,
    appVersion: '1.2.3',
    retention: () => ({ daily: 7, weekly: 4 }),
    logger: createLogger([memorySink(logs)], new SecretRegistry()),
  });
  return { dir, db, store, logs };
}

describe('BackupStore', () => {
  it('takes a checked online backup, private to this user, with its manifest and media list', async () => {
    const { db, store } = setup();
    const view = await store.take(db, 'manual');
    expect(view).toMatchObject({
      ok: true,
      problem: null,
      reason: 'manual',
      appVersion: '1.2.3',
      schemaVersion: SHIPPED_SCHEMA_VERSION,
      records: 200,
      mediaFiles: 100,
    });
    expect(store.list()).toEqual([view]);
    const file = store.fileOf(view.id);
    expect(view.sizeBytes).toBe(fs.statSync(file).size);
    expect(mode(store.dir)).toBe(0o700);
    for (const name of fs.readdirSync(store.dir)) expect(mode(path.join(store.dir, name)), name).toBe(0o600);
    // A single self-contained file: no WAL travels with it, and it opens with the records in it.
    expect(fs.readdirSync(store.dir).sort()).toEqual([`${view.id}.db`, `${view.id}.json`, `${view.id}.media`]);
    const copy = new Database(file, { readonly: true });
    expect(copy.prepare('SELECT count(*) FROM posts').pluck().get()).toBe(100);
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    const shas = db.prepare('SELECT sha256 FROM assets ORDER BY sha256').pluck().all();
    expect(store.mediaOf(view.id).sort()).toEqual(shas);
    expect(store.references(String(shas[0]))).toBe(true);
    expect(store.references('0'.repeat(64))).toBe(false);
    db.close();
  });

  it('keeps every media file while a backup is under way: its list is only known at the end', async () => {
    const { db, store } = setup();
    const unknown = '0'.repeat(64);
    expect(store.references(unknown)).toBe(false);
    const taking = store.take(db, 'manual');
    // The snapshot may hold a file the trash is emptying right now.
    expect(store.references(unknown)).toBe(true);
    await taking;
    expect(store.references(unknown)).toBe(false);
    db.close();
  });

  it('rechecks a backup before a restore: damage marks it failed, a check unable to run changes nothing', async () => {
    const { db, store } = setup();
    const view = await store.take(db, 'manual');
    db.close();
    await expect(store.recheck(view.id)).resolves.toBeUndefined();
    // The file cannot be opened (here: a folder in its place): not damage, so the manifest stays as it was.
    const file = store.fileOf(view.id);
    fs.renameSync(file, `${file}.aside`);
    fs.mkdirSync(file);
    await expect(store.recheck(view.id)).rejects.toThrow(/could not be checked .*Nothing was changed/);
    expect(store.get(view.id).ok).toBe(true);
    fs.rmdirSync(file);
    fs.renameSync(`${file}.aside`, file);
    // Real damage: pages of random bytes.
    const pages = pagesOf(file, 'posts');
    scribble(file, ((pages[Math.floor(pages.length / 2)] ?? 2) - 1) * 4096, 4096, 7);
    await expect(store.recheck(view.id)).rejects.toThrow(/is damaged too/);
    expect(store.get(view.id)).toMatchObject({ ok: false, problem: expect.any(String) });
  });

  it('lists nothing half-written, and clears what an interrupted backup left at the next one', async () => {
    let now = Date.parse('2026-01-01T09:00:00Z');
    const { db, store } = setup(() => now);
    const first = await store.take(db, 'manual');
    now += DAY;
    // What a kill leaves: a temp copy, its journal, a copy renamed without its manifest.
    fs.writeFileSync(path.join(store.dir, '.2026-01-01T00-00-00-000Z-abcdef.tmp'), 'partial');
    fs.writeFileSync(path.join(store.dir, '.2026-01-01T00-00-00-000Z-abcdef.tmp-journal'), 'partial');
    fs.writeFileSync(path.join(store.dir, '2026-01-02T00-00-00-000Z-abcdef.db'), 'no manifest');
    expect(store.list().map((b) => b.id)).toEqual([first.id]);
    const second = await store.take(db, 'manual');
    expect(fs.readdirSync(store.dir).sort()).toEqual(
      [first.id, second.id].flatMap((id) => [`${id}.db`, `${id}.json`, `${id}.media`]).sort(),
    );
    db.close();
  });

  it('keeps exactly 7 daily and 4 weekly backups over six weeks of daily backups (fake clock)', async () => {
    let now = Date.parse('2026-01-01T09:00:00Z');
    const { db, store } = setup(() => now);
    for (let day = 0; day < 42; day++) {
      await store.take(db, 'daily');
      now += DAY;
    }
    const kept = store.list();
    expect(kept).toHaveLength(11);
    const days = kept.map((b) => b.createdAt.slice(0, 10));
    expect(days.slice(0, 7)).toEqual([
      '2026-02-11',
      '2026-02-10',
      '2026-02-09',
      '2026-02-08',
      '2026-02-07',
      '2026-02-06',
      '2026-02-05',
    ]);
    // Then the newest of each week (Monday to Sunday) before them.
    expect(days.slice(7)).toEqual(['2026-02-04', '2026-02-01', '2026-01-25', '2026-01-18']);
    // Nothing else is left in the folder.
    expect(fs.readdirSync(store.dir)).toHaveLength(33);
    db.close();
  }, 60_000);

  it('backs up before a migration, with the schema as it was, then migrates', async () => {
    const dir = tmp();
    const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
    deps.backups = { autoStart: false };
    const first = createCore(deps);
    seedRecords(first.db, 50, { now: Date.now() });
    await first.close();
    expect(fs.existsSync(path.join(dir, 'backups'))).toBe(false);

    const migrations = path.join(dir, 'migrations');
    fs.cpSync(defaultMigrationsDir, migrations, { recursive: true });
    // The schema as shipped, then one more migration after the last.
    const shipped = SHIPPED_SCHEMA_VERSION;
    const extra = `${String(shipped + 1).padStart(4, '0')}_extra.sql`;
    fs.writeFileSync(path.join(migrations, extra), 'CREATE TABLE extra (x INTEGER);');
    const again = createCore({ ...deps, paths: { ...deps.paths, migrationsDir: migrations } });
    const [backup] = again.backups.store.list();
    expect(again.backups.store.list()).toHaveLength(1);
    expect(backup).toMatchObject({ ok: true, reason: 'migration', schemaVersion: shipped, records: 50 });
    const copy = new Database(again.backups.store.fileOf(backup!.id), { readonly: true });
    expect(copy.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'extra'").pluck().get()).toBe(0);
    expect(copy.prepare('SELECT count(*) FROM posts WHERE account_id = ?').pluck().get(SEED_ACCOUNT)).toBe(25);
    copy.close();
    expect(again.db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'extra'").pluck().get()).toBe(1);
    await again.close();
    // Nothing pending the next time: no new backup.
    const third = createCore({ ...deps, paths: { ...deps.paths, migrationsDir: migrations } });
    expect(third.backups.store.list()).toHaveLength(1);
    await third.close();
  });
});
