import type { Logger } from '../../ports';
import { backoffDelay, DEFAULT_BACKOFF_BASE_MS, DEFAULT_BACKOFF_CAP_MS } from './backoff';
import { type AttemptStop, CallScope, guard, Interrupt, realSleep } from './call-scope';
import { type Admission, Circuits } from './circuit';
import { HostBlocks } from './host-blocks';
import { isNetworkError, networkCode } from './network-error';
import { parseBody, serverMessage } from './parse-body';
import { jsonCode } from './server-message';
import { cancelledError, PlatformError } from './platform-error';
import { isRedirectStatus } from './redirect-status';
import { encodeBody, type EncodedBody } from './request-body';
import { streamFetch } from './stream-transport';
import { Addresses, type Address } from './address';
import { headerRecord, headerValue } from './header-record';
import { type Answer, connections, fetchAnswer } from './transport';
import { parseRetryAfter } from './retry-after';
import { isReplaySafe, isRetryableStatus } from './retry-policy';
import { headerScrubber, scrubDeep } from './scrub';
import {
  blockedError,
  deadlineError,
  malformedError,
  offlineError,
  requestBugError,
  statusError,
  tooLargeError,
} from './status-error';
import {
  LocalFailure,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_ATTEMPTS,
  type HostReachability,
  type HostState,
  type HostStateChange,
  type HttpClientDeps,
  type HttpRequest,
  type HttpResponse,
} from './types';

/** Error bodies are only mined for a message and a record: 1 MB is plenty. */
const ERROR_BODY_BYTES = 1024 * 1024;
const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
const ACCEPT = 'application/json, */*;q=0.8';

interface Prepared {
  url: Address;
  /** Lower-case names (header-record.ts). */
  headers: Record<string, string>;
  body: EncodedBody;
}

type AttemptResult =
  | { kind: 'answer'; res: Answer; text: string; truncated: boolean; consumed?: unknown }
  /** Network-level: refused, DNS, reset, or no answer within the attempt's time. */
  | { kind: 'failed'; error: PlatformError };

type Verdict = { response: HttpResponse } | { error: PlatformError; retryable: boolean; retryAfterMs?: number };

/** A manual-redirect request gets a redirect with somewhere to go back as its answer. */
function handsBackRedirect(req: HttpRequest, res: Answer): boolean {
  return req.redirect === 'manual' && isRedirectStatus(res.status) && res.header('location') !== null;
}

/** A 2xx answer handed to the request's consumer; a streamed body it did not finish stops downloading. */
async function consumeAnswer(req: HttpRequest, res: Answer, signal: AbortSignal): Promise<unknown> {
  const { consume, consumeStream } = req;
  if (consumeStream === undefined) return consume ? guard(consume(res.response(), signal), signal) : undefined;
  try {
    return await guard(consumeStream(res, signal), signal);
  } finally {
    res.drop();
  }
}

function hostKey(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url; // already a bare host
  }
}

/** The platform's HTTP client: deadlines, safe retries, Retry-After, a circuit per host, typed errors. */
export class HttpClient {
  /** A fetch the caller gave (tests wrap the real one to count or break calls): every request then goes through it. */
  private readonly givenFetch: typeof fetch | undefined;
  private readonly streamFetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;
  private readonly logger: Logger | undefined;
  private readonly backoffBaseMs: number;
  private readonly backoffCapMs: number;
  private readonly maxBodyBytes: number;
  private readonly circuits: Circuits;
  private readonly blocks: HostBlocks;
  private readonly listeners = new Set<(change: HostStateChange) => void>();
  private readonly addresses = new Addresses();

  constructor(deps: HttpClientDeps = {}) {
    this.givenFetch = deps.fetch;
    this.streamFetchImpl = deps.streamFetch ?? streamFetch;
    this.now = deps.now ?? Date.now;
    this.sleep = deps.sleep ?? realSleep;
    this.random = deps.random ?? Math.random;
    this.logger = deps.logger;
    this.backoffBaseMs = deps.backoff?.baseMs ?? DEFAULT_BACKOFF_BASE_MS;
    this.backoffCapMs = deps.backoff?.capMs ?? DEFAULT_BACKOFF_CAP_MS;
    this.maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.circuits = new Circuits(deps.circuit ?? {}, this.now, (host, state) => this.emit(host, state));
    this.blocks = new HostBlocks(this.now);
  }

