import type { AiProgress } from '../../../shared/ai';
import type { AppError } from '../../../shared/errors';
import { readFirstText } from '../../../shared/field-path';
import type { AiOperationSpec, AiPoll } from '../../../shared/profile';
import { AppException, toAppError } from '../errors';
import { BlobCorruptError, BlobNotFoundError, type BlobStore } from '../library/files/blob-store';
import type { MediaTools } from '../media/media-tools';
import type { Logger } from '../ports';
import { isAbort, type HttpRequest, type HttpResponse } from '../platform/http';
import type { SessionTarget } from '../platform/session';
import { bodyStream } from './body-stream';
import { htmlAnswer } from './html-answer';
import { parseJson, type JobRow, type JobStore } from './job-store';
import { Poller } from './poller';
import { readAnswer, type ReadAnswer } from './response-map';
import { ResultStore } from './result-store';
import { bodyLength, renderBody } from './template';

export interface RunnerDeps {
  /** Requests to the platform with the user's credentials. */
  send(req: HttpRequest): Promise<HttpResponse>;
  /** Requests elsewhere (an output served by another host): never carries credentials. */
  fetchPlain(req: HttpRequest): Promise<HttpResponse>;
  target(): Promise<SessionTarget>;
  blobs: BlobStore;
  jobs: JobStore;
  tools(): Promise<MediaTools>;
  now(): number;
  logger: Logger;
  /** Largest result stored (default: the library's cap, MAX_FILE_BYTES). */
  maxResultBytes?: number;
  /** The wait between polls (tests may shorten it). */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export type RunOutcome =
  | { kind: 'succeeded' }
  /**
   * `answer`: an answer kept to teach from; `platformFailed`: the platform said its job failed (Retry submits again).
   */
  | {
      kind: 'failed';
      error: AppError;
      request?: string;
      answer?: { response: string; note: string };
      platformFailed?: boolean;
    }
  | { kind: 'cancelled' }
  /** Not done, not failed: wait and send again with the same idempotency key (offline, rate limited, signed out). */
  | { kind: 'wait'; afterMs: number; error: AppError; reason: 'offline' | 'rate_limited' | 'auth' | 'busy' };

/**
 * A job's progress; `received`, when set, is told once every byte the platform sends for the job is in hand (what is
 * left is local: checking and storing the results), so the queue can start the next request meanwhile.
 */
export type Progress = ((p: AiProgress) => void) & { received?: () => void };

/** A generation may take minutes on a real platform; the request waits this long at most. */
const AI_DEADLINE_MS = 15 * 60 * 1000;
/** Where a job id usually is, when the profile polls but its map does not say. */
const JOB_ID_FIELDS = ['job_id', 'jobId', 'id', 'job.id', 'data.id', 'data.job_id'];
const FAILED_HINT = 'The platform did not produce a result; change the request or retry.';
const NO_ID_HINT =
  'The platform may still finish it, and bill it. Point at the field ' +
  'of the answer below that holds the platform’s job id: ' +
  'Atelier then asks about this job without submitting it again (Retry would submit it again).';
const NO_ID_NOTE = 'Point at the field that holds the platform’s job id to teach Atelier where to look.';

const HINTS: Partial<Record<AppError['code'], string>> = {
  validation: 'Check the model and parameters, then retry.',
  denied: 'Check your API key or account in Settings, then retry.',
  not_found: 'The operation or model may not exist on this platform; check the profile and the model.',
  unavailable: 'The platform had a problem; retry later.',
};

function withHint(error: AppError): AppError {
  if (error.hint || !HINTS[error.code]) return error;
  return { ...error, hint: HINTS[error.code] as string };
}

const failed = (error: AppError): Extract<RunOutcome, { kind: 'failed' }> => ({ kind: 'failed', error });
const quoted = (paths: readonly string[]) => paths.map((p) => `"${p}"`).join(' or ');

/**
 * The platform accepted the job but its answer has no id Atelier can find: failed, naming the field, the answer kept to
 * teach from.
 */
function noJobId(job: JobRow, spec: AiOperationSpec, raw: string): RunOutcome {
  const paths = spec.response?.jobId;
  const where = paths ? `has no job id at ${quoted(paths)}` : 'has no job id in a field Atelier knows';
  return {
    kind: 'failed',
    error: {
      code: 'validation',
      message:
        `The platform accepted the job, but its answer ${where} (ai.${job.operation}.response.jobId), ` +
        `so Atelier cannot ask for the result.`,
      hint: NO_ID_HINT,
    },
    answer: { response: raw, note: NO_ID_NOTE },
  };
}
const matches = (values: readonly string[], state: string | null) =>
  state !== null && values.some((v) => v.toLowerCase() === state.toLowerCase());

/**
 * Runs one job: streams the request, reads the answer (asking again later for asynchronous ones), stores every output.
 */
export class JobRunner {
  private readonly results: ResultStore;
  private readonly poller: Poller;

