import type { DayKey } from '../calendar';
import { dayLabel, fromLocalInput, timeLabel } from '../local-time';
import type { FreeSlot } from '../use-calendar-slots';

/** Where a draft made on a day goes: the day's first free slot that is still ahead, else 09:00 there. */
export interface DraftPlace {
  at: string;
  /** The slot it takes (its channel becomes the post's target), or null for the 09:00 fallback. */
  slot: FreeSlot | null;
}

export const FALLBACK_TIME = '09:00';

/**
 * The place of a draft dropped on `day`: `free` are that day's free slots in time order (already
 * narrowed to the calendar's channel filter); a slot already past is not offered.
 */
export function draftPlace(day: DayKey, free: readonly FreeSlot[], tz: string, nowMs: number): DraftPlace {
  const slot = free.find((s) => Date.parse(s.at) > nowMs) ?? null;
  if (slot) return { at: slot.at, slot };
  return { at: fromLocalInput(`${day}T${FALLBACK_TIME}`, tz) ?? `${day}T${FALLBACK_TIME}:00.000Z`, slot: null };
}

/** What was made and why that time, in words (shown above the post it opens). */
export function draftNotice(assetName: string, day: DayKey, place: DraftPlace, tz: string): string {
  const when = `${dayLabel(day, { weekday: 'short', day: 'numeric', month: 'short' })} at ${timeLabel(place.at, tz)}`;
  const why = place.slot
    ? `the first free slot of ${place.slot.channel.name} that day`
    : 'as there is no free slot left that day';
  return `Draft made with ${assetName} for ${when}, ${why}.`;
}

/** The new draft's fields: no text yet, the asset attached, and the slot's channel as its target. */
export function draftFields(
  assetIds: readonly string[],
  place: DraftPlace,
  channelLabel: string,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    text: '',
    status: 'draft',
    scheduled_at: place.at,
    asset_ids: [...assetIds],
  };
  const channel = place.slot?.channel;
  if (channel) {
    fields.channel = channel.name;
    fields.targets = [
      {
        channel_id: channel.id,
        network: channel.network,
        name: channel.name,
        ...(channel.handle !== '' && { handle: channel.handle }),
      },
    ];
  } else if (channelLabel !== '') fields.channel = channelLabel;
  return fields;
}
