import type { Retention } from '../../../shared/backups';

export interface Dated {
  id: string;
  createdAt: string;
  ok: boolean;
}

const DAY = 24 * 60 * 60 * 1000;

/** The UTC day of a time, as a number of days since 1970-01-01. */
const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY);
/** Weeks start on Monday: 1970-01-01 was a Thursday, three days after one. */
const weekOf = (iso: string) => Math.floor((dayOf(iso) + 3) / 7);

/**
 * The backups to keep: the newest good one of each of the last `daily` days that have one, then
 * the newest of each of the `weekly` weeks before those days. Failed backups newer than every
 * good one stay listed (so the failure is seen); older failures go. The newest good backup is
 * always kept (`daily` is at least 1).
 */
export function backupsToKeep(entries: Dated[], retention: Retention): Set<string> {
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const keep = new Set<string>();
  const days = new Set<number>();
  const weeks = new Set<number>();
  let seenGood = false;
  for (const entry of newestFirst) {
    if (!entry.ok) {
      if (!seenGood) keep.add(entry.id);
      continue;
    }
    seenGood = true;
    const day = dayOf(entry.createdAt);
    if (days.has(day)) continue;
    if (days.size < retention.daily) {
      days.add(day);
      keep.add(entry.id);
      continue;
    }
    const week = weekOf(entry.createdAt);
    if (weeks.has(week) || weeks.size >= retention.weekly) continue;
    weeks.add(week);
    keep.add(entry.id);
  }
  return keep;
}
