/**
 * The check at open is bounded by time, not size: SQLite's quick_check runs on a worker thread and
 * opening waits for it only so long; the rest goes on in the background, still finds damage, and
 * until it has passed the WAL is never checkpointed into the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { damagePosts, seedRecords, sha256Of } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { defaultMigrationsDir } from '../node-deps';
import { DatabaseDamagedError } from './damage';
import { allowCheckpoints, openDatabase, WAL_AUTOCHECKPOINT_PAGES } from './open';

const tmp = tempDirs('open-check');

function seeded(records = 4000): string {
  const file = path.join(tmp(), 'atelier.db');
  const { db } = openDatabase(file, defaultMigrationsDir);
  seedRecords(db, records, { now: Date.now() });
  db.close();
  return file;
}

const autocheckpoint = (db: Database.Database) => db.pragma('wal_autocheckpoint', { simple: true });

describe('the check at open', () => {
  it('waits for a check that finishes in time: checked in full, checkpoints as usual', () => {
    const file = seeded();
    const opened = openDatabase(file, defaultMigrationsDir);
    expect(opened.checked).toBe('full');
    expect(opened.pendingCheck).toBeUndefined();
    expect(autocheckpoint(opened.db)).toBe(WAL_AUTOCHECKPOINT_PAGES);
    opened.db.close();
  });

  it('refuses damage found within the wait, and leaves the file untouched', () => {
    const file = seeded();
    damagePosts(file);
    const before = sha256Of(file);
    expect(() => openDatabase(file, defaultMigrationsDir)).toThrow(DatabaseDamagedError);
    expect(sha256Of(file)).toBe(before);
  });

  it('returns once the wait is over while the check runs on, which still finds the damage', async () => {
    const file = seeded();
    damagePosts(file);
    const started = performance.now();
    const opened = openDatabase(file, defaultMigrationsDir, undefined, { checkWaitMs: 1 });
    // Opening reads the header, the schema steps and the migration files: well under the slack.
    expect(performance.now() - started).toBeLessThan(1 + 500);
    expect(opened.checked).toBe('partial');
    expect(opened.pendingCheck).toBeDefined();
    const result = await opened.pendingCheck!.result;
    expect(result).toMatchObject({ ok: false, damaged: true });
    opened.db.close();
  });

  it('never checkpoints into the file before the check has passed', async () => {
    const file = seeded();
    damagePosts(file);
    const before = sha256Of(file);
    const opened = openDatabase(file, defaultMigrationsDir, undefined, { checkWaitMs: 0 });
    expect(opened.checked).toBe('partial');
    expect(autocheckpoint(opened.db)).toBe(0);
    // Far more than the 1000 pages after which SQLite would copy the WAL into the file.
    const insert = opened.db.prepare('INSERT INTO app_meta (key, value) VALUES (?, ?)');
    for (let i = 0; i < 40; i++)
      opened.db.transaction(() => insert.run(`filler-${i}`, JSON.stringify('x'.repeat(200_000))))();
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(WAL_AUTOCHECKPOINT_PAGES * 4096);
    expect(sha256Of(file)).toBe(before);
    expect(await opened.pendingCheck!.result).toMatchObject({ damaged: true });
    expect(sha256Of(file)).toBe(before);
    await opened.pendingCheck!.cancel();
    opened.db.close();
  });

  it('checkpoints again once the background check has passed', async () => {
    const file = seeded();
    const opened = openDatabase(file, defaultMigrationsDir, undefined, { checkWaitMs: 0 });
    expect(opened.checked).toBe('partial');
    expect(await opened.pendingCheck!.result).toEqual({ ok: true, problems: [], damaged: false });
    allowCheckpoints(opened.db);
    expect(autocheckpoint(opened.db)).toBe(WAL_AUTOCHECKPOINT_PAGES);
    opened.db.close();
  });
});

describe('the deferred check of a large file', () => {
  it('opens without waiting, begins the check later, and that check still finds damage', async () => {
    const file = seeded();
    damagePosts(file);
    const before = sha256Of(file);
    const opened = openDatabase(file, defaultMigrationsDir, undefined, { deferCheckAboveBytes: 0, checkDelayMs: 50 });
    expect(opened.checked).toBe('partial');
    // Nothing is copied into the file before the check has passed.
    expect(autocheckpoint(opened.db)).toBe(0);
    expect(opened.pendingCheck!.waitUpTo(0)).toBeNull();
    expect(await opened.pendingCheck!.result).toMatchObject({ ok: false, damaged: true });
    expect(sha256Of(file)).toBe(before);
    await opened.pendingCheck!.cancel();
    opened.db.close();
  });

  it('passes on a sound file, and a check cancelled before it began answers as stopped', async () => {
    const file = seeded();
    const passing = openDatabase(file, defaultMigrationsDir, undefined, { deferCheckAboveBytes: 0, checkDelayMs: 10 });
    expect(await passing.pendingCheck!.result).toEqual({ ok: true, problems: [], damaged: false });
    passing.db.close();
    const cancelled = openDatabase(file, defaultMigrationsDir, undefined, { deferCheckAboveBytes: 0 });
    await cancelled.pendingCheck!.cancel();
    expect(await cancelled.pendingCheck!.result).toMatchObject({ ok: false, damaged: false });
    cancelled.db.close();
  });

  it('is not deferred for a file below the size, nor when a wait is given', () => {
    const file = seeded();
    const small = openDatabase(file, defaultMigrationsDir, undefined, { deferCheckAboveBytes: 1024 ** 3 });
    expect(small.checked).toBe('full');
    small.db.close();
    const waited = openDatabase(file, defaultMigrationsDir, undefined, {
      deferCheckAboveBytes: 0,
      checkWaitMs: 30_000,
    });
    expect(waited.checked).toBe('full');
    waited.db.close();
  });
});
