import { atLocalTime, dayKeyOf, localTimeOf, type DayKey } from './calendar';

// datetime-local inputs hold a wall-clock time with no zone; records hold UTC instants. The
// conversion goes through the calendar helpers so DST days come out right.

const LOCAL_INPUT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO instant as a datetime-local value ("2026-05-04T09:00") in the zone; '' when there is none. */
export function toLocalInput(iso: string | null | undefined, tz: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return `${dayKeyOf(iso, tz)}T${localTimeOf(iso, tz)}`;
}

/** A datetime-local value as an ISO instant in UTC; null when empty or not a date and time. */
export function fromLocalInput(value: string, tz: string): string | null {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return null;
  try {
    return atLocalTime(m[1]!, m[2]!, tz);
  } catch {
    return null;
  }
}

/** Whether a string is a day key ("2026-05-04"), as a date input gives. */
export function isDayKey(value: string): value is DayKey {
  return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** A day key as a date without a zone shift (the key already is the local day). */
function utcDate(day: DayKey): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** "Mon 4 May" style label for a day key, in the user's language. */
export function dayLabel(
  day: DayKey,
  opts: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' },
): string {
  return utcDate(day).toLocaleDateString(undefined, { ...opts, timeZone: 'UTC' });
}

/** The weekday names for columns, starting on the given day (0 Sunday, 1 Monday). */
export function weekdayNames(weekStartsOn: 0 | 1, style: 'short' | 'long' = 'short'): string[] {
  // 2026-05-03 is a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    utcDate(`2026-05-${String(3 + ((i + weekStartsOn) % 7)).padStart(2, '0')}`).toLocaleDateString(undefined, {
      weekday: style,
      timeZone: 'UTC',
    }),
  );
}

/** The week's first day for the user's locale, where the browser knows it; Monday otherwise. */
export function localeWeekStart(locale: string | undefined): 0 | 1 {
  try {
    const info = new Intl.Locale(locale ?? 'en') as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const first = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    return first === 7 ? 0 : 1;
  } catch {
    return 1;
  }
}

/** A local time for a chip ("09:00") from an instant. */
export function timeLabel(iso: string, tz: string): string {
  return Number.isNaN(Date.parse(iso)) ? '' : localTimeOf(iso, tz);
}

/** Date and time in words for lists ("Mon 4 May, 09:00"); "Not scheduled" when there is none. */
export function whenLabel(iso: string | null, tz: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return 'Not scheduled';
  return `${dayLabel(dayKeyOf(iso, tz))}, ${localTimeOf(iso, tz)}`;
}
