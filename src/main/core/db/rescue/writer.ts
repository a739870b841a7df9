import type Database from 'better-sqlite3';
import { quoteName, type TargetTable } from './schema';

function sqliteCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : '';
}

/**
 * Errors that refuse one row: its values break the schema's rules, or a function of a generated
 * column or trigger fails on them (malformed JSON is SQLITE_ERROR). Anything else (a full disk, an
 * I/O error) stops the rescue.
 */
function refusesRow(code: string): boolean {
  return (
    code.startsWith('SQLITE_CONSTRAINT') ||
    code === 'SQLITE_MISMATCH' ||
    code === 'SQLITE_TOOBIG' ||
    code === 'SQLITE_ERROR'
  );
}

/**
 * Inserts rows read from a damaged database into one table of the fresh one. A row the schema
 * refuses (a broken CHECK, a parent that was lost) is counted, not copied: the fresh database must
 * pass every check the app relies on.
 */
export class TableWriter {
  copied = 0;
  refused = 0;
  private readonly insert: Database.Statement;
  private readonly fedByTriggers: boolean;
  private readonly withRowid: boolean;

  /** With `withRowid`, each row keeps the rowid it had (full-text rows and ordering follow it). */
  constructor(db: Database.Database, table: TargetTable, columns: string[], withRowid: boolean) {
    const names = [...(withRowid ? ['rowid'] : []), ...columns].map((c) => (c === 'rowid' ? c : quoteName(c)));
    this.insert = db.prepare(
      `INSERT INTO ${quoteName(table.name)} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    );
    this.fedByTriggers = table.fedByTriggers;
    this.withRowid = withRowid;
  }

  write(values: unknown[], rowid: bigint | undefined): void {
    try {
      if (this.withRowid) this.insert.run(rowid, ...values);
      else this.insert.run(...values);
      this.copied++;
    } catch (e) {
      const code = sqliteCode(e);
      if (!refusesRow(code)) throw e;
      // A trigger of a table copied earlier already wrote this key (asset tags from assets): it is there.
      if (this.fedByTriggers && (code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'))
        this.copied++;
      else this.refused++;
    }
  }
}
