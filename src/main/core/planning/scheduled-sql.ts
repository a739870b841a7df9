import type { RecordStore } from '../store/record-store';
import { parseFields, type Fields } from '../store/fields';

// Reads of scheduled posts and queue items by instant. `scheduled_at` is ISO text that may carry any
// offset, so text order is not time order: SQLite's unixepoch() gives the real instant, and a text
// window widened by a day either side (no offset exceeds that) keeps the posts_scheduled_at index
// in use before the exact filter (media_queue_scheduled_at for the queue).

export type ScheduledGroup = 'posts' | 'mediaQueue';

export interface ScheduledRow {
  group: ScheduledGroup;
  id: string;
  /** The instant in ms since the epoch. */
  ms: number;
  fields: Fields;
  createdAt: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The instant of a scheduled_at column in ms (NULL when it is not a time SQLite can read). */
const msOf = (column = 'scheduled_at'): string => `CAST(round(unixepoch(${column}, 'subsec') * 1000) AS INTEGER)`;

interface RawRow {
  id: string;
  data: string;
  ms: number;
  created_at: number;
}

const toRow =
  (group: ScheduledGroup) =>
  (r: RawRow): ScheduledRow => ({ group, id: r.id, ms: r.ms, fields: parseFields(r.data), createdAt: r.created_at });

/** Live scheduled posts and queue items of an account whose instant is in [fromMs, toMs). */
export function scheduledBetween(store: RecordStore, account: string, fromMs: number, toMs: number): ScheduledRow[] {
  const lo = new Date(Math.max(0, fromMs - DAY_MS)).toISOString();
  const hi = new Date(toMs + DAY_MS).toISOString();
  const posts = store
    .stmt(
      `SELECT * FROM (SELECT id, data, created_at, ${msOf()} AS ms FROM posts
         WHERE account_id = ? AND deleted = 0 AND scheduled_at >= ? AND scheduled_at < ?)
       WHERE ms >= ? AND ms < ?`,
    )
    .all(account, lo, hi, fromMs, toMs) as RawRow[];
  const queue = store
    .stmt(
      `SELECT * FROM (SELECT id, data, created_at, ${msOf()} AS ms FROM media_queue
         WHERE account_id = ? AND deleted = 0 AND scheduled_at >= ? AND scheduled_at < ?)
       WHERE ms >= ? AND ms < ?`,
    )
    .all(account, lo, hi, fromMs, toMs) as RawRow[];
  return [...posts.map(toRow('posts')), ...queue.map(toRow('mediaQueue'))].sort((a, b) => a.ms - b.ms || a.id.localeCompare(b.id));
}

/**
 * Scheduled live posts (any time) that start with the same trimmed text as one of `postIds`:
 * the candidates for duplicate warnings (text_head and its index come from migration 0005).
 */
export function scheduledPostsLike(store: RecordStore, account: string, postIds: string[]): ScheduledRow[] {
  if (postIds.length === 0) return [];
  const rows = store
    .stmt(
      // CROSS JOIN keeps this order: the few heads first, then posts_text_head per head (left to
      // itself the planner walks every scheduled post on posts_scheduled_at instead).
      `SELECT * FROM (SELECT p.id, p.data, p.created_at, ${msOf('p.scheduled_at')} AS ms
         FROM (SELECT DISTINCT text_head FROM posts WHERE id IN (SELECT value FROM json_each(?))) h
         CROSS JOIN posts p
         WHERE p.account_id = ? AND p.deleted = 0 AND p.text_head = h.text_head AND p.scheduled_at IS NOT NULL)
       WHERE ms IS NOT NULL`,
    )
    .all(JSON.stringify(postIds), account) as RawRow[];
  return rows.map(toRow('posts'));
}

/** One scheduled record by id (null when it has no usable time). */
export function scheduledOne(store: RecordStore, group: ScheduledGroup, id: string): ScheduledRow | null {
  const table = group === 'posts' ? 'posts' : 'media_queue';
  const row = store.stmt(`SELECT id, data, created_at, ${msOf()} AS ms FROM ${table} WHERE id = ? AND deleted = 0`).get(id) as RawRow | undefined;
  return row && row.ms !== null ? toRow(group)(row) : null;
}