  constructor(private readonly deps: RunnerDeps) {
    this.results = new ResultStore(deps);
    this.poller = new Poller({
      send: deps.send,
      jobs: deps.jobs,
      now: deps.now,
      ...(deps.sleep && { sleep: deps.sleep }),
    });
  }

  async run(job: JobRow, signal: AbortSignal, progress: Progress): Promise<RunOutcome> {
    const sent: { request: string | null } = { request: job.request };
    const outcome = await this.outcome(job, signal, progress, sent);
    return outcome.kind === 'failed' && sent.request !== null ? { ...outcome, request: sent.request } : outcome;
  }

  private async outcome(
    job: JobRow,
    signal: AbortSignal,
    progress: Progress,
    sent: { request: string | null },
  ): Promise<RunOutcome> {
    try {
      return await this.attempt(job, signal, progress, sent);
    } catch (e) {
      if (signal.aborted || isAbort(e)) return { kind: 'cancelled' };
      if (e instanceof BlobCorruptError || e instanceof BlobNotFoundError) {
        const where = e instanceof BlobCorruptError ? 'is damaged on disk' : 'is missing from the data folder';
        return failed({
          code: 'storage',
          message: `The input file ${where}, so it was not sent.`,
          hint: 'Choose the input again (import the original), then run a new job.',
        });
      }
      const { error, known } = toAppError(e);
      if (!known) this.deps.logger.error('AI job failed unexpectedly', { job: job.id, error: e });
      switch (error.code) {
        case 'offline':
          return { kind: 'wait', afterMs: 0, error, reason: 'offline' };
        case 'rate_limited':
          return { kind: 'wait', afterMs: error.retryAfterMs ?? 5_000, error, reason: 'rate_limited' };
        case 'auth':
          return { kind: 'wait', afterMs: 0, error, reason: 'auth' };
        case 'conflict':
          // The same job is still running on the platform (idempotency in progress): ask again shortly.
          return { kind: 'wait', afterMs: error.retryAfterMs ?? 1_000, error, reason: 'busy' };
        default:
          return failed(withHint(error));
      }
    }
  }

