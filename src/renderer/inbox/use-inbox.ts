import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../shared/contract';
import type { InboxCounts } from '../../shared/inbox';
import { type BackendError, call } from '../backend/call';
import { useBackend, useChannel } from '../backend/context';

/** How many items the section shows (newest first); the count covers them all. */
export const INBOX_LIMIT = 200;

/** The inbox list, fetched again whenever the core says it changed (the sidebar and the section share it). */
export function useInbox() {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(
    () => api.on('inbox.changed', () => void client.invalidateQueries({ queryKey: ['inbox.list'] })),
    [api, client],
  );
  return useChannel('inbox.list', { limit: INBOX_LIMIT });
}

/** Mark items (or all) read; the list is fetched again. */
export function useMarkRead() {
  const api = useBackend();
  const client = useQueryClient();
  return useMutation<InboxCounts, BackendError, ChannelInput<'inbox.markRead'>>({
    mutationFn: (input) => call(api, 'inbox.markRead', input),
    onSettled: () => client.invalidateQueries({ queryKey: ['inbox.list'] }),
  });
}
