import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays as addDaysFns, startOfMonth, startOfWeek } from 'date-fns';

// Calendar math in a named IANA time zone, for the planner views. Days are plain
// 'YYYY-MM-DD' keys (calendar dates, no zone); instants are ISO UTC strings. Wall-clock times
// that do not exist (spring-forward gap) resolve forward to the first instant after the gap;
// wall-clock times that exist twice (fall-back overlap) resolve to the FIRST occurrence, the
// one still on summer time, so "01:30" on a fall-back day means the earlier 01:30.

export type DayKey = string; // 'YYYY-MM-DD' in the given time zone

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^(\d{2}):(\d{2})$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function parseDay(day: DayKey): { y: number; m: number; d: number } {
  const match = DAY_KEY.exec(day);
  if (!match) throw new RangeError(`Not a day key (YYYY-MM-DD): ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

function toInstant(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(value.getTime());
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date and time: ${String(value)}`);
  return date;
}

// Day keys of TZDate values read in their own zone; date-fns' format would work too but this
// avoids pulling the formatter in for a fixed pattern.
const keyOfZoned = (date: Date): DayKey =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The calendar day an instant falls on in `tz`. */
export function dayKeyOf(instant: string | Date, tz: string): DayKey {
  return keyOfZoned(new TZDate(toInstant(instant).getTime(), tz));
}

/**
 * The instant a wall-clock time in `tz` stands for. `wall` is the wall-clock time encoded as if
 * it were UTC milliseconds. Candidates come from the offsets in force a day either side; of
 * those that really show this wall time, the earliest wins (first occurrence on fall-back).
 * None valid means a gap: the answer is the transition instant, the first valid one after it.
 */
function resolveWall(wall: number, tz: string): number {
  const offsets = [...new Set([tzOffset(tz, new Date(wall - DAY)), tzOffset(tz, new Date(wall + DAY))])];
  const valid = offsets.map((o) => wall - o * MINUTE).filter((t) => tzOffset(tz, new Date(t)) * MINUTE === wall - t);
  if (valid.length > 0) return Math.min(...valid);
  // Gap: before the transition the earlier offset holds. Binary search the switch minute.
  const before = tzOffset(tz, new Date(wall - DAY));
  // Transitions fall on whole minutes, so search on the minute grid.
  let lo = Math.floor((wall - Math.max(...offsets) * MINUTE) / MINUTE) * MINUTE; // still on the earlier offset
  let hi = Math.ceil((wall - Math.min(...offsets) * MINUTE) / MINUTE) * MINUTE; // already on the later offset
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (tzOffset(tz, new Date(mid)) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

function wallOf(day: DayKey, hours: number, minutes: number, seconds = 0, ms = 0): number {
  const { y, m, d } = parseDay(day);
  return Date.UTC(y, m - 1, d, hours, minutes, seconds, ms);
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** [start of day, start of next day) as ISO UTC instants: 23 h or 25 h long on DST days. */
export function dayRange(day: DayKey, tz: string): { from: string; to: string } {
  return { from: iso(resolveWall(wallOf(day, 0, 0), tz)), to: iso(resolveWall(wallOf(addDays(day, 1), 0, 0), tz)) };
}

/** Six weeks of seven days covering the month, starting on Sunday (0) or Monday (1). */
export function monthGrid(year: number, month: number, tz: string, weekStartsOn: 0 | 1 = 1): DayKey[][] {
  // Noon avoids any midnight that a zone skips; date-fns addDays keeps the wall time across DST.
  const first = startOfWeek(startOfMonth(new TZDate(year, month - 1, 1, 12, 0, tz)), { weekStartsOn });
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, d) => keyOfZoned(addDaysFns(first, week * 7 + d))),
  );
}

/** The seven days of the week `day` is in. */
export function weekOf(day: DayKey, weekStartsOn: 0 | 1 = 1): DayKey[] {
  const weekday = new Date(wallOf(day, 0, 0)).getUTCDay();
  const start = addDays(day, -((weekday - weekStartsOn + 7) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** Calendar arithmetic on day keys (no zone: a day is a day). */
export function addDays(day: DayKey, n: number): DayKey {
  const date = new Date(wallOf(day, 0, 0) + n * DAY);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The same local wall-clock time as `instant`, on `day` (drag and drop on the calendar). */
export function moveToDay(instant: string, day: DayKey, tz: string): string {
  const local = new TZDate(toInstant(instant).getTime(), tz);
  return iso(
    resolveWall(wallOf(day, local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds()), tz),
  );
}

/** The instant of 'HH:MM' on `day` in `tz`. */
export function atLocalTime(day: DayKey, time: string, tz: string): string {
  const match = HH_MM.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new RangeError(`Not a time (HH:MM): ${time}`);
  return iso(resolveWall(wallOf(day, hours, minutes), tz));
}

/** 'HH:MM' of an instant in `tz`. */
export function localTimeOf(instant: string, tz: string): string {
  const local = new TZDate(toInstant(instant).getTime(), tz);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}