  private async attempt(
    job: JobRow,
    signal: AbortSignal,
    progress: Progress,
    sent: { request: string | null },
  ): Promise<RunOutcome> {
    const target = await this.deps.target();
    const spec = target.profile.ai[job.operation];
    if (!target.baseUrl)
      throw new AppException({
        code: 'auth',
        message: 'No platform address is set.',
        hint: 'Choose the sandbox or enter your platform address in Settings.',
      });
    // A job the platform already accepted is never submitted again: ask about it with its id.
    if (job.remote_job_id !== null) return this.resume(job, target, spec, signal, progress);
    const started = this.deps.now();
    const res = await this.submit(job, target, spec, signal, progress, sent);
    const request = sent.request as string;
    const page = htmlAnswer(res);
    if (page) return failed(page);
    const first = readAnswer(res.body, spec.response, target.profile.errors);
    if (first.failure) return failed({ code: 'denied', message: first.failure, hint: FAILED_HINT });
    if (spec.poll) {
      const state = readFirstText(res.body, spec.poll.statusField) ?? null;
      if (matches(spec.poll.failedValues, state))
        return failed({
          code: 'denied',
          message:
            readFirstText(res.body, target.profile.errors.message) ?? `The platform reported the job as "${state}".`,
          hint: FAILED_HINT,
        });
      const done = matches(spec.poll.doneValues, state);
      const remoteId = first.jobId ?? (spec.response?.jobId ? null : (readFirstText(res.body, JOB_ID_FIELDS) ?? null));
      const holdsResult = first.outputs.length > 0 || first.text !== null;
      // Accepted, still working, and no id to ask with: never "succeeded" while the platform works (and bills).
      if (remoteId === null && !done && !holdsResult) return noJobId(job, spec, res.text);
      if (remoteId !== null && !done && !holdsResult) {
        const now = this.deps.now();
        const stored = this.deps.jobs.accepted(job.id, {
          remoteJobId: remoteId,
          request,
          at: started,
          nextAt: now + spec.poll.intervalMs,
          deadlineAt: started + spec.poll.deadlineMs,
        });
        if (!stored) return { kind: 'cancelled' };
        return this.resume({ ...job, remote_job_id: remoteId }, target, spec, signal, progress);
      }
      // The first answer already holds the result: a finished answer is read as the poll's.
      if (done)
        return this.complete(
          job,
          readAnswer(res.body, spec.poll.response ?? spec.response, target.profile.errors),
          res.text,
          request,
          started,
          target,
          signal,
          progress,
        );
    }
    return this.complete(job, first, res.text, request, started, target, signal, progress);
  }

  /** Send the job's request (streaming a media input) and wait for the first answer. */
  private async submit(
    job: JobRow,
    target: SessionTarget,
    spec: AiOperationSpec,
    signal: AbortSignal,
    progress: Progress,
    sent: { request: string | null },
  ): Promise<HttpResponse> {
    const { deps } = this;
    const media =
      job.input_sha256 === null
        ? null
        : {
            sha256: job.input_sha256,
            mimeType: job.input_mime ?? 'application/octet-stream',
            name: job.input_name ?? '',
            size: job.input_size ?? 0,
            url: job.input_url,
          };
    const body = renderBody(spec, {
      operation: job.operation,
      modelId: job.model_id,
      prompt: job.prompt,
      params: parseJson(job.params, {}),
      media,
    });
    sent.request = JSON.stringify(body.provenance); // kept with the outcome, for the provenance of a failed job too
    const total = bodyLength(body);
    let bytes = 0;
    let lastReport = 0;
    const onBytes = (n: number) => {
      bytes += n;
      const now = deps.now();
      if (bytes >= total || now - lastReport >= 100) {
        lastReport = now;
        progress(
          bytes >= total
            ? { phase: 'generating', fraction: null }
            : { phase: 'sending', fraction: Math.min(1, bytes / total) },
        );
      }
    };
    progress(body.streamed ? { phase: 'sending', fraction: 0 } : { phase: 'generating', fraction: null });
    return deps.send({
      method: 'POST',
      url: new URL(spec.path, target.baseUrl as string).toString(),
      // The length is known before the first byte, so the platform can refuse an oversize body at once.
      headers: body.streamed
        ? { 'content-type': 'application/json', 'content-length': String(total) }
        : { 'content-type': 'application/json' },
      body: body.streamed
        ? () => {
            bytes = 0;
            return bodyStream(body, (sha) => deps.blobs.openVerified(sha), onBytes);
          }
        : JSON.parse(body.prefix),
      idempotencyKey: job.idempotency_key,
      deadlineMs: AI_DEADLINE_MS,
      // The queue decides about waiting and trying again, where the user can see it.
      maxAttempts: 1,
      signal,
    });
  }

