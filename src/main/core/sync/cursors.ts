import type { ResourceGroup } from '../../../shared/profile';
import type { Db } from '../db/open';
import { Statements } from '../db/statements';

/**
 * Where each group's change feed was last read up to, per account, and when: the only module that
 * writes SQL naming `sync_cursors`.
 */
export class SyncCursors {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** The saved cursor (null: read the feed from its start). */
  get(account: string, group: ResourceGroup): string | null {
    return (
      this.s
        .sql<[string, string], { cursor: string | null }>(
          'SELECT cursor FROM sync_cursors WHERE account_id = ? AND grp = ?',
        )
        .get(account, group)?.cursor ?? null
    );
  }

  save(account: string, group: ResourceGroup, cursor: string | null, pulledAt: number): void {
    this.s
      .sql<[string, string, string | null, number]>(
        `INSERT INTO sync_cursors (account_id, grp, cursor, pulled_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, grp) DO UPDATE SET cursor = excluded.cursor, pulled_at = excluded.pulled_at`,
      )
      .run(account, group, cursor, pulledAt);
  }

  /** When each group of the account was last pulled. */
  pulledAt(account: string): Map<string, number | null> {
    const rows = this.s
      .sql<[string], { grp: string; pulled_at: number | null }>(
        'SELECT grp, pulled_at FROM sync_cursors WHERE account_id = ?',
      )
      .all(account);
    return new Map(rows.map((r) => [r.grp, r.pulled_at]));
  }
}

/**
 * Forget every cursor of a database file (after a restore every feed is read again from its start).
 * A file from before sync existed has no such table: nothing to forget.
 */
export function forgetAllCursors(db: Db): void {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sync_cursors'").get();
  if (hasTable) db.prepare('DELETE FROM sync_cursors').run();
}
