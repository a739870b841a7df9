import { useState, type DragEvent, type ReactNode } from 'react';
import type { DayKey } from '../../shared/calendar';
import type { CalendarItem } from '../../shared/planner';
import { CalendarChip } from './CalendarChip';
import { dayLabel } from './local-time';

export interface DayCellShared {
  tz: string;
  today: DayKey;
  selectedId: string | null;
  /** Whether something is being dragged (cells accept drops only then). */
  dragging: boolean;
  onSelect(item: CalendarItem): void;
  onDragStart(item: CalendarItem): void;
  onDragEnd(): void;
  onDropDay(day: DayKey): void;
}

interface Props extends DayCellShared {
  day: DayKey;
  items: readonly CalendarItem[];
  /** Month view: days of the neighbouring months are dimmed. */
  outside?: boolean;
  as: 'td' | 'li';
  heading?: ReactNode;
}

/** A day on the calendar: its date, its items in time order, and a drop target for moving one here. */
export function DayCell({ day, items, outside, as, heading, tz, today, selectedId, dragging, onSelect, onDragStart, onDragEnd, onDropDay }: Props) {
  const [over, setOver] = useState(false);
  const accept = (e: DragEvent) => {
    if (!dragging) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (!over) setOver(true);
  };
  const leave = (e: DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onDropDay(day);
  };
  const Tag = as;
  const isToday = day === today;
  return (
    <Tag
      className={`cal-day${outside ? ' is-outside' : ''}${isToday ? ' is-today' : ''}${over ? ' is-over' : ''}`}
      data-testid={`calendar-day-${day}`}
      aria-label={`${dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}${isToday ? ', today' : ''}, ${items.length === 0 ? 'nothing scheduled' : `${items.length} scheduled`}`}
      onDragOver={accept}
      onDragEnter={accept}
      onDragLeave={leave}
      onDrop={drop}
    >
      <div className="cal-day-head" aria-hidden="true">
        {heading ?? Number(day.slice(8, 10))}
      </div>
      {items.length > 0 && (
        <div className="cal-day-items">
          {items.map((item) => (
            <CalendarChip key={`${item.group}:${item.id}`} item={item} tz={tz} selected={item.id === selectedId} onSelect={onSelect} onDragStart={onDragStart} onDragEnd={onDragEnd} />
          ))}
        </div>
      )}
    </Tag>
  );
}
