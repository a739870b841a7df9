import type { CSSProperties } from 'react';
import { timeLabel } from './local-time';
import type { FreeSlot } from './use-calendar-slots';

/** A day's empty posting slots as faint targets in their channels' colours; choosing one makes a post there. */
export function CalendarSlots({
  slots,
  tz,
  busy,
  onSlot,
}: {
  slots: readonly FreeSlot[];
  tz: string;
  busy: boolean;
  onSlot(slot: FreeSlot): void;
}) {
  if (slots.length === 0) return null;
  return (
    <div className="cal-slots">
      {slots.map((slot) => {
        const time = timeLabel(slot.at, tz);
        const style = { '--slot-colour': slot.channel.colour } as CSSProperties;
        return (
          <button
            key={`${slot.channel.id}:${slot.at}`}
            type="button"
            className="cal-slot"
            style={style}
            disabled={busy}
            data-testid={`calendar-slot-${slot.channel.id}-${slot.at}`}
            title={`${time} ${slot.channel.name}: empty slot`}
            onClick={() => onSlot(slot)}
          >
            {/* Named by what it shows, so the words a person sees are the words to say (and to click). */}
            <span className="cal-slot-dot" aria-hidden="true" />
            <span className="sr-only">Empty slot at</span>{' '}
            <span className="cal-slot-text">
              {time} {slot.channel.name}
            </span>
            <span className="sr-only">: new post here</span>
          </button>
        );
      })}
    </div>
  );
}
