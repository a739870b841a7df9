import { useId, type CSSProperties, type KeyboardEvent } from 'react';
import type { Channel } from '../../shared/channels';
import { useDraggable } from '@dnd-kit/core';
import type { CalendarItem } from '../../shared/planner';
import { timeLabel } from './local-time';
import { warningLabels, warningLines } from './calendar-layout';
import { dragIdOf } from './CalendarDrag';
import { useChannels } from './use-channels';
import { useBackend, useChannel } from '../backend/context';

/** The first media's thumbnail, small; nothing while it loads or when it has none (the chip still reads). */
function ChipThumb({ id }: { id: string }) {
  const asset = useChannel('library.get', { id }, { staleTime: 60_000, retry: false });
  const { media } = useBackend();
  const sha = asset.data?.thumb.state === 'ready' ? asset.data.thumb.sha256 : null;
  if (!sha) return null;
  return <img className="cal-chip-thumb" src={media.url(sha)} alt="" draggable={false} />;
}

/** A status is told by its icon and style as well as by colour. */
const STATUS_ICON: Record<string, string> = { draft: '✎', ready: '○', scheduled: '◷', published: '✓', failed: '✕' };

/** The colours of the channels an item goes to (a target's channel by id, else by name), known ones only. */
function coloursOf(item: CalendarItem, channels: readonly Channel[] | undefined): string[] {
  if (!channels) return [];
  const out: string[] = [];
  for (const t of item.targets) {
    const name = t.name.toLowerCase();
    const c = channels.find((ch) => ch.id === t.channelId) ?? channels.find((ch) => ch.name.toLowerCase() === name);
    if (c) out.push(c.colour);
  }
  return out;
}

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
  const colours = coloursOf(item, useChannels().data);
  const icon = item.status ? STATUS_ICON[item.status] : undefined;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(item);
    }
  };
  const className =
    `cal-chip cal-chip-${item.group}${item.status ? ` cal-chip-status-${item.status}` : ''}` +
    `${item.warnings.length ? ' has-warning' : ''}` +
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
        {icon && (
          <span className="cal-chip-icon" aria-hidden="true">
            {icon}
          </span>
        )}
        {colours.length > 0 && (
          <span className="cal-chip-dots" aria-hidden="true">
            {colours.map((colour, i) => (
              <span key={i} className="cal-chip-dot" style={{ '--dot': colour } as CSSProperties} />
            ))}
          </span>
        )}
        {item.assetIds[0] && <ChipThumb id={item.assetIds[0]} />}
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
