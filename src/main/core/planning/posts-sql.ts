import type { NamedChannel } from '../../../shared/targets';
import type { Db } from '../db/open';
import { Statements } from '../db/statements';
import { queueChannelsSql } from './media-queue-sql';
import { msOf, scheduledRows, windowArgs, type RawScheduled, type ScheduledRow } from './scheduled-rows';

/** Live posts in a database: the figure a backup reports. */
export const LIVE_POSTS_SQL = 'SELECT count(*) FROM posts WHERE deleted = 0';

/** Live posts in a database (a backup copy, say); throws when it has no posts table. */
export function countLivePosts(db: Db): number {
  return Number(db.prepare<[], number>(LIVE_POSTS_SQL).pluck().get() ?? 0);
}

/**
 * The posts table's own reads (the planner's, by time, text and channel): the one module holding
 * SQL that names it. Generic record reads and writes stay with the record store.
 */
/** The palette's post search for `count` words (see PostsSql.withWords); the benchmark runs the same text raw. */
export function postsWithWordsSql(count: number): string {
  // The post's text and its channels' own texts (variants), read as one string.
  const text = "coalesce(json_extract(data, '$.text'), '') || ' ' || coalesce(json_extract(data, '$.targets'), '')";
  const like = Array.from({ length: count }, () => `AND ${text} LIKE ? ESCAPE '\\'`).join(' ');
  return `SELECT id, data, updated_at FROM posts WHERE account_id = ? AND deleted = 0 ${like}
    ORDER BY updated_at DESC LIMIT ?`;
}

/** A LIKE pattern holding the word anywhere, its own % _ and \\ taken literally. */
export const likePattern = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class PostsSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /**
   * Live posts of the account whose text (or a channel's own text) holds every word (any case), most recently
   * changed first. Posts
   * number in the thousands, not the hundred thousands: a scan of one account's rows with a LIMIT is enough.
   */
  withWords(
    account: string,
    words: readonly string[],
    limit: number,
  ): { id: string; data: string; updated_at: number }[] {
    return this.s
      .sql<unknown[], { id: string; data: string; updated_at: number }>(postsWithWordsSql(words.length))
      .all(account, ...words.map(likePattern), limit);
  }

  /** Live scheduled posts of an account whose instant is in [fromMs, toMs). */
  scheduledBetween(account: string, fromMs: number, toMs: number): ScheduledRow[] {
    const sql = `SELECT * FROM (SELECT id, data, created_at, ${msOf()} AS ms FROM posts
         WHERE account_id = ? AND deleted = 0 AND scheduled_at >= ? AND scheduled_at < ?)
       WHERE ms >= ? AND ms < ?`;
    return scheduledRows(
      'posts',
      this.s.sql<[string, string, string, number, number], RawScheduled>(sql).all(account, ...windowArgs(fromMs, toMs)),
    );
  }

  /**
   * Scheduled live posts (any time) that start with the same trimmed text as one of `postIds`:
   * the candidates for duplicate warnings (text_head and its index come from migration 0005).
   */
  scheduledLike(account: string, postIds: string[]): ScheduledRow[] {
    if (postIds.length === 0) return [];
    // CROSS JOIN keeps this order: the few heads first, then posts_text_head per head (left to
    // itself the planner walks every scheduled post on posts_scheduled_at instead).
    const sql = `SELECT * FROM (SELECT p.id, p.data, p.created_at, ${msOf('p.scheduled_at')} AS ms
         FROM (SELECT DISTINCT text_head FROM posts WHERE id IN (SELECT value FROM json_each(?))) h
         CROSS JOIN posts p
         WHERE p.account_id = ? AND p.deleted = 0 AND p.text_head = h.text_head AND p.scheduled_at IS NOT NULL)
       WHERE ms IS NOT NULL`;
    return scheduledRows(
      'posts',
      this.s.sql<[string, string], RawScheduled>(sql).all(JSON.stringify(postIds), account),
    );
  }

  /** One live post by id with its instant (null when it has no usable time). */
  scheduledOne(id: string): ScheduledRow | null {
    const row = this.s
      .sql<[string], RawScheduled>(
        `SELECT id, data, created_at, ${msOf()} AS ms FROM posts WHERE id = ? AND deleted = 0`,
      )
      .get(id);
    return scheduledRows('posts', row ? [row] : [])[0] ?? null;
  }

  /** Live posts with no time yet, on a channel (any case) and among `ids` when given. */
  unscheduledCount(account: string, channel: string | undefined, ids: string[] | null): number {
    const where = [
      'account_id = ? AND deleted = 0 AND scheduled_at IS NULL',
      // Its old label, or any channel it goes to (a second target counts as much as the first).
      ...(channel === undefined
        ? []
        : [
            `(lower(channel) = lower(?) OR EXISTS (SELECT 1 FROM json_each(data, '$.targets') t
               WHERE json_type(data, '$.targets') = 'array'
                 AND lower(trim(json_extract(t.value, '$.name'))) = lower(?)))`,
          ]),
      ...(ids === null ? [] : ['id IN (SELECT value FROM json_each(?))']),
    ];
    const args = [
      account,
      ...(channel === undefined ? [] : [channel, channel]),
      ...(ids === null ? [] : [JSON.stringify(ids)]),
    ];
    return (
      this.s.sql<string[], { n: number }>(`SELECT count(*) AS n FROM posts WHERE ${where.join(' AND ')}`).get(...args)
        ?.n ?? 0
    );
  }

  /** Every channel named by a live post or queue item of the account, trimmed, once each (any case), in name order. */
  channels(account: string): string[] {
    const sql = `SELECT DISTINCT trim(c) AS channel FROM (
           SELECT DISTINCT channel AS c FROM posts WHERE account_id = ? AND deleted = 0 AND channel IS NOT NULL
           UNION ${queueChannelsSql()})
         WHERE typeof(c) = 'text' AND trim(c) <> '' ORDER BY 1 COLLATE NOCASE`;
    return this.s
      .sql<[string, string], { channel: string }>(sql)
      .all(account, account)
      .map((r) => r.channel);
  }

  /**
   * The channels live posts name in their targets (each network, name and handle once, names without
   * case), for making a local channel of each one this computer does not know yet.
   */
  targetChannels(account: string): NamedChannel[] {
    const sql = `SELECT json_extract(t.value, '$.network') AS network, trim(json_extract(t.value, '$.name')) AS name,
           coalesce(json_extract(t.value, '$.handle'), '') AS handle, min(json_extract(t.value, '$.channel_id')) AS id
         FROM posts p, json_each(p.data, '$.targets') t
         WHERE p.account_id = ? AND p.deleted = 0 AND json_type(p.data, '$.targets') = 'array'
           AND typeof(json_extract(t.value, '$.name')) = 'text' AND trim(json_extract(t.value, '$.name')) <> ''
         GROUP BY lower(trim(json_extract(t.value, '$.name')))`;
    return this.s
      .sql<[string], { network: unknown; name: string; handle: unknown; id: unknown }>(sql)
      .all(account)
      .map((r) => ({
        id: typeof r.id === 'string' && r.id !== '' ? r.id : null,
        network: typeof r.network === 'string' ? r.network : null,
        name: r.name,
        handle: typeof r.handle === 'string' ? r.handle : '',
      }));
  }
}
