import { fromLocalInput } from './local-time';
import { useMemo } from 'react';
import type { Channel } from '../../shared/channels';
import { useChannel } from '../backend/context';
import { dayKeyOf, type DayKey } from './calendar';
import { rangeOf } from './calendar-layout';
import { useChannelEvents, useChannels } from './use-channels';
import { usePlannerAction } from './use-records';

/** An empty posting slot on the calendar: when, and whose. */
export interface FreeSlot {
  at: string;
  channel: Channel;
}

/** Free slots by the local day they fall on, in time order (taken ones are not drawn). */
export function freeSlotsByDay(
  slots: ReadonlyArray<{ channelId: string; at: string; takenBy: unknown }>,
  channels: readonly Channel[],
  tz: string,
  only: string,
): Map<DayKey, FreeSlot[]> {
  const byId = new Map(channels.map((c) => [c.id, c]));
  const wanted = only.trim().toLowerCase();
  const out = new Map<DayKey, FreeSlot[]>();
  for (const slot of slots) {
    const channel = byId.get(slot.channelId);
    if (slot.takenBy !== null || !channel) continue;
    // The calendar's channel filter shows that channel's slots only.
    if (wanted && channel.name.trim().toLowerCase() !== wanted) continue;
    const day = dayKeyOf(slot.at, tz);
    const list = out.get(day) ?? [];
    list.push({ at: slot.at, channel });
    out.set(day, list);
  }
  for (const list of out.values())
    list.sort((a, b) => a.at.localeCompare(b.at) || a.channel.name.localeCompare(b.channel.name));
  return out;
}

/**
 * The channels' empty slots in the days on screen (month and week views), in the user's zone; asked
 * for only once there are channels, and asked again when channels, posts or queue items change.
 */
export function useCalendarSlots(rows: readonly DayKey[][], tz: string, shown: boolean, channelFilter: string) {
  useChannelEvents();
  const channels = useChannels({ enabled: shown });
  const list = useMemo(() => channels.data ?? [], [channels.data]);
  const range = useMemo(() => rangeOf(rows, tz), [rows, tz]);
  const slots = useChannel(
    'channels.slots',
    { ...range, zone: tz },
    { placeholderData: (prev) => prev, enabled: shown && list.some((c) => c.slots.length > 0) },
  );
  const byDay = useMemo(
    () => freeSlotsByDay(slots.data ?? [], list, tz, channelFilter),
    [slots.data, list, tz, channelFilter],
  );
  return { byDay, error: channels.error ?? slots.error };
}

/** A new scheduled post in an empty slot, on that slot's channel; answers the post's id. */
export function useSlotPost() {
  const create = usePlannerAction('records.create');
  const make = async (slot: FreeSlot): Promise<string> => {
    const { channel } = slot;
    const made = await create.mutateAsync({
      group: 'posts',
      fields: {
        text: '',
        status: 'scheduled',
        scheduled_at: slot.at,
        channel: channel.name,
        targets: [{ channel_id: channel.id, network: channel.network, name: channel.name }],
      },
    });
    return made.id;
  };
  /** A draft on a day at 09:00 in `tz` (on the calendar's channel filter, when one is set). */
  const makeOnDay = async (day: DayKey, tz: string, channel: string): Promise<string> => {
    const made = await create.mutateAsync({
      group: 'posts',
      fields: {
        text: '',
        status: 'draft',
        scheduled_at: fromLocalInput(`${day}T09:00`, tz) ?? `${day}T09:00:00.000Z`,
        ...(channel !== '' && { channel }),
      },
    });
    return made.id;
  };
  return { make, makeOnDay, busy: create.isPending, error: create.error };
}
