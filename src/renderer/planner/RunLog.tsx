import { useId, useState } from 'react';
import type { AutomationRun } from '../../shared/planner';
import { useChannel } from '../backend/context';
import { absoluteTime } from '../sync/format';
import { QueryError } from '../sync/QueryError';

const outcomeLabels: Record<AutomationRun['outcome'], string> = { ok: 'OK', failed: 'Failed', skipped: 'Skipped' };
const outcomeGlyphs: Record<AutomationRun['outcome'], string> = { ok: '✓', failed: '⚠', skipped: '⊘' };

export function OutcomeBadge({ outcome }: { outcome: AutomationRun['outcome'] }) {
  return (
    <span className={`run-outcome run-${outcome}`} data-outcome={outcome}>
      <span aria-hidden="true">{outcomeGlyphs[outcome]} </span>
      {outcomeLabels[outcome]}
    </span>
  );
}

/** D6: what automations did, newest first, with why one failed or was skipped (refreshed as they run). */
export function RunLog({ automationId }: { automationId: string | null }) {
  const id = useId();
  const [onlyThis, setOnlyThis] = useState(false);
  const filter = onlyThis && automationId ? automationId : undefined;
  const runs = useChannel(
    'automations.runs',
    { ...(filter ? { automationId: filter } : {}), limit: 100 },
    { placeholderData: (prev) => prev },
  );
  const items = runs.data ?? [];
  return (
    <section className="card run-log" aria-labelledby={`${id}-title`}>
      <div className="planner-list-head">
        <h2 id={`${id}-title`}>Run log</h2>
        {automationId && (
          <label className="checkbox">
            <input type="checkbox" checked={onlyThis} onChange={(e) => setOnlyThis(e.target.checked)} />
            Only the chosen automation
          </label>
        )}
      </div>
      <QueryError error={runs.error} />
      {runs.data && items.length === 0 && <p className="muted">No runs yet.</p>}
      <ol
        className="plain sync-log run-list"
        data-testid="automation-log"
        aria-label="Automation runs, newest first"
        aria-live="polite"
      >
        {items.map((r) => (
          <li
            key={r.id}
            className={`sync-log-entry run-entry run-entry-${r.outcome}`}
            data-testid={`automation-log-${r.id}`}
            data-outcome={r.outcome}
          >
            <OutcomeBadge outcome={r.outcome} />
            <time className="sync-log-time" dateTime={r.at}>
              {absoluteTime(r.at)}
            </time>
            <strong>{r.automationName}</strong>
            <span className="muted">{r.cause}</span>
            <span className="sync-log-message">{r.message}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
