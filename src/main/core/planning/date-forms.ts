import { tzOffset, TZDate } from '@date-fns/tz';
import { format, getDaysInMonth } from 'date-fns';
import type { RowDate } from '../../../shared/planner';
import { localZone } from '../../../shared/time-zone';
import { fail } from '../errors';

// Dates as people type them in a spreadsheet or a template row. One ambiguity rule: when both the day
// and the month of a numeric date could be either (03/04/2026), the creator's locale decides (month first
// where the locale writes its short dates month/day/year, as en-US does; day first everywhere else). A date
// with no time is refused (a post needs an hour); a local time that the clocks skip is refused; a local
// time that happens twice (clocks going back) is the first of the two.

/** The creator's time zone (IANA) and locale (BCP 47), for dates written without a zone. */
export interface DateContext {
  zone: string;
  locale: string;
}

export type DateReading =
  | {
      ok: true;
      /** The instant, ISO 8601 in UTC. */
      iso: string;
      /** How it reads on the creator's clock: "Mon 30 Nov 2026, 09:00". */
      local: string;
    }
  | { ok: false; message: string };

/** The form every refusal shows; the words stay the same as before other forms were accepted. */
export const DATE_EXAMPLE = '2026-05-01T09:00:00Z';

interface Day {
  y: number;
  mo: number;
  d: number;
}
interface Time {
  h: number;
  mi: number;
  s: number;
  ms: number;
  /** Minutes east of UTC when the value names its zone. */
  offset: number | null;
}
interface Split {
  day: Day | { y: number; a: number; b: number };
  rest: string;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAY = '(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?';
const ORDINAL = '(?:st|nd|rd|th)?';
const YMD = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?=$|[T\s,])/i;
const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?=$|[\s,])/;
const MONTH_FIRST = new RegExp(`^${WEEKDAY}([a-z]{3,9})\\.?\\s+(\\d{1,2})${ORDINAL},?\\s+(\\d{4})(?=$|[\\s,])`, 'i');
const DAY_FIRST = new RegExp(`^${WEEKDAY}(\\d{1,2})${ORDINAL}\\s+([a-z]{3,9})\\.?,?\\s+(\\d{4})(?=$|[\\s,])`, 'i');
// Hours[:minutes[:seconds[.fraction]]], an optional am/pm, an optional zone.
const TIME = new RegExp(
  '^(\\d{1,2})(?::(\\d{2})(?::(\\d{2})(?:[.,](\\d{1,9}))?)?)?' +
    '(?:\\s*([ap])\\.?\\s?m\\.?)?(?:\\s*(z|utc|gmt|[+-]\\d{2}(?::?\\d{2})?))?$',
  'i',
);

/** A month name or its first three (or more) letters: "Nov", "November", "Sept". */
function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  const i = MONTHS.findIndex((m) => m.startsWith(w) && w.length >= 3);
  return i < 0 ? null : i + 1;
}

/** The date at the start of the value, and what follows it. */
function splitDate(value: string): Split | null {
  let m = YMD.exec(value);
  if (m) return { day: { y: +m[1]!, mo: +m[3]!, d: +m[4]! }, rest: value.slice(m[0].length) };
  m = NUMERIC.exec(value);
  if (m) return { day: { y: +m[4]!, a: +m[1]!, b: +m[3]! }, rest: value.slice(m[0].length) };
  m = MONTH_FIRST.exec(value);
  const named = (mo: number | null, d: string, y: string, all: string): Split | null =>
    mo === null ? null : { day: { y: +y, mo, d: +d }, rest: value.slice(all.length) };
  if (m) return named(monthOf(m[1]!), m[2]!, m[3]!, m[0]);
  m = DAY_FIRST.exec(value);
  if (m) return named(monthOf(m[2]!), m[1]!, m[3]!, m[0]);
  return null;
}

/** Whether the locale writes short numeric dates month first (month/day/year). */
export function monthFirst(locale: string): boolean {
  try {
    const types = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.UTC(2026, 10, 30, 12)))
      .map((p) => p.type)
      .filter((t) => t === 'year' || t === 'month' || t === 'day');
    return types.join(',') === 'month,day,year';
  } catch {
    return false;
  }
}

/** Day and month of a numeric date: a part above 12 settles it, otherwise the locale does. */
function numericDay(day: Split['day'], locale: string): Day {
  if ('mo' in day) return day;
  const { y, a, b } = day;
  if (a > 12) return { y, mo: b, d: a };
  if (b > 12) return { y, mo: a, d: b };
  return monthFirst(locale) ? { y, mo: a, d: b } : { y, mo: b, d: a };
}

function offsetOf(zone: string): number {
  const z = zone.toLowerCase();
  if (z === 'z' || z === 'utc' || z === 'gmt') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  const minutes = Number(m?.[2]) * 60 + Number(m?.[3] ?? 0);
  return m?.[1] === '-' ? -minutes : minutes;
}

/** The time after the date ("T09:00", " 9am", ", 9:00 PM", " at 18:30 +02:00"); null when it is not one. */
function timeOf(rest: string): Time | null | 'none' {
  const text = rest.replace(/^(?:T|,?\s*(?:at\s+)?)/i, '').trim();
  if (text === '') return 'none';
  const m = TIME.exec(text);
  if (!m) return null;
  const [, hh, mm, ss, frac, ampm, zone] = m;
  if (mm === undefined && ampm === undefined) return null; // "2026-11-30 9": an hour needs minutes or am/pm
  let h = Number(hh);
  if (ampm !== undefined) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (ampm.toLowerCase() === 'p' ? 12 : 0);
  }
  const mi = Number(mm ?? 0);
  const s = Number(ss ?? 0);
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = Math.floor(Number(`0.${frac ?? '0'}`) * 1000);
  return { h, mi, s, ms, offset: zone === undefined ? null : offsetOf(zone) };
}

