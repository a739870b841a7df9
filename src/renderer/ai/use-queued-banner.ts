import { useState } from 'react';
import type { AiJobView, AiQueueView } from '../../shared/ai';
import { useChannel } from '../backend/context';

/** Where a job stands in the queue's view: still waiting or running, ended, or not in it (yet or any more). */
export function queuedJobStage(id: string, queue: AiQueueView | undefined): 'active' | 'ended' | 'absent' {
  const active = queue?.active.find((j) => j.id === id);
  if (active) return active.state === 'queued' || active.state === 'running' ? 'active' : 'ended';
  return queue?.recent.some((j) => j.id === id) ? 'ended' : 'absent';
}

/**
 * The job a "Queued…" banner speaks of, kept only while that job waits or runs: it goes when the
 * job ends (succeeded, failed, cancelled) or leaves the queue once seen there (removed).
 */
export function useQueuedBanner() {
  const [banner, setBanner] = useState<{ job: AiJobView; seen: boolean } | null>(null);
  // Only watches the queue the queue panel fetches: never a fetch of its own.
  const queue = useChannel('ai.queue', {}, { enabled: false });
  const stage = banner ? queuedJobStage(banner.job.id, queue.data) : 'absent';
  if (banner && stage === 'active' && !banner.seen) setBanner({ ...banner, seen: true });
  const gone = banner !== null && (stage === 'ended' || (stage === 'absent' && banner.seen));
  return {
    job: banner && !gone ? banner.job : null,
    set: (job: AiJobView | null) => setBanner(job ? { job, seen: false } : null),
  };
}
