import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

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

/** Copy `source` into place as the database (temp, fsync, rename), readable by this user only. */
export function copyIntoPlace(source: string, dbFile: string): void {
  const tmp = `${dbFile}.restoring`;
  fs.rmSync(tmp, { force: true });
  fs.copyFileSync(source, tmp);
  fs.chmodSync(tmp, 0o600);
  const fd = fs.openSync(tmp, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(dbFile + suffix, { force: true });
  fs.renameSync(tmp, dbFile);
  syncDir(path.dirname(dbFile));
}

/**
 * After a restore every group's change feed is read again from the start, so the records the
 * platform already has (made or changed since the backup) come back with the next pull.
 */
export function resetSyncCursors(dbFile: string): void {
  const db = new Database(dbFile, { fileMustExist: true });
  try {
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_cursors'").get();
    if (hasTable) db.prepare('DELETE FROM sync_cursors').run();
  } finally {
    db.close();
  }
}
