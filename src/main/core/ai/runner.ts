import type { AiMediaKind, AiProgress } from '../../../shared/ai';
import { AI_IO } from '../../../shared/ai';
import type { AppError } from '../../../shared/errors';
import { AppException, toAppError } from '../errors';
import { BlobCorruptError, BlobNotFoundError, type BlobStore } from '../library/files/blob-store';
import { sniffMediaType } from '../library/files/media-kind';
import type { MediaTools } from '../library/files/media-tools';
import { probeMedia } from '../library/files/probe';
import { makeThumbnail } from '../library/files/thumbnail';
import type { Logger } from '../ports';
import { LocalFailure, isAbort, type HttpRequest, type HttpResponse } from '../platform/http';
import type { SessionTarget } from '../platform/session';
import { bodyStream } from './body-stream';
import { parseJson, type JobRow, type JobStore, type OutputRow } from './job-store';
import { parseAnswer, type ParsedOutput } from './response';
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
}

export type RunOutcome =
  | { kind: 'succeeded' }
  | { kind: 'failed'; error: AppError; request?: string }
  | { kind: 'cancelled' }
  /** Not done, not failed: wait and send again with the same idempotency key (offline, rate limited, signed out). */
  | { kind: 'wait'; afterMs: number; error: AppError; reason: 'offline' | 'rate_limited' | 'auth' | 'busy' };

/** A generation may take minutes on a real platform; the request waits this long at most. */
const AI_DEADLINE_MS = 15 * 60 * 1000;
const DOWNLOAD_DEADLINE_MS = 10 * 60 * 1000;

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

function kindOf(mime: string | null, head: Uint8Array | null): { kind: AiMediaKind; mime: string } | null {
  const m = mime?.toLowerCase().split(';')[0]?.trim() ?? '';
  if (m.startsWith('image/') || m.startsWith('video/') || m.startsWith('audio/')) return { kind: m.split('/')[0] as AiMediaKind, mime: m };
  const sniffed = head ? sniffMediaType(head) : null;
  return sniffed && sniffed.kind !== 'other' ? { kind: sniffed.kind, mime: sniffed.mime } : null;
}

/** The body's bytes, unless it is not JSON-safe base64 (then null and the output is left raw). */
function decodeInline(data: string): Buffer | null {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const b64 = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, b64.includes('-') || b64.includes('_') ? 'base64url' : 'base64');
}

/** Runs one job: streams the request, reads the answer, stores every output. */
export class JobRunner {
  constructor(private readonly deps: RunnerDeps) {}

  async run(job: JobRow, signal: AbortSignal, progress: (p: AiProgress) => void): Promise<RunOutcome> {
    const sent: { request: string | null } = { request: null };
    const outcome = await this.outcome(job, signal, progress, sent);
    return outcome.kind === 'failed' && sent.request !== null ? { ...outcome, request: sent.request } : outcome;
  }

  private async outcome(job: JobRow, signal: AbortSignal, progress: (p: AiProgress) => void, sent: { request: string | null }): Promise<RunOutcome> {
    try {
      return await this.attempt(job, signal, progress, sent);
    } catch (e) {
      if (signal.aborted || isAbort(e)) return { kind: 'cancelled' };
      if (e instanceof BlobCorruptError || e instanceof BlobNotFoundError) {
        return {
          kind: 'failed',
          error: { code: 'storage', message: `The input file ${e instanceof BlobCorruptError ? 'is damaged on disk' : 'is missing from the data folder'}, so it was not sent.`, hint: 'Choose the input again (import the original), then run a new job.' },
        };
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
          return { kind: 'failed', error: withHint(error) };
      }
    }
  }