  /** Resolves for 2xx only; everything else rejects with a PlatformError (see status-error.ts). */
  async request(req: HttpRequest): Promise<HttpResponse> {
    if (req.signal?.aborted) throw cancelledError();
    const prepared = this.prepare(req);
    const deadline =
      req.deadlineMs !== undefined && Number.isFinite(req.deadlineMs) && req.deadlineMs > 0
        ? req.deadlineMs
        : DEFAULT_DEADLINE_MS;
    const scope = new CallScope(deadline, this.now, req.signal);
    try {
      return await this.run(req, prepared, scope);
    } catch (e) {
      if (e instanceof LocalFailure) throw e.failure;
      throw this.settle(e, scope);
    } finally {
      scope.end();
    }
  }

  /** Reachability and Retry-After block of the host of `url` (or a bare host), for a status bar. */
  hostState(url: string): HostState {
    const host = hostKey(url);
    const state: HostState = { host, ...this.circuits.snapshot(host) };
    const blockedUntil = this.blocks.blockedUntil(host);
    if (blockedUntil !== undefined) state.blockedUntil = blockedUntil;
    return state;
  }

  /** Called when a host goes offline (circuit opens) or comes back; returns an unsubscribe function. */
  onStateChange(listener: (change: HostStateChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The OS says the network is back: let the next request to the host (or every host) through at once. */
  resetCircuit(url?: string): void {
    this.circuits.reset(url === undefined ? undefined : hostKey(url));
  }

  private emit(host: string, state: HostReachability): void {
    this.logger?.warn(
      state === 'offline' ? 'platform unreachable: circuit open' : 'platform reachable again: circuit closed',
      { host },
    );
    const change: HostStateChange = { host, state, at: this.now() };
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A failing status bar must not break requests.
      }
    }
  }

  private prepare(req: HttpRequest): Prepared {
    try {
      const url = this.addresses.get(req.url);
      if ((req.method === 'GET' || req.method === 'HEAD') && req.body !== undefined)
        throw new TypeError('a GET or HEAD request cannot have a body');
      const headers = headerRecord(req.headers);
      headers.accept ??= ACCEPT;
      if (req.idempotencyKey) headers['idempotency-key'] = headerValue(req.idempotencyKey);
      return { url, headers, body: encodeBody(req.body, headers) };
    } catch (e) {
      // Only the error's name: messages about bad headers quote the header value.
      this.logger?.error('platform request could not be built', {
        method: req.method,
        error: e instanceof Error ? e.name : typeof e,
      });
      throw requestBugError();
    }
  }

  private settle(e: unknown, scope: CallScope): PlatformError {
    if (e instanceof PlatformError) return e;
    const reason: unknown = e instanceof Interrupt ? e : scope.reason;
    if (reason instanceof Interrupt)
      return reason.kind === 'cancelled' ? cancelledError() : deadlineError(scope.deadlineMs);
    this.logger?.error('platform request failed unexpectedly', { error: e instanceof Error ? e.name : typeof e });
    return requestBugError();
  }

  private async run(req: HttpRequest, prepared: Prepared, scope: CallScope): Promise<HttpResponse> {
    const host = prepared.url.host;
    const wanted =
      req.maxAttempts !== undefined && Number.isFinite(req.maxAttempts)
        ? Math.floor(req.maxAttempts)
        : DEFAULT_MAX_ATTEMPTS;
    const maxAttempts =
      isReplaySafe(req.method, req.idempotencyKey) && prepared.body.replayable ? Math.max(1, wanted) : 1;
    for (let attempt = 1; ; attempt += 1) {
      if (this.blocks.remaining(host) > 0) await this.waitForHost(host, scope);
      const admission = this.circuits.admit(host);
      if (admission === 'reject') throw offlineError();
      const result = await this.attempt(req, prepared, admission, attempt, scope);
      const verdict: Verdict =
        result.kind === 'failed' ? { error: result.error, retryable: true } : this.judge(req, result, attempt, host);
      if ('response' in verdict) return verdict.response;
      if (!verdict.retryable || attempt >= maxAttempts) throw verdict.error;
      // Retry-After replaces backoff; its wait happens in waitForHost, shared with every caller.
      const wait =
        verdict.retryAfterMs !== undefined
          ? this.blocks.remaining(host)
          : backoffDelay(attempt - 1, this.random, this.backoffBaseMs, this.backoffCapMs);
      if (!scope.canWait(wait)) throw verdict.error;
      if (verdict.retryAfterMs === undefined && wait > 0) await guard(this.sleep(wait, scope.signal), scope.signal);
    }
  }

