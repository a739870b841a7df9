import type { DayKey } from './calendar';
import type { CalendarItem } from '../../shared/planner';
import { DayCell, type DayCellShared } from './DayCell';
import { dayLabel } from './local-time';

interface Props extends DayCellShared {
  title: string;
  days: readonly DayKey[];
  byDay: ReadonlyMap<DayKey, CalendarItem[]>;
}

/** The agenda: the range's days in order, each with its items (empty days stay, small, as drop targets). */
export function AgendaList({ title, days, byDay, ...shared }: Props) {
  const none = days.every((d) => (byDay.get(d)?.length ?? 0) === 0);
  return (
    <>
      {none && <p className="muted cal-agenda-empty">Nothing is scheduled in these days.</p>}
      <ol className="plain cal-agenda" aria-label={title}>
        {days.map((day) => (
          <DayCell
            key={day}
            as="li"
            day={day}
            items={byDay.get(day) ?? []}
            heading={dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long' })}
            {...shared}
          />
        ))}
      </ol>
    </>
  );
}
