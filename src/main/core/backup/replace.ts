import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { forgetAllCursors } from '../sync/cursors';

// Putting another file in place of the database. The previous one is renamed, never rewritten:
// with its WAL and shared-memory files beside it under the same new name, it opens as it was.

const SIDE_FILES = ['', '-wal', '-shm'];

/** A time as a file-name-safe stamp (2026-05-01T09-00-00-000Z). */
export const stampOf = (ms: number) => new Date(ms).toISOString().replace(/[:.]/g, '-');

function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Windows cannot fsync a folder; the rename is atomic there all the same.
  }
}

/** Rename the database and its WAL/SHM to `<db>.<label>-<stamp>`; returns that file name (without folder). */
export function moveAside(dbFile: string, label: string, now: number): string {
  const target = `${dbFile}.${label}-${stampOf(now)}`;
  for (const suffix of SIDE_FILES) {
    if (fs.existsSync(dbFile + suffix)) fs.renameSync(dbFile + suffix, target + suffix);
  }
  syncDir(path.dirname(dbFile));
  return path.basename(target);
}

/** Undo moveAside (the replacement could not be put in place). */
export function moveBack(dbFile: string, keptAs: string): void {
  const from = path.join(path.dirname(dbFile), keptAs);
  for (const suffix of SIDE_FILES) {
    if (fs.existsSync(from + suffix)) fs.renameSync(from + suffix, dbFile + suffix);
  }
}

const PREPARED_SIDE_FILES = ['', '-journal', '-wal', '-shm'];

/** Remove a prepared copy and anything SQLite left beside it; nothing when it was already put in place. */
export function discardPrepared(prepared: string): void {
  for (const suffix of PREPARED_SIDE_FILES) fs.rmSync(prepared + suffix, { force: true });
}

/**
 * Copy `source` to `<db>.restoring` with its sync cursors reset and fsynced, readable by this user
 * only, while the app still runs: a full disk fails here with nothing changed. On failure the
 * partial copy is removed and the error thrown as it is.
 */
export function prepareCopy(source: string, dbFile: string): string {
  const prepared = `${dbFile}.restoring`;
  discardPrepared(prepared);
  try {
    fs.copyFileSync(source, prepared);
    fs.chmodSync(prepared, 0o600);
    resetSyncCursors(prepared);
    const fd = fs.openSync(prepared, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return prepared;
  } catch (e) {
    discardPrepared(prepared);
    throw e;
  }
}

/** Rename a prepared copy into the database's place (the current one was moved aside first). */
export function putPrepared(prepared: string, dbFile: string): void {
  for (const suffix of ['-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  fs.renameSync(prepared, dbFile);
  syncDir(path.dirname(dbFile));
}

/**
 * After a restore every group's change feed is read again from the start, so the records the
 * platform already has (made or changed since the backup) come back with the next pull.
 */
export function resetSyncCursors(dbFile: string): void {
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    forgetAllCursors(db);
    // Backups are stored in rollback mode; the database opens in WAL, and switching at open would
    // wait for the whole check at open (it needs the lock the check holds): switch here instead.
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}
