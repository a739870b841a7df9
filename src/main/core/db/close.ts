import Database from 'better-sqlite3';
import type { Db } from './open';

/**
 * Close a connection without the checkpoint SQLite runs when the last connection closes: a
 * read-only reader holding a snapshot keeps the WAL from being copied into a damaged file, and a
 * read-only connection never checkpoints. Both files stay exactly as they were.
 */
export function closeWithoutCheckpoint(db: Db): void {
  if (!db.open) return;
  let holder: Database.Database | undefined;
  try {
    if (!db.memory) {
      holder = new Database(db.name, { readonly: true, fileMustExist: true });
      holder.prepare('BEGIN').run();
      holder.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
    }
  } catch {
    // The file cannot even be read: there is nothing a checkpoint could copy either.
  }
  try {
    db.close();
  } finally {
    if (holder?.inTransaction) holder.prepare('ROLLBACK').run();
    holder?.close();
  }
}
