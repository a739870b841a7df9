import { createContext, useContext, useEffect, type ReactNode } from 'react';
import {
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { AtelierApi } from '../../shared/backend';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../shared/contract';
import type { EventName, EventPayload } from '../../shared/events';
import { call } from './call';

export const BackendContext = createContext<AtelierApi | null>(null);

/** The query cache every screen reads through: failures are shown, not retried; no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/** Where a backend plugs in: the desktop preload, the browser bridge, or the in-memory fake of the tests. */
export function BackendProvider({
  api,
  client,
  children,
}: {
  api: AtelierApi;
  client: QueryClient;
  children: ReactNode;
}) {
  return (
    <BackendContext.Provider value={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </BackendContext.Provider>
  );
}

export function useBackend(): AtelierApi {
  const api = useContext(BackendContext);
  if (!api) throw new Error('BackendContext missing');
  return api;
}

/** Query a read channel; the channel name and input form the cache key. */
export function useChannel<C extends ChannelName>(
  channel: C,
  input: ChannelInput<C>,
  options: Omit<UseQueryOptions<ChannelOutput<C>>, 'queryKey' | 'queryFn'> = {},
) {
  const api = useBackend();
  return useQuery<ChannelOutput<C>>({
    queryKey: [channel, input],
    queryFn: () => call(api, channel, input),
    ...options,
  });
}

/** Keep a channel's cached data in step with a push event. */
export function useEventSync<E extends EventName>(
  event: E,
  channel: ChannelName,
  map?: (p: EventPayload<E>) => unknown,
) {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(
    () =>
      api.on(event, (payload) => {
        client.setQueryData([channel, {}], map ? map(payload) : payload);
      }),
    [api, client, event, channel, map],
  );
}
