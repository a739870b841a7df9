import type { ReactNode } from 'react';
import { useDroppable } from '@dnd-kit/core';
import type { DayKey } from './calendar';
import type { CalendarItem } from '../../shared/planner';
import { monthCellItems } from './calendar-layout';
import { CalendarChip } from './CalendarChip';
import { CalendarSlots } from './CalendarSlots';
import { dayLabel } from './local-time';
import { useAssetDrop } from './media-strip/use-asset-drop';
import type { DraggedAsset } from './media-strip/asset-drag';
import type { FreeSlot } from './use-calendar-slots';

export interface DayCellShared {
  tz: string;
  today: DayKey;
  selectedId: string | null;
  onSelect(item: CalendarItem): void;
  /** Month view: show every item of a day that has more than its cell holds (the week view of that day). */
  onShowDay?(day: DayKey): void;
  /** The channels' empty posting slots by day, drawn as targets that make a post there. */
  slotsByDay?: ReadonlyMap<DayKey, readonly FreeSlot[]>;
  onSlot?(slot: FreeSlot): void;
  slotBusy?: boolean;
  /** A new post on a day (double-click its empty space, or its + button). */
  onNewPost?(day: DayKey): void;
  /** A library asset dropped on a day (HTML5 drag from the media strip): a new draft there with it. */
  onDropAsset?(day: DayKey, asset: DraggedAsset): void;
  /** Files dropped from the computer on a day: imported to the library, then a draft there with them. */
  onDropFiles?(day: DayKey, files: File[]): void;
  /** The name of the media chosen for the keyboard path: the + button then makes a draft with it. */
  pickedAsset?: string | null;
}

interface Props extends DayCellShared {
  day: DayKey;
  items: readonly CalendarItem[];
  /** Month view: days of the neighbouring months are dimmed. */
  outside?: boolean;
  as: 'td' | 'li';
  heading?: ReactNode;
}

/** A day on the calendar: its date, its items in time order, and a drop target (dnd-kit) for moving one here. */
export function DayCell(props: Props) {
  const { day, items, outside, as, heading, tz, today, selectedId, onSelect, onShowDay } = props;
  const { setNodeRef, isOver: over } = useDroppable({ id: day });
  const drop = useAssetDrop(day, props.onDropAsset, props.onDropFiles);
  const Tag = as;
  const isToday = day === today;
  // A cell with little room (month view) shows the first items and a way to see them all.
  const { shown, more } = onShowDay ? monthCellItems(items) : { shown: items, more: 0 };
  const longDay = dayLabel(day, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const free = props.slotsByDay?.get(day) ?? [];
  const scheduled =
    (items.length === 0 ? 'nothing scheduled' : `${items.length} scheduled`) +
    (free.length ? `, ${free.length} empty ${free.length === 1 ? 'slot' : 'slots'}` : '');
  return (
    <Tag
      ref={setNodeRef}
      className={
        `cal-day${outside ? ' is-outside' : ''}${isToday ? ' is-today' : ''}` + (over || drop.over ? ' is-over' : '')
      }
      {...drop.handlers}
      data-testid={`calendar-day-${day}`}
      aria-label={`${longDay}${isToday ? ', today' : ''}, ${scheduled}`}
      onDoubleClick={(e) => {
        // On the day's own space: a chip, a slot or a button does its own thing.
        if (props.onNewPost && !(e.target as HTMLElement).closest('.cal-chip, button')) props.onNewPost(day);
      }}
    >
      <div className="cal-day-head" aria-hidden="true">
        {heading ?? Number(day.slice(8, 10))}
      </div>
      {props.onNewPost && (
        <button
          type="button"
          className="cal-day-new"
          data-testid={`calendar-new-${day}`}
          aria-label={
            props.pickedAsset ? `New draft with ${props.pickedAsset} on ${longDay}` : `New post on ${longDay}`
          }
          title="New post on this day (or double-click the day)"
          onClick={() => props.onNewPost?.(day)}
        >
          +
        </button>
      )}
      {items.length > 0 && (
        <div className="cal-day-items">
          {shown.map((item) => (
            <CalendarChip
              key={`${item.group}:${item.id}`}
              item={item}
              tz={tz}
              selected={item.id === selectedId}
              onSelect={onSelect}
            />
          ))}
          {more > 0 && (
            <button
              type="button"
              className="link cal-more"
              data-testid={`calendar-more-${day}`}
              aria-label={`+${more} more on ${longDay}: show the week`}
              onClick={() => onShowDay?.(day)}
            >
              +{more} more
            </button>
          )}
        </div>
      )}
      {props.onSlot && <CalendarSlots slots={free} tz={tz} busy={props.slotBusy ?? false} onSlot={props.onSlot} />}
    </Tag>
  );
}