  private async attempt(job: JobRow, signal: AbortSignal, progress: (p: AiProgress) => void, sent: { request: string | null }): Promise<RunOutcome> {
    const { deps } = this;
    const target = await deps.target();
    const spec = target.profile.ai[job.operation];
    if (!target.baseUrl) throw new AppException({ code: 'auth', message: 'No platform address is set.', hint: 'Choose the sandbox or enter your platform address in Settings.' });
    const media =
      job.input_sha256 === null
        ? null
        : { sha256: job.input_sha256, mimeType: job.input_mime ?? 'application/octet-stream', name: job.input_name ?? '', size: job.input_size ?? 0, url: job.input_url };
    const body = renderBody(spec, { operation: job.operation, modelId: job.model_id, prompt: job.prompt, params: parseJson(job.params, {}), media });
    const request = JSON.stringify(body.provenance);
    sent.request = request; // kept with the outcome, for the provenance of a failed job too
    const total = bodyLength(body);
    let bytes = 0;
    let lastReport = 0;
    const onBytes = (n: number) => {
      bytes += n;
      const now = deps.now();
      if (bytes >= total || now - lastReport >= 100) {
        lastReport = now;
        progress(bytes >= total ? { phase: 'generating', fraction: null } : { phase: 'sending', fraction: Math.min(1, bytes / total) });
      }
    };
    progress(body.streamed ? { phase: 'sending', fraction: 0 } : { phase: 'generating', fraction: null });
    const started = deps.now();
    const res = await deps.send({
      method: 'POST',
      url: new URL(spec.path, target.baseUrl).toString(),
      // The length is known before the first byte, so the platform can refuse an oversize body at once.
      headers: body.streamed ? { 'content-type': 'application/json', 'content-length': String(total) } : { 'content-type': 'application/json' },
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
    const durationMs = deps.now() - started;
    const raw = res.text;
    const answer = parseAnswer(res.body);
    if (answer.failure) return { kind: 'failed', error: { code: 'denied', message: answer.failure, hint: 'The platform did not produce a result; change the request or retry.' } };
    const wantsMedia = AI_IO[job.operation].output !== 'text';
    const outputs: Omit<OutputRow, 'job_id' | 'asset_id'>[] = [];
    let unknownShape = answer.unknownShape;
    const totalBytes = answer.outputs.length;
    for (const [idx, out] of answer.outputs.entries()) {
      progress({ phase: 'receiving', fraction: totalBytes === 0 ? null : idx / totalBytes });
      const stored = await this.store(out, idx, target, signal, (f) => progress({ phase: 'receiving', fraction: (idx + f) / totalBytes }));
      if (stored) outputs.push(stored);
      else unknownShape = true;
    }
    if (wantsMedia && outputs.length === 0 && answer.text === null) unknownShape = true;
    const stored = deps.jobs.succeed(job.id, { now: deps.now(), durationMs, request, response: raw, text: answer.text, unknownShape, outputs });
    return stored ? { kind: 'succeeded' } : { kind: 'cancelled' };
  }

  /** Download (or decode) one output into the file store. Null when it is not media Atelier can keep. */
  private async store(
    out: ParsedOutput,
    idx: number,
    target: SessionTarget,
    signal: AbortSignal,
    onFraction: (f: number) => void,
  ): Promise<Omit<OutputRow, 'job_id' | 'asset_id'> | null> {
    const { deps } = this;
    let sha: string;
    let size: number;
    let head: Uint8Array | null = null;
    let mime = out.mimeType;
    if (out.data !== null) {
      const bytes = decodeInline(out.data);
      if (!bytes) return null;
      head = bytes.subarray(0, 64);
      ({ sha256: sha, size } = await deps.blobs.putBuffer(bytes, { signal, label: 'an AI result' }));
    } else if (out.url !== null) {
      const own = new URL(target.baseUrl as string).origin === new URL(out.url).origin;
      const req: HttpRequest = {
        method: 'GET',
        url: out.url,
        deadlineMs: DOWNLOAD_DEADLINE_MS,
        signal,
        consume: async (res, sig) => {
          const length = Number(res.headers.get('content-length'));
          mime ??= res.headers.get('content-type');
          let got = 0;
          let readError: unknown = null;
          const body = res.body;
          if (!body) return { sha256: (await deps.blobs.putBuffer(Buffer.alloc(0))).sha256, size: 0 };
          async function* chunks(): AsyncGenerator<Uint8Array> {
            const reader = body!.getReader();
            for (;;) {
              let next: Awaited<ReturnType<typeof reader.read>>;
              try {
                next = await reader.read();
              } catch (e) {
                readError = e;
                throw e;
              }
              if (next.done) return;
              if (head === null) head = next.value.subarray(0, 64);
              got += next.value.byteLength;
              if (length > 0) onFraction(Math.min(1, got / length));
              yield next.value;
            }
          }
          try {
            return await deps.blobs.putStream(chunks(), { signal: sig, label: 'an AI result' });
          } catch (e) {
            if (readError !== null) throw readError; // the network failed: the client treats it as such
            throw new LocalFailure(e);
          }
        },
      };
      // Credentials go only to the platform itself, never to another host named in an answer.
      const res = own ? await deps.send(req) : await deps.fetchPlain(req);
      ({ sha256: sha, size } = res.consumed as { sha256: string; size: number });
    } else return null;
    if (out.sha256 !== null && out.sha256 !== sha) {
      throw new AppException({ code: 'unavailable', message: 'A result arrived damaged (its checksum did not match).', hint: 'Retry the job; the platform will send it again.' });
    }
    const type = kindOf(mime, head);
    if (!type) return null;
    let { width, height, durationMs } = out;
    let thumb: string | null = null;
    const file = deps.blobs.path(sha);
    if (type.kind !== 'audio') {
      const tools = await deps.tools();
      if (width === null || height === null || (type.kind === 'video' && durationMs === null)) {
        const probe = await probeMedia(file, type.kind, tools).catch(() => null);
        width ??= probe?.width ?? null;
        height ??= probe?.height ?? null;
        durationMs ??= probe?.durationMs ?? null;
      }
      if (type.kind === 'video') {
        const still = await makeThumbnail(file, 'video', tools, durationMs === null ? {} : { durationMs }).catch(() => null);
        if (still?.state === 'ready') thumb = (await deps.blobs.putBuffer(still.data, { label: 'a poster frame' })).sha256;
      }
    }
    return {
      idx,
      kind: type.kind,
      sha256: sha,
      mime_type: type.mime,
      size_bytes: size,
      width,
      height,
      duration_ms: durationMs,
      thumb_sha256: thumb,
      remote_url: out.url,
    };
  }
}
