// Local day and month boundaries in a named zone, as instants. Only Intl is used: the offset is
// read at the instant itself, so a day of 23 or 25 hours (a DST change) ends at its real midnight.

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

function partsAt(t: number, zone: string): LocalDate & { hour: number; minute: number; second: number } {
  const get = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value);
  const parts = formatFor(zone).formatToParts(new Date(t));
  return {
    year: get(parts, 'year'),
    month: get(parts, 'month'),
    day: get(parts, 'day'),
    hour: get(parts, 'hour'),
    minute: get(parts, 'minute'),
    second: get(parts, 'second'),
  };
}

/** The zone's offset from UTC at instant `t`, in milliseconds. */
function offsetAt(t: number, zone: string): number {
  const p = partsAt(t, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** The first instant of a local date (its midnight, or the first moment after a skipped one). */
function startOf(d: LocalDate, zone: string): number {
  const guess = Date.UTC(d.year, d.month - 1, d.day);
  let t = guess - offsetAt(guess, zone);
  t = guess - offsetAt(t, zone);
  // A midnight a DST change skips: the day starts when the clock jumps, still on the same date.
  const p = partsAt(t, zone);
  if (p.day !== d.day) t += 3_600_000;
  return t;
}

export function localDateAt(t: number, zone: string): LocalDate {
  const { year, month, day } = partsAt(t, zone);
  return { year, month, day };
}

/** Start of the local day holding `t`, and of the next one. */
export function dayBounds(t: number, zone: string): { start: number; end: number } {
  const d = localDateAt(t, zone);
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return {
    start: startOf(d, zone),
    end: startOf({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }, zone),
  };
}

/** Start of the calendar month holding `t`, and of the next one. */
export function monthBounds(t: number, zone: string): { start: number; end: number } {
  const d = localDateAt(t, zone);
  const next = d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
  return { start: startOf({ ...d, day: 1 }, zone), end: startOf(next, zone) };
}
