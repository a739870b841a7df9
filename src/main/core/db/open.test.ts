import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { AppException } from '../errors';
import { defaultMigrationsDir } from '../node-deps';
import { loadMigrations } from './migrations';
import { openDatabase } from './open';
import { tempDirs } from '../../../../test/support/temp-dirs';

const tmp = tempDirs('db');
const shipped = loadMigrations(defaultMigrationsDir).map((m) => m.id);

const hash = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function refusal(fn: () => unknown): { message: string; hint?: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppException);
    return (e as AppException).error;
  }
  throw new Error('expected a refusal');
}

describe('openDatabase', () => {
  it('creates a WAL database with synchronous=FULL and records each migration once', () => {
    const file = path.join(tmp(), 'a.db');
    const first = openDatabase(file, defaultMigrationsDir);
    expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(first.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(first.applied).toEqual(shipped);
    expect(shipped.slice(0, 2)).toEqual([1, 2]);
    first.db.close();
    const second = openDatabase(file, defaultMigrationsDir);
    expect(second.applied).toEqual([]);
    expect(second.db.prepare('SELECT id, name FROM schema_migrations').all()).toEqual(
      loadMigrations(defaultMigrationsDir).map((m) => ({ id: m.id, name: m.name })),
    );
    second.db.close();
  });

  it('refuses a corrupt file with a clear message and leaves it untouched', () => {
    const file = path.join(tmp(), 'bad.db');
    fs.writeFileSync(file, crypto.randomBytes(8192));
    const before = hash(file);
    const error = refusal(() => openDatabase(file, defaultMigrationsDir));
    expect(error.message).toContain('damaged');
    expect(error.hint).toContain('Restore the newest backup');
    expect(hash(file)).toBe(before);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['bad.db']);
  });

  it('refuses a truncated SQLite file and leaves it untouched', () => {
    const dir = tmp();
    const good = path.join(dir, 'good.db');
    openDatabase(good, defaultMigrationsDir).db.close();
    const file = path.join(dir, 'cut.db');
    fs.writeFileSync(file, fs.readFileSync(good).subarray(0, 100));
    const before = hash(file);
    refusal(() => openDatabase(file, defaultMigrationsDir));
    expect(hash(file)).toBe(before);
  });

  it('refuses a database from a newer version and leaves it untouched', () => {
    const file = path.join(tmp(), 'newer.db');
    openDatabase(file, defaultMigrationsDir).db.close();
    const raw = new Database(file);
    raw.prepare("INSERT INTO schema_migrations VALUES (?, 'from_the_future', 'x', 'now')").run(shipped.length + 1);
    raw.close();
    const before = hash(file);
    const error = refusal(() => openDatabase(file, defaultMigrationsDir));
    expect(error.message).toContain('newer version');
    expect(error.hint).toContain('Update Atelier');
    expect(hash(file)).toBe(before);
  });

  it('refuses a database whose applied step differs from this version’s', () => {
    const file = path.join(tmp(), 'diverged.db');
    openDatabase(file, defaultMigrationsDir).db.close();
    const raw = new Database(file);
    raw.prepare("UPDATE schema_migrations SET checksum = 'changed' WHERE id = 1").run();
    raw.close();
    expect(refusal(() => openDatabase(file, defaultMigrationsDir)).message).toContain('differs');
  });

  it('rolls back a migration that fails and records nothing for it', () => {
    const dir = tmp();
    const migrations = path.join(dir, 'migrations');
    fs.mkdirSync(migrations);
    fs.writeFileSync(path.join(migrations, '0001_ok.sql'), 'CREATE TABLE a (x INTEGER);');
    fs.writeFileSync(path.join(migrations, '0002_broken.sql'), 'CREATE TABLE b (y INTEGER); THIS IS NOT SQL;');
    const file = path.join(dir, 'm.db');
    expect(() => openDatabase(file, migrations)).toThrow();
    const raw = new Database(file);
    expect(raw.prepare('SELECT id FROM schema_migrations').all()).toEqual([{ id: 1 }]);
    expect(raw.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    raw.close();
  });

  it('refuses migration files that are misnamed or out of sequence', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, '0002_skip.sql'), 'SELECT 1;');
    expect(() => openDatabase(':memory:', dir)).toThrow(/out of sequence/);
    fs.rmSync(path.join(dir, '0002_skip.sql'));
    fs.writeFileSync(path.join(dir, 'first.sql'), 'SELECT 1;');
    expect(() => openDatabase(':memory:', dir)).toThrow(/must look like/);
  });
});
