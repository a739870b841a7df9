import { useId } from 'react';
import type { AiJobView } from '../../shared/ai';
import { QueryError } from '../sync/QueryError';
import { Elapsed } from './Elapsed';
import { jobSubject, jobTitle } from './format';
import { JobProgress } from './JobProgress';
import { retryLabel, stateLabels } from './labels';
import { platformJobNote } from './teach-view';
import { useSortableRow } from './SortableList';
import { useAiAction } from './use-ai-action';

interface Props {
  job: AiJobView;
  /** For waiting jobs: whether they can move up or down, and how. */
  canMove?: { up: boolean; down: boolean };
  onMove?(dir: 'up' | 'down'): void;
  onShow(id: string): void;
}

/** How a job is called in buttons' names and what screen readers hear. */
export function jobName(job: AiJobView): string {
  const subject = jobSubject(job);
  return `${jobTitle(job)}${subject ? ` “${subject}”` : ''}`;
}

/** The buttons that move a waiting job up or down, for the keyboard. */
function MoveButtons({
  job,
  name,
  canMove,
  onMove,
}: {
  job: AiJobView;
  name: string;
  canMove: { up: boolean; down: boolean };
  onMove(dir: 'up' | 'down'): void;
}) {
  return (
    <>
      <button
        type="button"
        className="lib-small"
        data-focus-key={`${job.id}:up`}
        aria-label={`Move up: ${name}`}
        title="Move up"
        disabled={!canMove.up}
        onClick={() => onMove('up')}
      >
        ↑ Up
      </button>
      <button
        type="button"
        className="lib-small"
        data-focus-key={`${job.id}:down`}
        aria-label={`Move down: ${name}`}
        title="Move down"
        disabled={!canMove.down}
        onClick={() => onMove('down')}
      >
        ↓ Down
      </button>
    </>
  );
}

/** What a job is and where it is: its title, state, time, subject, progress, platform note and error. */
function QueueRowInfo({ job, titleId, active }: { job: AiJobView; titleId: string; active: boolean }) {
  const subject = jobSubject(job);
  return (
    <>
      <div className="queue-row-head">
        <strong id={titleId}>{jobTitle(job)}</strong>
        <span className={`job-state job-state-${job.state}`}>{stateLabels[job.state]}</span>
        <Elapsed job={job} />
      </div>
      {subject && (
        <p className="queue-subject" title={job.prompt ?? job.input?.name}>
          {subject}
        </p>
      )}
      {active && <JobProgress job={job} />}
      {active && platformJobNote(job) && (
        <p className="field-hint" id={`${titleId}-remote`}>
          {platformJobNote(job)}
        </p>
      )}
      {job.state === 'failed' && job.error && (
        <div className="error-note" data-testid={`ai-job-error-${job.id}`}>
          <strong>{job.error.message}</strong>
          {job.error.hint && <span> {job.error.hint}</span>}
        </div>
      )}
    </>
  );
}

/** One job in the queue: what it is, where it is, and what can be done with it. */
export function QueueRow({ job, canMove, onMove, onShow }: Props) {
  const titleId = useId();
  const cancel = useAiAction('ai.cancel');
  const retry = useAiAction('ai.retry');
  const active = job.state === 'queued' || job.state === 'running';
  const name = jobName(job);
  // A waiting job is dragged with the pointer to another place; its buttons do the same for the keyboard.
  const row = useSortableRow(job.id, job.state === 'queued' && canMove !== undefined);
  return (
    <li
      ref={row.ref}
      style={row.style}
      {...row.listeners}
      className={`queue-row job-${job.state}${row.dragging ? ' is-dragging' : ''}`}
      data-testid={`ai-job-${job.id}`}
      data-state={job.state}
    >
      <QueueRowInfo job={job} titleId={titleId} active={active} />
      <div className="row queue-actions">
        {job.state === 'queued' && canMove && onMove && (
          <MoveButtons job={job} name={name} canMove={canMove} onMove={onMove} />
        )}
        {active && (
          <button
            type="button"
            className="lib-small"
            data-testid={`ai-cancel-${job.id}`}
            aria-label={`Cancel ${name}`}
            aria-describedby={platformJobNote(job) ? `${titleId}-remote` : undefined}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ id: job.id })}
          >
            Cancel
          </button>
        )}
        {(job.state === 'failed' || job.state === 'cancelled') && (
          <button
            type="button"
            className="lib-small"
            data-testid={`ai-retry-${job.id}`}
            aria-describedby={titleId}
            disabled={retry.isPending}
            onClick={() => retry.mutate({ id: job.id })}
          >
            {retryLabel(job)}
          </button>
        )}
        {!active && (
          <button type="button" className="lib-small" aria-label={`Show ${name}`} onClick={() => onShow(job.id)}>
            Show
          </button>
        )}
      </div>
      <QueryError error={cancel.error ?? retry.error} />
    </li>
  );
}
