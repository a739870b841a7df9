import { useQueryClient } from '@tanstack/react-query';
import type { AiQueueView } from '../../shared/ai';
import { useCoalescedRefresh } from '../backend/use-coalesced-refresh';

/**
 * Keep the AI queries in step with the core's `ai.changed` events: the queue's summary at once,
 * then the queue, the gallery and the jobs named, fetched again once the burst settles.
 */
export function useAiEvents(): void {
  const client = useQueryClient();
  useCoalescedRefresh({
    event: 'ai.changed',
    ids: (change) => change.ids,
    lists: ['ai.queue', 'ai.gallery'],
    // Progress moves several times a second while a job runs; the gallery only changes with a job's state.
    quiet: { lists: ['ai.gallery'], when: (change) => change.progressOnly },
    detail: 'ai.get',
    immediately: (change) =>
      client.setQueryData<AiQueueView>(['ai.queue', {}], (old) => (old ? { ...old, status: change.status } : old)),
  });
}
