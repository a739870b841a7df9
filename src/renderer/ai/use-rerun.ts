import type { CachedOffer } from './CachedPrompt';
import { useAiAction } from './use-ai-action';
import { useQueuedBanner } from './use-queued-banner';

/** "Re-run": a new job with the same settings; an identical saved result is offered first. */
export function useRerun(jobId: string, onCached: (offer: CachedOffer) => void) {
  const rerun = useAiAction('ai.rerun', true);
  // "Queued again" lasts while the new job waits or runs.
  const banner = useQueuedBanner();
  const run = () => {
    banner.set(null);
    rerun.mutate(
      { id: jobId },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'queued') return banner.set(answer.job);
          onCached({
            origin: 'detail',
            job: answer.job,
            runAgain: async () => {
              banner.set((await rerun.mutateAsync({ id: jobId, force: true })).job);
            },
          });
        },
      },
    );
  };
  return { run, queued: banner.job !== null, pending: rerun.isPending, error: rerun.error };
}
