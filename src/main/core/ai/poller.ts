/**
 * Asking the platform about an asynchronous job until it is done, failed, or out of time. Every
 * question and the time of the next are written to the job's row, so a stopped app resumes with
 * the same id, the same backoff and the same deadline (counted from the submission).
 */
import type { AppError } from '../../../shared/errors';
import { readFirstText } from '../../../shared/field-path';
import type { AiPoll, ErrorFields } from '../../../shared/profile';
import { PlatformError, type HttpRequest, type HttpResponse } from '../platform/http';
import { htmlAnswer } from './html-answer';
import type { JobStore } from './job-store';

export interface PollerDeps {
  send(req: HttpRequest): Promise<HttpResponse>;
  jobs: JobStore;
  now(): number;
  /** Resolves after `ms`, rejects when `signal` aborts (tests may shorten it). */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/** `final`: the platform itself said the job failed (a Retry then submits it again; otherwise it asks again). */
export type PollResult =
  { kind: 'done'; res: HttpResponse } | { kind: 'failed'; error: AppError; final?: boolean } | { kind: 'gone' };

const POLL_DEADLINE_MS = 30_000;

/** The wait after `asked` questions: the first interval, growing by the backoff, capped. */
export function pollInterval(poll: AiPoll, asked: number): number {
  return Math.round(Math.min(poll.maxIntervalMs, poll.intervalMs * poll.backoff ** asked));
}

/** "30 min", "1 h 30 min", "45 s": deadlines as people read them. */
export function spoken(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const matches = (values: readonly string[], state: string) =>
  values.some((v) => v.toLowerCase() === state.toLowerCase());

/** What the last question got: a state, or a problem (a 5xx) that kept the answer away. */
type LastAnswer = { state: string | null } | { problem: string };

export function deadlineError(poll: AiPoll, remoteId: string, last: LastAnswer): AppError {
  const said =
    'problem' in last
      ? ` The last question got no answer: ${last.problem.replace(/[.\s]*$/, '.')}`
      : last.state === null
        ? ` Its answers had no state at ${poll.statusField.map((p) => `"${p}"`).join(' or ')}.`
        : ` Its last state was "${last.state}".`;
  return {
    code: 'unavailable',
    message: `The platform did not finish the job within ${spoken(poll.deadlineMs)}; it may still be billed.${said}`,
    hint:
      `Atelier stopped asking about it (platform job ${remoteId}). ` +
      `Check the platform's own history, or retry: Atelier asks about the same job again.`,
  };
}

/** A platform error while asking (5xx, a malformed answer) is passing: keep asking until the deadline. */
function passing(e: unknown): e is PlatformError {
  return e instanceof PlatformError && !e.cancelled && e.error.code === 'unavailable';
}

export class Poller {
  constructor(private readonly deps: PollerDeps) {}

  /**
   * Ask until a final state; the job's row holds the id, the count, the next time and the
   * deadline. Past the deadline the platform is still asked once per run (a restart after the
   * deadline may find the result ready) before the job fails.
   */
  async until(
    jobId: string,
    poll: AiPoll,
    url: (remoteId: string) => string,
    errors: ErrorFields,
    signal: AbortSignal,
  ): Promise<PollResult> {
    const { deps } = this;
    const sleep = deps.sleep ?? sleepFor;
    let last: LastAnswer = { state: null };
    for (let askedHere = 0; ;) {
      const row = deps.jobs.get(jobId);
      if (!row || row.state !== 'running' || row.remote_job_id === null) return { kind: 'gone' };
      const now = deps.now();
      const deadline = row.poll_deadline_at ?? (row.submitted_at ?? now) + poll.deadlineMs;
      if (now >= deadline && askedHere > 0)
        return { kind: 'failed', error: deadlineError(poll, row.remote_job_id, last) };
      const wake = Math.min(row.poll_next_at ?? now, deadline);
      if (wake > now) {
        await sleep(wake - now, signal);
        continue; // the deadline and the row are checked again after every wait
      }
      askedHere += 1;
      const asked = row.poll_count + 1;
      let res: HttpResponse;
      try {
        res = await deps.send({
          method: poll.method,
          url: url(row.remote_job_id),
          deadlineMs: POLL_DEADLINE_MS,
          errorFields: errors,
          signal,
        });
      } catch (e) {
        if (!passing(e)) throw e;
        last = { problem: e.error.message };
        deps.jobs.polled(jobId, asked, deps.now() + Math.max(pollInterval(poll, asked), e.error.retryAfterMs ?? 0));
        continue;
      }
      deps.jobs.polled(jobId, asked, deps.now() + pollInterval(poll, asked));
      const page = htmlAnswer(res);
      if (page) return { kind: 'failed', error: page };
      const state = readFirstText(res.body, poll.statusField) ?? null;
      if (state !== null && matches(poll.doneValues, state)) return { kind: 'done', res };
      if (state !== null && matches(poll.failedValues, state)) {
        const words = readFirstText(res.body, errors.message) ?? `The platform reported the job as "${state}".`;
        return {
          kind: 'failed',
          final: true,
          error: {
            code: 'denied',
            message: words,
            hint: 'The platform did not produce a result; change the request or retry.',
          },
        };
      }
      last = { state };
    }
  }
}
