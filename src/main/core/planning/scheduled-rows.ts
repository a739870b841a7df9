import { parseFields, type Fields } from '../store/fields';

// Rows of scheduled posts and queue items, shared by their tables' owners. `scheduled_at` is ISO
// text that may carry any offset, so text order is not time order: SQLite's unixepoch() gives the
// real instant, and a text window widened by a day either side (no offset exceeds that) keeps the
// scheduled_at index in use before the exact filter.

export type ScheduledGroup = 'posts' | 'mediaQueue';

export interface ScheduledRow {
  group: ScheduledGroup;
  id: string;
  /** The instant in ms since the epoch. */
  ms: number;
  fields: Fields;
  createdAt: number;
}

/** A scheduled row as read: its instant is null when SQLite cannot read its time. */
export interface RawScheduled {
  id: string;
  data: string;
  ms: number | null;
  created_at: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** SQL for the instant of a scheduled_at column in ms (NULL when it is not a time SQLite can read). */
export const msOf = (column = 'scheduled_at'): string =>
  `CAST(round(unixepoch(${column}, 'subsec') * 1000) AS INTEGER)`;

/** The parameters of a window read: the widened text bounds, then the exact instants [fromMs, toMs). */
export function windowArgs(fromMs: number, toMs: number): [string, string, number, number] {
  return [new Date(Math.max(0, fromMs - DAY_MS)).toISOString(), new Date(toMs + DAY_MS).toISOString(), fromMs, toMs];
}

/** Rows with a usable instant, as the planner reads them. */
export function scheduledRows(group: ScheduledGroup, rows: RawScheduled[]): ScheduledRow[] {
  const out: ScheduledRow[] = [];
  for (const r of rows)
    if (r.ms !== null) out.push({ group, id: r.id, ms: r.ms, fields: parseFields(r.data), createdAt: r.created_at });
  return out;
}
