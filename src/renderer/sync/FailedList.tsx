import { useEffect, useRef, useState } from 'react';
import type { FailedChange } from '../../shared/sync';
import { useChannel } from '../backend/context';
import { groupLabels, opLabels, plural } from './format';
import { Time } from './Time';
import { useSyncAction } from './use-sync';
import { QueryError } from './QueryError';

/** Changes the platform refused, set aside with its message until the user retries or discards them. */
export function FailedList({ now }: { now: number }) {
  const failed = useChannel('sync.failed', {});
  return (
    <section className="card" aria-labelledby="sync-failed-title">
      <h2 id="sync-failed-title">
        Refused changes{failed.data && failed.data.length > 0 ? ` (${failed.data.length})` : ''}
      </h2>
      {failed.isError && <QueryError error={failed.error} />}
      {failed.data && failed.data.length === 0 && (
        <p className="muted">The platform has not refused any of your changes.</p>
      )}
      {failed.data && failed.data.length > 0 && (
        <ul className="plain sync-list">
          {failed.data.map((f) => (
            <FailedItem key={f.seq} change={f} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FailedItem({ change: f, now }: { change: FailedChange; now: number }) {
  const retry = useSyncAction('sync.retry');
  const discard = useSyncAction('sync.discard');
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const discardRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // Keyboard focus follows the question, and comes back to Discard when it is dismissed.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) discardRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const titleId = `failed-${f.seq}-title`;
  const questionId = `failed-${f.seq}-question`;
  const busy = retry.isPending || discard.isPending;
  return (
    <li className="sync-item" data-testid={`failed-${f.seq}`}>
      <div className="sync-item-head">
        <strong id={titleId}>{f.label}</strong>
        <span className="muted">
          {opLabels[f.op]} · {groupLabels[f.group]} · {plural(f.attempts, 'attempt')} · <Time iso={f.at} now={now} />
        </span>
      </div>
      <div className="sync-server-message">
        <span className="muted">The platform said: </span>
        <q data-testid="failed-message">{f.message}</q>
      </div>
      {!confirming ? (
        <div className="row">
          <button type="button" onClick={() => retry.mutate({ seq: f.seq })} disabled={busy}>
            Retry
          </button>
          <button type="button" ref={discardRef} onClick={() => setConfirming(true)} disabled={busy}>
            Discard
          </button>
        </div>
      ) : (
        <div className="sync-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId}>Discard this change? The record goes back to the platform's version.</p>
          <div className="row">
            <button
              type="button"
              className="danger"
              onClick={() => discard.mutate({ seq: f.seq }, { onSettled: () => setConfirming(false) })}
              disabled={busy}
            >
              Discard change
            </button>
            <button type="button" ref={cancelRef} onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <QueryError error={retry.error ?? discard.error} />
    </li>
  );
}
