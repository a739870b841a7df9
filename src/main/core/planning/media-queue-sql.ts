import type { SyncState } from '../../../shared/records';
import type { Db } from '../db/open';
import { Statements } from '../db/statements';
import { msOf, scheduledRows, windowArgs, type RawScheduled, type ScheduledRow } from './scheduled-rows';

/** Live queue items in a database: the figure a backup reports. */
export const LIVE_QUEUE_SQL = 'SELECT count(*) FROM media_queue WHERE deleted = 0';

/** Live queue items in a database (a backup copy, say); throws when it has no media_queue table. */
export function countLiveQueueItems(db: Db): number {
  return Number(db.prepare<[], number>(LIVE_QUEUE_SQL).pluck().get() ?? 0);
}

/** A subquery of the channels (column `c`) of an account's live queue items; one parameter, the account. */
export const queueChannelsSql = (): string =>
  'SELECT DISTINCT channel FROM media_queue WHERE account_id = ? AND deleted = 0 AND channel IS NOT NULL';

export interface QueueRowData {
  id: string;
  data: string;
  sync_state: SyncState;
}

/**
 * The media_queue table's own reads (its order and the planner's reads by time): the one module
 * holding SQL that names it. Generic record reads and writes stay with the record store.
 */
export class QueueSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** Live items in order: ours first by `order`, then any without one (added elsewhere) by the platform's position. */
  ordered(account: string): QueueRowData[] {
    return this.s
      .sql<[string], QueueRowData>(
        `SELECT id, data, sync_state FROM media_queue WHERE account_id = ? AND deleted = 0
         ORDER BY json_extract(data, '$.order') IS NULL, json_extract(data, '$.order'),
           position IS NULL, position, created_at, id`,
      )
      .all(account);
  }

  /** Live scheduled queue items of an account whose instant is in [fromMs, toMs). */
  scheduledBetween(account: string, fromMs: number, toMs: number): ScheduledRow[] {
    const sql = `SELECT * FROM (SELECT id, data, created_at, ${msOf()} AS ms FROM media_queue
         WHERE account_id = ? AND deleted = 0 AND scheduled_at >= ? AND scheduled_at < ?)
       WHERE ms >= ? AND ms < ?`;
    return scheduledRows(
      'mediaQueue',
      this.s.sql<[string, string, string, number, number], RawScheduled>(sql).all(account, ...windowArgs(fromMs, toMs)),
    );
  }

  /** One live queue item by id with its instant (null when it has no usable time). */
  scheduledOne(id: string): ScheduledRow | null {
    const row = this.s
      .sql<[string], RawScheduled>(
        `SELECT id, data, created_at, ${msOf()} AS ms FROM media_queue WHERE id = ? AND deleted = 0`,
      )
      .get(id);
    return scheduledRows('mediaQueue', row ? [row] : [])[0] ?? null;
  }
}
