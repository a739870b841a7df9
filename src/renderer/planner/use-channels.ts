import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelName } from '../../shared/contract';
import { useBackend, useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';

/** What a change of channels may alter on screen. */
const channelQueries: ChannelName[] = ['channels.list', 'channels.slots'];

/** The creator's channels, by name (kept fresh by useChannelEvents). */
export function useChannels(options: { enabled?: boolean } = {}) {
  return useChannel('channels.list', {}, { placeholderData: (prev) => prev, ...options });
}

/** A channels.* change that refreshes the channels and their slots when it succeeds. */
export function useChannelAction<C extends 'channels.create' | 'channels.update' | 'channels.remove'>(channel: C) {
  return useAction(channel, channelQueries);
}

/**
 * Refresh the channels when they change, and their slots when posts or queue items change too (a post
 * moved into or out of a slot takes or frees it).
 */
export function useChannelEvents(): void {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(() => {
    const offChannels = api.on('channels.changed', () => {
      for (const name of channelQueries) void client.invalidateQueries({ queryKey: [name] });
    });
    const offRecords = api.on('records.changed', (change) => {
      if (change.group === 'posts' || change.group === 'mediaQueue')
        void client.invalidateQueries({ queryKey: ['channels.slots'] });
    });
    return () => {
      offChannels();
      offRecords();
    };
  }, [api, client]);
}
