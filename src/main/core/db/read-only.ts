import fs from 'node:fs';
import Database from 'better-sqlite3';
import type { Db } from './open';

/**
 * Read a database file without leaving a trace: a read-only connection to a WAL-mode file creates
 * empty -wal and -shm files beside it; those it created are removed again, so a damaged file's
 * folder stays exactly as it was found. Files that were already there are left alone.
 */
export function withReadOnly<T>(file: string, read: (db: Db) => T): T {
  const had = { wal: fs.existsSync(`${file}-wal`), shm: fs.existsSync(`${file}-shm`) };
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    return read(db);
  } finally {
    db?.close();
    const wal = `${file}-wal`;
    if (!had.wal && fs.existsSync(wal) && fs.statSync(wal).size === 0) {
      fs.rmSync(wal, { force: true });
      if (!had.shm) fs.rmSync(`${file}-shm`, { force: true });
    }
  }
}
