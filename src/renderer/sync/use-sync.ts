import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../shared/contract';
import type { SyncStatus } from '../../shared/sync';
import { type BackendError, call } from '../backend/call';
import { useBackend, useChannel } from '../backend/context';
import { newerStatus } from './summary';

/** Lists that change whenever sync's status does. */
const syncLists = ['sync.log', 'sync.failed', 'sync.conflicts'] as const;

/** Sync's status, kept in step with the core's `sync.changed` events. */
export function useSyncStatus() {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on('sync.changed', (status) =>
        client.setQueryData<SyncStatus>(['sync.status', {}], (shown) => newerStatus(shown, status)),
      ),
    [api, client],
  );
  // A fetch answered after a newer event does not take its place either.
  return useChannel(
    'sync.status',
    {},
    { structuralSharing: (shown, fetched) => newerStatus(shown as SyncStatus | undefined, fetched as SyncStatus) },
  );
}

/** Refresh the log, failed changes and conflicts on every status event (the core throttles them). */
export function useSyncListsInStep() {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on('sync.changed', () => {
        for (const name of syncLists) void client.invalidateQueries({ queryKey: [name] });
      }),
    [api, client],
  );
}

type SyncAction =
  'sync.now' | 'sync.setPaused' | 'sync.retry' | 'sync.discard' | 'sync.resolve' | 'sync.confirmMassDelete';

/** A sync action: its answer is the new status, shown at once; the lists are fetched again. */
export function useSyncAction<C extends SyncAction>(channel: C) {
  const api = useBackend();
  const client = useQueryClient();
  return useMutation<SyncStatus, BackendError, ChannelInput<C>>({
    mutationFn: (input) => call(api, channel, input),
    onSuccess: async (status) => {
      client.setQueryData<SyncStatus>(['sync.status', {}], (shown) => newerStatus(shown, status));
      await Promise.all(syncLists.map((name) => client.invalidateQueries({ queryKey: [name] })));
    },
  });
}

/** The current time at each render, with a re-render every `everyMs` so relative times stay true. */
export function useNow(everyMs = 15_000): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return Date.now();
}
