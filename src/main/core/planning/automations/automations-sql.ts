import type { Db } from '../../db/open';
import { Statements } from '../../db/statements';

/** Live automations in a database: the figure a backup reports. */
export const LIVE_AUTOMATIONS_SQL = 'SELECT count(*) FROM automations WHERE deleted = 0';

/** Live automations in a database (a backup copy, say); throws when it has no automations table. */
export function countLiveAutomations(db: Db): number {
  return Number(db.prepare<[], number>(LIVE_AUTOMATIONS_SQL).pluck().get() ?? 0);
}

/** The automations table's own reads: the one module holding SQL that names it. */
export class AutomationsSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** Every live automation of the account, in the order they were made. */
  live(account: string): { id: string; data: string }[] {
    return this.s
      .sql<[string], { id: string; data: string }>(
        'SELECT id, data FROM automations WHERE account_id = ? AND deleted = 0 ORDER BY created_at, rowid',
      )
      .all(account);
  }
}
