import { jobWords } from './fix-actions';
import type { FixTask } from './use-fix-jobs';

interface Props {
  channelName: string;
  tasks: readonly FixTask[];
  onCancel(key: string): void;
  onRetry(key: string): void;
  onDismiss(key: string): void;
}

const CLOSING =
  'If you close the post now, the fix still finishes; the new asset stays in the library but is not put in this post.';

function Running({ task, words, onCancel }: { task: FixTask; words: string; onCancel(): void }) {
  const waiting = task.state === 'queued' || task.state === 'starting';
  return (
    <li className="fix-job" data-testid="fix-job" data-state={task.state} title={CLOSING}>
      <span>
        {words}
        {waiting ? ' (waiting)' : '…'}
      </span>
      {/* No value while the share done is unknown: an indeterminate bar. */}
      <progress aria-label={words} max={1} value={task.progress ?? undefined} />
      <button type="button" className="lib-small" disabled={task.jobId === null} onClick={onCancel}>
        Cancel
      </button>
      {task.problem && <span className="field-error">{task.problem}</span>}
    </li>
  );
}

function Failed({
  task,
  words,
  onRetry,
  onDismiss,
}: {
  task: FixTask;
  words: string;
  onRetry(): void;
  onDismiss(): void;
}) {
  return (
    <li className="fix-job is-failed" data-testid="fix-job" data-state="failed">
      <span role="alert" className="field-error">
        {words} failed: {task.error?.message ?? 'the fix failed.'}
        {task.error?.hint && ` ${task.error.hint}`}
      </span>
      <button type="button" className="lib-small" onClick={onRetry}>
        Try again
      </button>
      <button type="button" className="lib-small" onClick={onDismiss}>
        Dismiss
      </button>
    </li>
  );
}

/** The fixes running or failed for one channel: progress with Cancel, or the error in words with Try again. */
export function FixJobList({ channelName, tasks, onCancel, onRetry, onDismiss }: Props) {
  if (tasks.length === 0) return null;
  const running = tasks.some((t) => t.state !== 'failed');
  return (
    <>
      <ul className="fix-jobs" aria-label={`Fixes for ${channelName}`}>
        {tasks.map((t) => {
          const words = jobWords(t.input, t.name);
          return t.state === 'failed' ? (
            <Failed
              key={t.key}
              task={t}
              words={words}
              onRetry={() => onRetry(t.key)}
              onDismiss={() => onDismiss(t.key)}
            />
          ) : (
            <Running key={t.key} task={t} words={words} onCancel={() => onCancel(t.key)} />
          );
        })}
      </ul>
      {running && <p className="field-hint">{CLOSING}</p>}
    </>
  );
}