  /** Ask about an accepted job until it ends, then read and store its result. */
  private async resume(
    job: JobRow,
    target: SessionTarget,
    spec: AiOperationSpec,
    signal: AbortSignal,
    progress: Progress,
  ): Promise<RunOutcome> {
    const poll: AiPoll | undefined = spec.poll;
    if (!poll) {
      return failed({
        code: 'validation',
        message:
          `The platform accepted this job (platform job ${job.remote_job_id}), ` +
          `but the profile in use no longer says how to ask about it (ai.${job.operation}.poll).`,
        hint: 'Select the profile that has poll settings for this operation; the job is not submitted again.',
      });
    }
    progress({ phase: 'polling', fraction: null });
    const base = target.baseUrl as string;
    const url = (id: string) => new URL(poll.path.replaceAll('{id}', encodeURIComponent(id)), base).toString();
    const result = await this.poller.until(job.id, poll, url, target.profile.errors, signal);
    if (result.kind === 'gone') return { kind: 'cancelled' };
    if (result.kind === 'failed')
      return result.final ? { ...failed(result.error), platformFailed: true } : failed(result.error);
    const answer = readAnswer(result.res.body, poll.response ?? spec.response, target.profile.errors);
    if (answer.failure)
      return { ...failed({ code: 'denied', message: answer.failure, hint: FAILED_HINT }), platformFailed: true };
    const row = this.deps.jobs.get(job.id);
    return this.complete(
      job,
      answer,
      result.res.text,
      row?.request ?? job.request ?? '',
      row?.submitted_at ?? job.submitted_at ?? this.deps.now(),
      target,
      signal,
      progress,
    );
  }

  private async complete(
    job: JobRow,
    answer: ReadAnswer,
    raw: string,
    request: string,
    started: number,
    target: SessionTarget,
    signal: AbortSignal,
    progress: Progress,
  ): Promise<RunOutcome> {
    const stored = await this.results.storeAll(answer, job.operation, target.baseUrl, signal, progress);
    const durationMs = this.deps.now() - started;
    // On disk before the queue announces the success; the disk is waited for off the main thread.
    const ok = await this.deps.jobs.durable(() =>
      this.deps.jobs.succeed(job.id, { ...stored, now: this.deps.now(), durationMs, request, response: raw }),
    );
    return ok ? { kind: 'succeeded' } : { kind: 'cancelled' };
  }

  /**
   * The user taught where an accepted answer keeps the job id: read it from the stored answer
   * with the profile in use and put the job back in the queue holding it, to ask about the job
   * (never to submit it again). False when there is nothing to resume.
   */
  async resumeTaught(jobId: string): Promise<boolean> {
    const row = this.deps.jobs.get(jobId);
    if (!row || row.remote_job_id !== null || row.response === null) return false;
    const target = await this.deps.target();
    const spec = target.profile.ai[row.operation];
    if (!spec.poll) return false;
    const remoteId = readAnswer(
      parseJson<unknown>(row.response, row.response),
      spec.response,
      target.profile.errors,
    ).jobId;
    if (remoteId === null) return false;
    const now = this.deps.now();
    // Atelier only starts asking now: the deadline counts from here.
    return this.deps.jobs.resumeAccepted(jobId, {
      remoteJobId: remoteId,
      at: row.requested_at ?? now,
      nextAt: now,
      deadlineAt: now + spec.poll.deadlineMs,
    });
  }

  /**
   * Read a finished job's stored answer again with the profile in use (after the user taught it a
   * mapping): nothing is sent to the platform, except downloading media the answer names by URL.
   */
  async reread(jobId: string, signal: AbortSignal): Promise<boolean> {
    const row = this.deps.jobs.get(jobId);
    if (!row || row.state !== 'succeeded' || row.response === null) return false;
    const target = await this.deps.target();
    const spec = target.profile.ai[row.operation];
    const map = row.remote_job_id !== null && spec.poll ? (spec.poll.response ?? spec.response) : spec.response;
    const body = parseJson<unknown>(row.response, row.response);
    const stored = await this.results.storeAll(
      readAnswer(body, map, target.profile.errors),
      row.operation,
      target.baseUrl,
      signal,
      () => undefined,
    );
    return this.deps.jobs.reread(jobId, stored);
  }
}
