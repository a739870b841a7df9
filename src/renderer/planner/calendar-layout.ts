import { addDays, dayKeyOf, dayRange, monthGrid, weekOf, type DayKey } from './calendar';
import type { CalendarItem, ScheduleWarning } from '../../shared/planner';

export const calendarModes = ['month', 'week', 'agenda'] as const;
export type CalendarMode = (typeof calendarModes)[number];

/** How many days the agenda lists at once. */
export const AGENDA_DAYS = 14;

export function monthOf(day: DayKey): { year: number; month: number } {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

function firstOfMonth(year: number, month: number): DayKey {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

/** The days on screen, as rows: six weeks for a month, one week, or the agenda's run of days. */
export function visibleDays(mode: CalendarMode, anchor: DayKey, tz: string, weekStartsOn: 0 | 1): DayKey[][] {
  if (mode === 'month') {
    const { year, month } = monthOf(anchor);
    return monthGrid(year, month, tz, weekStartsOn);
  }
  if (mode === 'week') return [weekOf(anchor, weekStartsOn)];
  return [Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(anchor, i))];
}

/** The instants to ask the calendar for: from the first day's start to the day after the last. */
export function rangeOf(rows: readonly DayKey[][], tz: string): { from: string; to: string } {
  const flat = rows.flat();
  return { from: dayRange(flat[0]!, tz).from, to: dayRange(flat[flat.length - 1]!, tz).to };
}

/** The anchor one page earlier or later. */
export function shiftAnchor(mode: CalendarMode, anchor: DayKey, dir: -1 | 1): DayKey {
  if (mode === 'month') {
    const { year, month } = monthOf(anchor);
    return firstOfMonth(year, month + dir);
  }
  return addDays(anchor, dir * (mode === 'week' ? 7 : AGENDA_DAYS));
}

/** Items by the local day they fall on, each day's in time order. */
export function itemsByDay(items: readonly CalendarItem[], tz: string): Map<DayKey, CalendarItem[]> {
  const byDay = new Map<DayKey, CalendarItem[]>();
  for (const item of items) {
    if (Number.isNaN(Date.parse(item.at))) continue;
    const day = dayKeyOf(item.at, tz);
    const list = byDay.get(day) ?? [];
    list.push(item);
    byDay.set(day, list);
  }
  for (const list of byDay.values())
    list.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.title.localeCompare(b.title));
  return byDay;
}

const noon = (day: DayKey) => new Date(`${day}T12:00:00Z`);

/** The heading over the grid, in the user's language: "May 2026", "18 – 24 May 2026", "27 Apr – 3 May 2026". */
/** Chips a month cell has room for; a busier day shows one fewer and "+N more". */
export const MONTH_CELL_ITEMS = 3;

/** What a month cell shows of a day's items: all that fit, or the first ones and how many more there are. */
export function monthCellItems<T>(items: readonly T[], room = MONTH_CELL_ITEMS): { shown: readonly T[]; more: number } {
  if (items.length <= room) return { shown: items, more: 0 };
  const shown = items.slice(0, Math.max(0, room - 1));
  return { shown, more: items.length - shown.length };
}

export function rangeTitle(mode: CalendarMode, rows: readonly DayKey[][], anchor: DayKey, locale?: string): string {
  if (mode === 'month')
    return noon(anchor).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const flat = rows.flat();
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return format.formatRange(noon(flat[0]!), noon(flat[flat.length - 1]!));
}

export const warningLabels: Record<ScheduleWarning['kind'], string> = {
  slot: 'Same slot',
  duplicate: 'Duplicate',
  preflight: 'Does not fit',
};

/** One line per warning for a chip's title and the notice after a move. */
export function warningLines(warnings: readonly ScheduleWarning[]): string[] {
  return warnings.map((w) => `${warningLabels[w.kind]}: ${w.message}`);
}
