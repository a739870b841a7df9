import type { DayKey } from './calendar';
import type { CalendarItem } from '../../shared/planner';
import { DayCell, type DayCellShared } from './DayCell';
import { dayLabel, weekdayNames } from './local-time';

interface Props extends DayCellShared {
  mode: 'month' | 'week';
  title: string;
  rows: readonly DayKey[][];
  /** The month shown (month view), to dim the neighbours' days. */
  month: string;
  weekStartsOn: 0 | 1;
  byDay: ReadonlyMap<DayKey, CalendarItem[]>;
}

/** Month (six weeks) and week views: a table of day cells under the weekday names. */
export function CalendarGrid({ mode, title, rows, month, weekStartsOn, byDay, onShowDay, ...shared }: Props) {
  const names = weekdayNames(weekStartsOn, 'long');
  return (
    <table className={`cal-grid cal-${mode}`} aria-label={title}>
      <thead>
        <tr>
          {names.map((n) => (
            <th key={n} scope="col">
              {n}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]}>
            {row.map((day) => (
              <DayCell
                key={day}
                as="td"
                day={day}
                items={byDay.get(day) ?? []}
                outside={mode === 'month' && !day.startsWith(month)}
                heading={mode === 'week' ? dayLabel(day, { day: 'numeric', month: 'short' }) : undefined}
                {...shared}
                {...(mode === 'month' && onShowDay ? { onShowDay } : {})}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
