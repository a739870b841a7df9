import { useState } from 'react';
import type { CachedOffer } from './CachedPrompt';
import { useAiAction } from './use-ai-action';

/** "Re-run": a new job with the same settings; an identical saved result is offered first. */
export function useRerun(jobId: string, onCached: (offer: CachedOffer) => void) {
  const rerun = useAiAction('ai.rerun', true);
  const [queued, setQueued] = useState(false);
  const run = () => {
    setQueued(false);
    rerun.mutate(
      { id: jobId },
      {
        onSuccess: (answer) => {
          if (answer.kind === 'queued') return setQueued(true);
          onCached({
            origin: 'detail',
            job: answer.job,
            runAgain: async () => {
              await rerun.mutateAsync({ id: jobId, force: true });
              setQueued(true);
            },
          });
        },
      },
    );
  };
  return { run, queued, pending: rerun.isPending, error: rerun.error };
}
