import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EventName, EventPayload } from '../../shared/events';
import { useBackend } from './context';

/** How long to gather change events before fetching again (imports and progress send many). */
export const COALESCE_MS = 150;

export interface CoalescedRefresh<E extends EventName> {
  event: E;
  /** Which ids an event names: null for "many or unknown", undefined to ignore the event. */
  ids(payload: EventPayload<E>): string[] | null | undefined;
  /** List queries fetched again after a burst (their key prefixes). */
  lists: string[];
  /** Lists that an event alone does not change (fetched again only when another event in the burst does). */
  quiet?: { lists: string[]; when(payload: EventPayload<E>): boolean };
  /** The detail query (keyed `[channel, { id }]`) of each named id, fetched again too. */
  detail: string;
  /** Applied at once for every event (e.g. a summary carried in the payload). */
  immediately?(payload: EventPayload<E>): void;
}

/**
 * Keep queries in step with a core event: lists and the named details are fetched again once a
 * burst of events settles, not once per event.
 */
export function useCoalescedRefresh<E extends EventName>(spec: CoalescedRefresh<E>): void {
  const api = useBackend();
  const client = useQueryClient();
  const { event, lists, detail } = spec;
  const listKey = lists.join('\n');
  // The latest spec's functions are read when an event arrives, so a new identity per render does not resubscribe.
  const latest = useRef(spec);
  latest.current = spec;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let all = false;
    let loud = false;
    const ids = new Set<string>();
    const flush = () => {
      timer = null;
      const quiet = latest.current.quiet?.lists ?? [];
      for (const list of listKey.split('\n'))
        if (loud || !quiet.includes(list)) void client.invalidateQueries({ queryKey: [list] });
      loud = false;
      if (all) void client.invalidateQueries({ queryKey: [detail] });
      else for (const id of ids) void client.invalidateQueries({ queryKey: [detail, { id }] });
      all = false;
      ids.clear();
    };
    const off = api.on(event, (payload) => {
      latest.current.immediately?.(payload);
      const named = latest.current.ids(payload);
      if (named === undefined) return;
      if (!latest.current.quiet?.when(payload)) loud = true;
      if (named === null) all = true;
      else for (const id of named) ids.add(id);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [api, client, event, listKey, detail]);
}