  /** Nothing goes to a host inside its Retry-After window: wait if the deadline allows, else fail now. */
  private async waitForHost(host: string, scope: CallScope): Promise<void> {
    for (let left = this.blocks.remaining(host); left > 0; left = this.blocks.remaining(host)) {
      if (!scope.canWait(left)) throw blockedError(left);
      await guard(this.sleep(left, scope.signal), scope.signal);
    }
  }

  private async attempt(
    req: HttpRequest,
    prepared: Prepared,
    admission: Admission,
    n: number,
    scope: CallScope,
  ): Promise<AttemptResult> {
    const host = prepared.url.host;
    const started = this.now();
    const timeoutMs = Math.min(req.attemptTimeoutMs ?? Infinity, scope.remaining());
    const stop = scope.attempt(timeoutMs);
    let answered = false;
    try {
      // The shared connections end the request and the body they read when stopped: no race needed.
      const own = this.onConnections(req, prepared);
      const sending = this.send(req, prepared, stop, own);
      const res = await (own ? sending : guard(sending, stop.signal));
      answered = true;
      this.circuits.success(host);
      if (handsBackRedirect(req, res)) {
        // Its body is never read: the caller only wants the next address.
        await res.discard();
        this.logAttempt(req, prepared, n, started, { status: res.status, outcome: 'redirect' });
        return { kind: 'answer', res, text: '', truncated: false };
      }
      const ok = res.status >= 200 && res.status < 300;
      if (ok && (req.consumeStream ?? req.consume)) {
        const consumed = await consumeAnswer(req, res, stop.signal);
        this.logAttempt(req, prepared, n, started, { status: res.status });
        return { kind: 'answer', res, text: '', truncated: false, consumed };
      }
      const reading = res.read(ok ? this.maxBodyBytes : ERROR_BODY_BYTES);
      const { text, truncated } = await (own ? reading : guard(reading, stop.signal));
      this.logAttempt(req, prepared, n, started, { status: res.status });
      return { kind: 'answer', res, text, truncated };
    } catch (e) {
      if (e instanceof LocalFailure && !stop.aborted) throw e;
      const reason: unknown = stop.aborted ? stop.reason : e;
      if (reason instanceof Interrupt) {
        if (reason.kind === 'cancelled') {
          if (!answered) this.circuits.release(host, admission);
          this.logAttempt(req, prepared, n, started, { outcome: 'cancelled' });
          throw reason;
        }
        if (!answered) this.circuits.failure(host, admission); // accepted but silent counts as unreachable
        this.logAttempt(req, prepared, n, started, { outcome: 'timeout' });
        if (reason.kind === 'deadline') throw reason;
        return { kind: 'failed', error: deadlineError(timeoutMs) };
      }
      if (answered || isNetworkError(e)) {
        if (!answered) this.circuits.failure(host, admission);
        this.logAttempt(req, prepared, n, started, {
          outcome: answered ? 'body-failed' : 'network',
          code: networkCode(e),
        });
        return { kind: 'failed', error: offlineError() };
      }
      this.circuits.release(host, admission);
      this.logAttempt(req, prepared, n, started, { outcome: 'bug', error: e instanceof Error ? e.name : typeof e });
      throw requestBugError();
    } finally {
      stop.dispose();
    }
  }

  /**
   * One attempt on the wire. JSON, text and byte bodies go over the shared keep-alive connections,
   * their answers read whole or taken by a `consumeStream`; streamed uploads over node:http
   * (stream-transport.ts); answers taken as a Response (`consume`), other body types, and every
   * request of a client given its own fetch, through fetch.
   */
  private onConnections(req: HttpRequest, prepared: Prepared): boolean {
    const { body, streaming } = prepared.body;
    return (
      this.givenFetch === undefined &&
      !req.consume &&
      !streaming &&
      (body === undefined || typeof body === 'string' || body instanceof Uint8Array)
    );
  }

