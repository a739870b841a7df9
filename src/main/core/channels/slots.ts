import { TZDate } from '@date-fns/tz';
import type { WeeklySlot } from '../../../shared/channels';

// Weekly posting slots as instants in the creator's zone. A slot keeps its local time across daylight
// saving changes (09:00 stays 09:00). A time the clocks skip (02:30 on a spring-forward night) falls
// after the gap, as the clock reads then (03:30); a time the clocks pass twice (autumn) is the first.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Two items closer than this share a slot (the planner's own collision distance). */
export const SLOT_TAKEN_MS = 30 * 60_000;

/** The instant a local wall time has in `zone` (see above for skipped and repeated times). */
export function localInstant(zone: string, y: number, month: number, day: number, h: number, m: number): number {
  const at = new TZDate(y, month, day, h, m, 0, zone).getTime();
  // Repeated hour: an hour earlier reads the same on the wall clock, so that one comes first.
  const earlier = new TZDate(at - HOUR_MS, zone);
  return earlier.getHours() === h && earlier.getMinutes() === m && earlier.getDate() === day ? at - HOUR_MS : at;
}

/** ISO weekday of a zoned date (1 Monday … 7 Sunday). */
const isoDay = (d: TZDate): number => d.getDay() || 7;

/** Every slot instant in [fromMs, toMs), sorted, each once. */
export function slotInstants(slots: readonly WeeklySlot[], zone: string, fromMs: number, toMs: number): number[] {
  if (slots.length === 0 || toMs <= fromMs) return [];
  const times = slots.map((s) => ({ day: s.day, h: Number(s.time.slice(0, 2)), m: Number(s.time.slice(3, 5)) }));
  const out = new Set<number>();
  // Walk local calendar days from the day before `from` to the day after `to` (offsets stay within a day).
  const first = new TZDate(fromMs - DAY_MS, zone);
  let cursor = new TZDate(first.getFullYear(), first.getMonth(), first.getDate(), 12, 0, 0, zone);
  while (cursor.getTime() < toMs + DAY_MS) {
    const weekday = isoDay(cursor);
    for (const t of times) {
      if (t.day !== weekday) continue;
      const at = localInstant(zone, cursor.getFullYear(), cursor.getMonth(), cursor.getDate(), t.h, t.m);
      if (at >= fromMs && at < toMs) out.add(at);
    }
    // Noon to noon by the calendar, never by 24 hours, so a 23- or 25-hour day cannot skip or repeat a date.
    cursor = new TZDate(cursor.getFullYear(), cursor.getMonth(), cursor.getDate() + 1, 12, 0, 0, zone);
  }
  return [...out].sort((a, b) => a - b);
}

/** Whether an item at `ms` takes the slot at `slot`. */
export const takes = (ms: number, slot: number): boolean => Math.abs(ms - slot) < SLOT_TAKEN_MS;

/**
 * The first slot at or after `afterMs` that no item in `taken` (instants, ms) takes, looking up to
 * `horizonDays` ahead; null when there is none.
 */
export function nextFreeSlot(
  slots: readonly WeeklySlot[],
  zone: string,
  afterMs: number,
  taken: (fromMs: number, toMs: number) => number[],
  horizonDays = 366,
): number | null {
  const windowMs = 28 * DAY_MS;
  for (let from = afterMs; from < afterMs + horizonDays * DAY_MS; from += windowMs) {
    const to = Math.min(from + windowMs, afterMs + horizonDays * DAY_MS);
    const busy = taken(from - SLOT_TAKEN_MS, to + SLOT_TAKEN_MS);
    const free = slotInstants(slots, zone, from, to).find((slot) => !busy.some((ms) => takes(ms, slot)));
    if (free !== undefined) return free;
  }
  return null;
}
