import { useId, type KeyboardEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { CalendarItem } from '../../shared/planner';
import { timeLabel } from './local-time';
import { warningLabels, warningLines } from './calendar-layout';
import { dragIdOf } from './CalendarDrag';

interface Props {
  item: CalendarItem;
  tz: string;
  selected: boolean;
  onSelect(item: CalendarItem): void;
}

/**
 * One post or queue item on the calendar: time, title, channel and its warnings;
 * drag it to another day (see CalendarDrag).
 */
export function CalendarChip({ item, tz, selected, onSelect }: Props) {
  const describedBy = useId();
  // Only the pointer listener is used: the chip keeps its own role, name and keys (Enter chooses it).
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: dragIdOf(item) });
  const time = timeLabel(item.at, tz);
  const lines = warningLines(item.warnings);
  const first = item.warnings[0];
  const kind = item.group === 'mediaQueue' ? 'Queue item' : 'Post';
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(item);
    }
  };
  const className =
    `cal-chip cal-chip-${item.group}${item.warnings.length ? ' has-warning' : ''}` +
    `${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`;
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      role="button"
      tabIndex={0}
      className={className}
      data-testid={`calendar-item-${item.id}`}
      data-warnings={item.warnings.length}
      data-at={item.at}
      aria-pressed={selected}
      aria-describedby={lines.length ? describedBy : undefined}
      title={[`${time} ${item.title}`, item.channel, ...lines].filter(Boolean).join('\n')}
      onClick={() => onSelect(item)}
      onKeyDown={onKeyDown}
    >
      {/* Named by what it shows (time, title, channel, first warning); kind and status are said, not shown;
          the title carries every warning. */}
      <span className="cal-chip-line">
        <span className="sr-only">{kind} at </span>
        <span className="cal-chip-time">{time}</span>
        <span className="sr-only">: </span>
        <span className="cal-chip-title">{item.title || 'Untitled'}</span>
      </span>
      {item.channel && (
        <span className="cal-chip-channel">
          <span className="sr-only">, </span>
          {item.channel}
        </span>
      )}
      {item.status && <span className="sr-only">, {item.status}</span>}
      {first && (
        <span className="cal-chip-warning">
          <span aria-hidden="true">⚠</span>
          <span className="sr-only">, warning:</span> {warningLabels[first.kind]}
          {item.warnings.length > 1 ? ` +${item.warnings.length - 1}` : ''}
        </span>
      )}
      {lines.length > 0 && (
        <span id={describedBy} hidden>
          {lines.join('. ')}
        </span>
      )}
    </div>
  );
}
