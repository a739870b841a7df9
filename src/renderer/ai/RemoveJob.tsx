import { useEffect, useRef, useState } from 'react';
import { QueryError } from '../sync/QueryError';
import { useAiAction } from './use-ai-action';

/** "Remove from history", after a second question; its files go when nothing else uses them. */
export function RemoveJob({ jobId, onRemoved }: { jobId: string; onRemoved(): void }) {
  const remove = useAiAction('ai.remove');
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  if (!confirming) {
    return (
      <button type="button" className="danger" data-testid="ai-remove" onClick={() => setConfirming(true)}>
        Remove from history
      </button>
    );
  }
  return (
    <div className="sync-confirm" role="group" aria-label="Remove this result from the history?">
      <p>Remove this result from the history? Results saved to the library stay there.</p>
      <div className="row">
        <button
          type="button"
          className="danger"
          data-testid="ai-remove-confirm"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: jobId }, { onSuccess: onRemoved })}
        >
          Remove
        </button>
        <button type="button" ref={keep} disabled={remove.isPending} onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
      <QueryError error={remove.error} />
    </div>
  );
}