const two = (n: number) => String(n).padStart(2, '0');
const wallText = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const dayText = (d: Day) => `${d.y}-${two(d.mo)}-${two(d.d)}`;

/** The instant(s) a wall-clock time has in a zone: none in a spring-forward gap, two in a fall-back hour. */
function instantsAt(wall: number, zone: string): number[] {
  const day = 86_400_000;
  const offsets = new Set([
    tzOffset(zone, new Date(wall - day)),
    tzOffset(zone, new Date(wall)),
    tzOffset(zone, new Date(wall + day)),
  ]);
  const found = [...offsets]
    .map((o) => wall - o * 60_000)
    .filter((t) => tzOffset(zone, new Date(t)) * 60_000 === wall - t);
  return [...new Set(found)].sort((a, b) => a - b);
}

/** The clock change a skipped wall time falls in, as "02:00 to 03:00". */
function gapAround(wall: number, zone: string): { from: string; to: string; later: number } {
  const day = 86_400_000;
  const before = tzOffset(zone, new Date(wall - day));
  const after = tzOffset(zone, new Date(wall + day));
  // The change happens within the day either side; find its minute.
  let [lo, hi] = [wall - day, wall + day];
  while (hi - lo > 60_000) {
    const mid = lo + Math.floor((hi - lo) / 2 / 60_000) * 60_000;
    if (tzOffset(zone, new Date(mid)) === before) lo = mid;
    else hi = mid;
  }
  const shift = (after - before) * 60_000;
  return { from: wallText(hi + before * 60_000), to: wallText(hi + after * 60_000), later: wall + shift };
}

const unknown = (value: string): DateReading => ({
  ok: false,
  message: `"${value}" is not a date and time; write it like ${DATE_EXAMPLE}.`,
});

/** How an instant reads on the creator's clock. */
export function localReading(ms: number, zone: string): string {
  return format(new TZDate(ms, zone), 'EEE d MMM yyyy, HH:mm');
}

/** Whether the runtime knows a time zone by this name. */
export function knownZone(zone: string): boolean {
  return !Number.isNaN(tzOffset(zone, new Date(0)));
}

/** Read a date and time written in any of the forms people type; see the file's opening comment for the rules. */
export function readDate(raw: string, ctx: DateContext): DateReading {
  const value = raw.trim().replace(/\s+/g, ' ');
  const split = splitDate(value);
  if (!split) return unknown(raw);
  const day = numericDay(split.day, ctx.locale);
  if (day.y < 1000) return unknown(raw);
  if (day.mo < 1 || day.mo > 12 || day.d < 1 || day.d > getDaysInMonth(new Date(day.y, day.mo - 1, 1)))
    return {
      ok: false,
      message:
        `"${raw}" is not a real date (it reads as day ${day.d} of month ${day.mo}); ` +
        `write it like ${DATE_EXAMPLE}.`,
    };
  const time = timeOf(split.rest);
  if (time === 'none')
    return {
      ok: false,
      message: `"${raw}" has a date but no time; add the time, like ${dayText(day)} 09:00.`,
    };
  if (time === null) return unknown(raw);
  const wall = Date.UTC(day.y, day.mo - 1, day.d, time.h, time.mi, time.s, time.ms);
  const zone = ctx.zone;
  let at: number;
  if (time.offset !== null) at = wall - time.offset * 60_000;
  else {
    const found = instantsAt(wall, zone);
    if (found.length === 0) {
      const gap = gapAround(wall, zone);
      return {
        ok: false,
        message:
          `"${raw}" does not exist in ${zone}: on ${dayText(day)} the clocks jump from ${gap.from} to ${gap.to} ` +
          `(daylight saving time); write a time outside that gap, like ${dayText(day)} ${wallText(gap.later)}.`,
      };
    }
    at = found[0]!;
  }
  return { ok: true, iso: new Date(at).toISOString(), local: localReading(at, zone) };
}

/** The zone and locale a request names, else this computer's; a zone the runtime does not know is refused. */
export function dateContextOf(input: { zone?: string | undefined; locale?: string | undefined }): DateContext {
  const zone = input.zone ?? localZone();
  if (!knownZone(zone)) {
    const message = `"${zone}" is not a time zone this computer knows; use a name like Europe/Paris.`;
    fail('validation', message, { issues: [{ path: 'zone', message }] });
  }
  let locale = Intl.DateTimeFormat().resolvedOptions().locale;
  try {
    if (input.locale) locale = Intl.getCanonicalLocales(input.locale)[0] ?? locale;
  } catch {
    // A locale tag the runtime cannot read: the computer's own decides day/month order.
  }
  return { zone, locale };
}

/** A row's value for a date field: how it reads (for the row table) and the instant or why there is none. */
export function readField(
  field: string,
  value: unknown,
  ctx: DateContext,
): { date: RowDate; iso: string; message?: undefined } | { date: RowDate; iso?: undefined; message: string } {
  const written = typeof value === 'string' ? value : String(value);
  const r: DateReading = typeof value === 'string' ? readDate(value, ctx) : unknown(written);
  return r.ok
    ? { date: { field, value: written, at: r.iso, local: r.local }, iso: r.iso }
    : { date: { field, value: written, at: null, local: null }, message: r.message };
}
