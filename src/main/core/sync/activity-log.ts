import type { ResourceGroup } from '../../../shared/profile';
import type { SyncLogEntry } from '../../../shared/sync';
import type { Db } from '../db/open';

const KEEP = 1000;

interface Row {
  id: number;
  at: number;
  grp: ResourceGroup | null;
  record_id: string | null;
  level: SyncLogEntry['level'];
  message: string;
}

/** What sync did, newest first, for the sync view. Trimmed so it never grows without bound. */
export class ActivityLog {
  private readonly insert;
  private readonly trim;
  private readonly recent;
  private added = 0;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.insert = db.prepare(
      'INSERT INTO sync_log (at, account_id, grp, record_id, level, message) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.trim = db.prepare('DELETE FROM sync_log WHERE id <= (SELECT max(id) FROM sync_log) - ?');
    this.recent = db.prepare<[string | null, number], Row>(
      'SELECT id, at, grp, record_id, level, message FROM sync_log WHERE account_id IS ? ' +
        'OR account_id IS NULL ORDER BY id DESC LIMIT ?',
    );
  }

  add(
    level: SyncLogEntry['level'],
    message: string,
    where: { account?: string | null; group?: ResourceGroup; recordId?: string } = {},
  ): void {
    this.insert.run(this.now(), where.account ?? null, where.group ?? null, where.recordId ?? null, level, message);
    if (++this.added % 100 === 0) this.trim.run(KEEP);
  }

  list(account: string | null, limit: number): SyncLogEntry[] {
    return this.recent.all(account, limit).map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      group: r.grp,
      recordId: r.record_id,
      level: r.level,
      message: r.message,
    }));
  }
}
