import { useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import type { DayKey } from './calendar';
import type { CalendarItem } from '../../shared/planner';
import { dayLabel, timeLabel } from './local-time';

/** The draggable id of a calendar item (posts and queue items may share ids). */
export const dragIdOf = (item: CalendarItem) => `${item.group}:${item.id}`;

const kindOf = (item: CalendarItem) => (item.group === 'mediaQueue' ? 'Queue item' : 'Post');
const longDay = (id: UniqueIdentifier) => dayLabel(String(id), { weekday: 'long', day: 'numeric', month: 'long' });

function announcementsFor(find: (id: UniqueIdentifier) => CalendarItem | undefined): Announcements {
  const name = (id: UniqueIdentifier) => {
    const item = find(id);
    return item ? `${kindOf(item)} “${item.title || 'Untitled'}”` : 'Item';
  };
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over ${longDay(over.id)}.` : `${name(active.id)} is not over a day.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${name(active.id)} was dropped on ${longDay(over.id)}.`
        : `${name(active.id)} was dropped outside the calendar; nothing moved.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled; nothing moved.`,
  };
}

// Keyboard users choose an item (Enter) and use "Move to…": the drag itself is for pointers.
const screenReaderInstructions = { draggable: 'Press Enter to choose this item, then Move to… to change its day.' };

interface Props {
  items: readonly CalendarItem[];
  tz: string;
  onMove(item: CalendarItem, day: DayKey): void;
  children: ReactNode;
}

/**
 * Dragging calendar items to another day (dnd-kit): chips are draggable, days are drop targets.
 * A few pixels of movement start a drag, so a click still chooses the item.
 */
export function CalendarDrag({ items, tz, onMove, children }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [active, setActive] = useState<UniqueIdentifier | null>(null);
  const find = (id: UniqueIdentifier) => items.find((i) => dragIdOf(i) === id);
  const end = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const item = find(dragged.id);
    if (item && over) onMove(item, String(over.id));
  };
  const shown = active === null ? undefined : find(active);
  return (
    <DndContext
      sensors={sensors}
      accessibility={{ announcements: announcementsFor(find), screenReaderInstructions }}
      onDragStart={(e) => setActive(e.active.id)}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
    >
      {children}
      {/* What follows the pointer: a picture of the chip, never in the way of the day under it. */}
      <DragOverlay dropAnimation={null} style={{ pointerEvents: 'none' }}>
        {shown && (
          <div className={`cal-chip cal-chip-${shown.group} cal-chip-ghost`} aria-hidden="true">
            <span className="cal-chip-line">
              <span className="cal-chip-time">{timeLabel(shown.at, tz)}</span>
              <span className="cal-chip-title">{shown.title || 'Untitled'}</span>
            </span>
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}