  private send(req: HttpRequest, prepared: Prepared, stop: AttemptStop, own: boolean): Promise<Answer> {
    const { body } = prepared.body;
    const redirect = req.redirect ?? 'follow';
    // Not async: one promise and one hop fewer on the path every API call takes.
    if (own && (body === undefined || typeof body === 'string' || body instanceof Uint8Array))
      return connections.send(prepared.url, { method: req.method, headers: prepared.headers, body, stop, redirect });
    return this.sendFetch(req, prepared, stop.signal, redirect);
  }

  private async sendFetch(
    req: HttpRequest,
    prepared: Prepared,
    signal: AbortSignal,
    redirect: 'follow' | 'manual',
  ): Promise<Answer> {
    const { body, make, streaming } = prepared.body;
    // `duplex` is Node's fetch extension for streamed bodies; the DOM typings lack it.
    const init: RequestInit & { duplex?: 'half' } = {
      method: req.method,
      headers: prepared.headers,
      body: (make ? make() : body) ?? null,
      signal,
      redirect,
    };
    if (streaming) init.duplex = 'half';
    // Late-bound so a fetch replaced on globalThis after construction is still used.
    const send = streaming ? this.streamFetchImpl : (this.givenFetch ?? globalThis.fetch);
    return fetchAnswer(await send(prepared.url.href, init));
  }

  private logAttempt(
    req: HttpRequest,
    prepared: Prepared,
    n: number,
    started: number,
    fields: Record<string, unknown>,
  ): void {
    this.logger?.debug('platform request', {
      method: req.method,
      url: prepared.url.logged, // never the query string: it may carry tokens
      attempt: n,
      ms: this.now() - started,
      ...fields,
    });
  }

  /** Turn an answer into a response or a typed error; secrets the request carried are scrubbed first. */
  private judge(
    req: HttpRequest,
    result: Extract<AttemptResult, { kind: 'answer' }>,
    attempt: number,
    host: string,
  ): Verdict {
    const { res } = result;
    const status = res.status;
    const contentType = res.header('content-type');
    if (handsBackRedirect(req, res))
      return { response: { status, headers: res.headers, body: null, text: '', attempts: attempt } };
    if (status >= 200 && status < 300) {
      if ('consumed' in result)
        return {
          response: {
            status,
            headers: res.headers,
            body: null,
            text: '',
            attempts: attempt,
            consumed: result.consumed,
          },
        };
      if (result.truncated) return { error: tooLargeError(status), retryable: false };
      const parsed = parseBody(result.text, contentType);
      if (parsed.kind === 'malformed') return { error: malformedError(status, null), retryable: false };
      // Headers are built only if the caller reads them (most read the body alone).
      const response: HttpResponse = {
        status,
        get headers() {
          return res.headers;
        },
        body: parsed.value,
        text: result.text,
        attempts: attempt,
      };
      return { response };
    }
    const scrubber = headerScrubber(req.headers);
    for (const secret of req.secrets ?? []) scrubber.add(secret);
    const parsed = parseBody(scrubber.scrub(result.text), contentType);
    const message = parsed.kind === 'malformed' ? undefined : serverMessage(parsed, req.errorFields);
    const code = parsed.kind === 'json' ? jsonCode(parsed.value, req.errorFields) : undefined;
    const body = parsed.kind === 'malformed' ? null : scrubDeep(parsed.value, scrubber);
    let retryAfterMs: number | undefined;
    if (status === 429 || status === 503) {
      retryAfterMs = parseRetryAfter(res.header('retry-after'), this.now(), res.header('date'));
      if (retryAfterMs !== undefined) this.blocks.block(host, retryAfterMs);
    }
    const error = statusError(
      status,
      message === undefined ? undefined : scrubber.scrub(message),
      body,
      retryAfterMs,
      code === undefined ? undefined : scrubber.scrub(code),
    );
    return retryAfterMs === undefined
      ? { error, retryable: isRetryableStatus(status, req.method) }
      : { error, retryable: isRetryableStatus(status, req.method), retryAfterMs };
  }
}
