import { useEffect, useId, useRef, useState } from 'react';
import type { AiJobView } from '../../shared/ai';
import type { AppError } from '../../shared/errors';
import { ErrorNote } from '../account/Field';
import { toAppError } from '../library/app-error';
import { jobSubject, jobTitle } from './format';

/** An identical request that already succeeded, offered instead of running (and paying for) it again. */
export interface CachedOffer {
  origin: 'form' | 'detail';
  job: AiJobView;
  runAgain(): Promise<void>;
}

/** "This exact request already succeeded": use the saved result, or run it again anyway. */
export function CachedPrompt({
  offer,
  onUse,
  onDone,
}: {
  offer: CachedOffer;
  onUse(jobId: string): void;
  onDone(): void;
}) {
  const titleId = useId();
  const useRef_ = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  // The question takes the keyboard, so it is heard and answered at once.
  useEffect(() => useRef_.current?.focus(), [offer]);
  const runAgain = async () => {
    setBusy(true);
    setError(null);
    try {
      await offer.runAgain();
      onDone();
    } catch (e) {
      setError(toAppError(e));
    } finally {
      setBusy(false);
    }
  };
  const subject = jobSubject(offer.job, 60);
  return (
    <div className="cached-prompt" role="group" aria-labelledby={titleId} data-testid="ai-cached">
      <p id={titleId}>
        <strong>This exact request already succeeded.</strong>{' '}
        <span className="muted">
          {jobTitle(offer.job)}
          {subject && ` · “${subject}”`}. Running it again may be billed again.
        </span>
      </p>
      <div className="row">
        <button
          type="button"
          className="primary"
          ref={useRef_}
          data-testid="ai-cached-use"
          disabled={busy}
          onClick={() => onUse(offer.job.id)}
        >
          Use the saved result
        </button>
        <button type="button" data-testid="ai-cached-run" disabled={busy} onClick={() => void runAgain()}>
          {busy ? 'Queuing…' : 'Run again'}
        </button>
        <button type="button" className="link" disabled={busy} onClick={onDone}>
          Cancel
        </button>
      </div>
      {error && <ErrorNote error={{ error }} />}
    </div>
  );
}
