import type { Db } from '../db/open';
import { Statements } from '../db/statements';

/** How often a snippet was inserted on this computer, and when last. */
export interface SnippetUseRow {
  snippet_id: string;
  uses: number;
  last_used_at: number;
}

/** The snippet_uses table's reads and writes: the one module holding SQL that names it. */
export class SnippetUsesSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** Every counted snippet of the account. */
  all(account: string): SnippetUseRow[] {
    return this.s
      .sql<[string], SnippetUseRow>('SELECT snippet_id, uses, last_used_at FROM snippet_uses WHERE account_id = ?')
      .all(account);
  }

  /** One snippet's count, if it was ever used. */
  of(account: string, snippetId: string): SnippetUseRow | undefined {
    return this.s
      .sql<[string, string], SnippetUseRow>(
        'SELECT snippet_id, uses, last_used_at FROM snippet_uses WHERE account_id = ? AND snippet_id = ?',
      )
      .get(account, snippetId);
  }

  /** One more use at `at`; answers with the new count. */
  count(account: string, snippetId: string, at: number): number {
    const row = this.s
      .sql<[string, string, number], { uses: number }>(
        `INSERT INTO snippet_uses (account_id, snippet_id, uses, last_used_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (account_id, snippet_id) DO UPDATE SET uses = uses + 1, last_used_at = excluded.last_used_at
         RETURNING uses`,
      )
      .get(account, snippetId, at);
    return row?.uses ?? 0;
  }

  /** The snippet is gone: its count goes with it. */
  forget(account: string, snippetId: string): void {
    this.s
      .sql<[string, string]>('DELETE FROM snippet_uses WHERE account_id = ? AND snippet_id = ?')
      .run(account, snippetId);
  }
}
