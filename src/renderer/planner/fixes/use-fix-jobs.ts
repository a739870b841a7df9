import { useEffect, useReducer, useRef } from 'react';
import type { AppError } from '../../../shared/errors';
import type { AssetView } from '../../../shared/library';
import type { FixInput, FixJobView, FixState } from '../../../shared/media-fix';
import { BackendError, call } from '../../backend/call';
import { useBackend } from '../../backend/context';

/** A fix started from this composer: what it asked, for which media item, and where its job stands. */
export interface FixTask {
  key: string;
  input: FixInput;
  /** The media item's position in the channel's media when the fix began. */
  index: number;
  /** The source asset's name, for the words. */
  name: string;
  /** Null until the core has answered the start. */
  jobId: string | null;
  state: FixState | 'starting';
  progress: number | null;
  error: AppError | null;
  /** A cancel the core refused, in words (the job goes on and still reports its end). */
  problem: string | null;
}

const ended = (state: FixTask['state']) => state === 'succeeded' || state === 'failed' || state === 'cancelled';
const asAppError = (e: unknown): AppError =>
  e instanceof BackendError ? e.error : { code: 'internal', message: e instanceof Error ? e.message : String(e) };
// Views of jobs not (yet) known here: an event may come before the start's own answer.
const SEEN_MAX = 50;

/**
 * The tasks after news of one's job: a succeeded or cancelled job leaves the list; the others take the job's
 * state, a failed one with its error.
 */
export function afterView(tasks: readonly FixTask[], key: string, view: FixJobView): FixTask[] {
  if ((view.state === 'succeeded' && view.result) || view.state === 'cancelled')
    return tasks.filter((t) => t.key !== key);
  const failed = view.state === 'failed';
  const error = failed ? (view.error ?? { code: 'internal' as const, message: 'The fix failed.' }) : null;
  return tasks.map((t) =>
    t.key === key ? { ...t, jobId: view.id, state: view.state, progress: view.progress, error } : t,
  );
}

/**
 * The fixes this composer started, kept up to date from `media.fixChanged`. A succeeded job is handed to
 * `onSucceeded` once and leaves the list; a cancelled one leaves it; a failed one stays, with its error, until
 * tried again or dismissed. Nothing is picked up again after the composer closes: the job still ends in the core.
 */
export function useFixJobs(onSucceeded: (task: FixTask, asset: AssetView) => void) {
  const api = useBackend();
  // The list lives in a ref so an event handled before the next render still finds its task.
  const tasks = useRef<FixTask[]>([]);
  const seen = useRef(new Map<string, FixJobView>());
  const count = useRef(0);
  const [, render] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(onSucceeded);
  latest.current = onSucceeded;

  const replace = (next: FixTask[]) => {
    tasks.current = next;
    render();
  };
  const update = (key: string, change: Partial<FixTask>) =>
    replace(tasks.current.map((t) => (t.key === key ? { ...t, ...change } : t)));
  const remove = (key: string) => replace(tasks.current.filter((t) => t.key !== key));

  const settle = (key: string, view: FixJobView) => {
    const task = tasks.current.find((t) => t.key === key);
    if (!task) return;
    replace(afterView(tasks.current, key, view));
    if (view.state === 'succeeded' && view.result) latest.current(task, view.result.asset);
  };

  useEffect(
    () =>
      api.on('media.fixChanged', (view) => {
        const task = tasks.current.find((t) => t.jobId === view.id);
        if (task) return settle(task.key, view);
        seen.current.set(view.id, view);
        if (seen.current.size > SEEN_MAX) seen.current.delete(seen.current.keys().next().value ?? '');
      }),
    // settle reads only refs; subscribing once per backend is enough.
    [api],
  );

  const start = (input: FixInput, index: number, name: string) => {
    count.current += 1;
    const key = `fix-${count.current}`;
    const task: FixTask = {
      key,
      input,
      index,
      name,
      jobId: null,
      state: 'starting',
      progress: null,
      error: null,
      problem: null,
    };
    replace([...tasks.current, task]);
    call(api, 'media.fix', input).then(
      (view) => {
        const later = seen.current.get(view.id);
        seen.current.delete(view.id);
        settle(key, later && (ended(later.state) || !ended(view.state)) ? later : view);
      },
      (e: unknown) => update(key, { state: 'failed', error: asAppError(e) }),
    );
  };

  const cancel = (key: string) => {
    const id = tasks.current.find((t) => t.key === key)?.jobId;
    if (!id) return;
    call(api, 'media.fixCancel', { id }).then(
      (view) => settle(key, view),
      (e: unknown) => update(key, { problem: asAppError(e).message }),
    );
  };

  const retry = (key: string) => {
    const task = tasks.current.find((t) => t.key === key);
    if (!task) return;
    remove(key);
    start(task.input, task.index, task.name);
  };

  return { tasks: tasks.current, start, cancel, retry, dismiss: remove };
}
