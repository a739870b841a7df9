import type Database from 'better-sqlite3';
import { fullIndexes, quoteName } from './schema';

/**
 * How many rows a table of a damaged database holds, counted through the first b-tree that can be
 * read end to end: each full index holds one entry per row and lives on pages of its own, so a
 * table with damaged pages can often still be counted. Undefined when no path is readable.
 */
export function countRows(db: Database.Database, table: string): number | undefined {
  // `WHERE 1` keeps SQLite on the named index (a bare count(*) picks its own).
  const ways = [...fullIndexes(db, table).map((i) => `INDEXED BY ${quoteName(i)} WHERE 1`), 'NOT INDEXED'];
  for (const way of ways) {
    try {
      return Number(
        db
          .prepare(`SELECT count(*) FROM ${quoteName(table)} ${way}`)
          .pluck()
          .get(),
      );
    } catch {
      // damaged on this path: try the next
    }
  }
  return undefined;
}
