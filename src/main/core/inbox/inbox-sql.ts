import type { Db } from '../db/open';
import { Statements } from '../db/statements';

/** One item's local marks: when the inbox first saw it and when the user read it (null: unread). */
export interface InboxMarkRow {
  item_id: string;
  seen_at: number;
  read_at: number | null;
}

/** The inbox_reads table's reads and writes: the one module holding SQL that names it. */
export class InboxSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  all(account: string): InboxMarkRow[] {
    return this.s
      .sql<[string], InboxMarkRow>('SELECT item_id, seen_at, read_at FROM inbox_reads WHERE account_id = ?')
      .all(account);
  }

  /** Remember items seen for the first time (those already known keep their time and mark). */
  seen(account: string, ids: readonly string[], at: number): void {
    if (ids.length === 0) return;
    const insert = this.s.sql<[string, string, number]>(
      'INSERT OR IGNORE INTO inbox_reads (account_id, item_id, seen_at, read_at) VALUES (?, ?, ?, NULL)',
    );
    this.s.transaction(() => {
      for (const id of ids) insert.run(account, id, at);
    });
  }

  markRead(account: string, ids: readonly string[], at: number): void {
    const update = this.s.sql<[number, string, string]>(
      'UPDATE inbox_reads SET read_at = coalesce(read_at, ?) WHERE account_id = ? AND item_id = ?',
    );
    this.s.transaction(() => {
      for (const id of ids) update.run(at, account, id);
    });
  }

  /** Forget the marks of items that left the list (resolved, retried): the same id coming back is news again. */
  forget(account: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const remove = this.s.sql<[string, string]>('DELETE FROM inbox_reads WHERE account_id = ? AND item_id = ?');
    this.s.transaction(() => {
      for (const id of ids) remove.run(account, id);
    });
  }
}
