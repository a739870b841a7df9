import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AiQueueView } from '../../shared/ai';
import { useBackend } from '../backend/context';

/** How long to gather `ai.changed` events before fetching again (progress arrives often). */
const COALESCE_MS = 150;

/**
 * Keep the AI queries in step with the core's `ai.changed` events: the queue's summary at once,
 * then the queue, the gallery and the jobs named, fetched again once the burst settles.
 */
export function useAiEvents(): void {
  const api = useBackend();
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let all = false;
    const ids = new Set<string>();
    const flush = () => {
      timer = null;
      void client.invalidateQueries({ queryKey: ['ai.queue'] });
      void client.invalidateQueries({ queryKey: ['ai.gallery'] });
      if (all) void client.invalidateQueries({ queryKey: ['ai.get'] });
      else for (const id of ids) void client.invalidateQueries({ queryKey: ['ai.get', { id }] });
      all = false;
      ids.clear();
    };
    const off = api.on('ai.changed', (change) => {
      client.setQueryData<AiQueueView>(['ai.queue', {}], (old) => (old ? { ...old, status: change.status } : old));
      if (change.ids === null) all = true;
      else for (const id of change.ids) ids.add(id);
      timer ??= setTimeout(flush, COALESCE_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [api, client]);
}
