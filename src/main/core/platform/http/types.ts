import type { ErrorFields } from '../../../../shared/profile';
import type { Logger } from '../../ports';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL. */
  url: string;
  /** Caller headers (Authorization…). Never logged, never copied into errors. */
  headers?: Record<string, string>;
  /**
   * JSON-serialised, unless binary (Buffer, Uint8Array, ArrayBuffer, Blob, stream, FormData) which is sent as-is.
   * A function is a stream factory: called once per attempt, so a streamed body can still be retried.
   */
  body?: unknown;
  /**
   * Takes a successful (2xx) answer's body as a stream instead of reading it into memory (downloads).
   * Its result is the response's `consumed`; the response's text is then empty.
   */
  consume?: (res: Response, signal: AbortSignal) => Promise<unknown>;
  /**
   * As `consume`, but the body comes chunk by chunk over the shared keep-alive connections (no
   * Response is built); ending the iteration early, or throwing, stops the download.
   */
  consumeStream?: (answer: StreamedAnswer, signal: AbortSignal) => Promise<unknown>;
  /** Sent as `Idempotency-Key` on every attempt; makes POST/PUT/PATCH/DELETE retryable. */
  idempotencyKey?: string;
  /** Budget for the whole call: every attempt and every wait. Default 30 s. */
  deadlineMs?: number;
  /**
   * Budget for one attempt, so a stalled attempt can be retried within the deadline. Default: the rest of the deadline.
   */
  attemptTimeoutMs?: number;
  /** Attempts in total, 1 = no retry. Default 3. Only safe requests are ever retried. */
  maxAttempts?: number;
  /**
   * Values this request carries in its body or a header of any name (a password, the client secret, a token): never
   * kept from an answer that echoes them.
   */
  secrets?: string[];
  /**
   * Where this platform's error answers keep their message and code (the profile's `errors`); default: the common
   * shapes.
   */
  errorFields?: ErrorFields;
  /** Caller cancellation: aborts the in-flight attempt at once; the call rejects with an error `isAbort` recognises. */
  signal?: AbortSignal;
  /**
   * `follow` (default, API calls): redirects are followed by fetch. `manual`: a 3xx answer with a
   * Location resolves as the response (status 3xx, empty body), so the caller can judge the next
   * address before anything, credentials included, goes there (see redirects.ts).
   */
  redirect?: 'follow' | 'manual';
}

/** A successful answer whose body a `consumeStream` takes as it arrives. */
export interface StreamedAnswer {
  readonly status: number;
  /** One header's value (several joined by ", "), or null. */
  header(name: string): string | null;
  /** The body chunk by chunk; call once. */
  stream(): AsyncIterableIterator<Uint8Array>;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text for non-JSON answers, or null for an empty body. */
  body: unknown;
  text: string;
  attempts: number;
  /** What `consume` returned, when the request had one. */
  consumed?: unknown;
}

export interface CircuitOptions {
  /** Consecutive network-level failures that open the circuit. Default 3. */
  failureThreshold?: number;
  /** Wait before the first probe once open. Default 2 s. */
  firstProbeMs?: number;
  /** Probe interval cap (intervals double up to it). Default 60 s. */
  maxProbeMs?: number;
}

export interface BackoffOptions {
  /** Default 250 ms. */
  baseMs?: number;
  /** Default 5 s. */
  capMs?: number;
}

export interface HttpClientDeps {
  fetch?: typeof fetch;
  /** For streamed request bodies (uploads); node:http with backpressure unless replaced. */
  streamFetch?: typeof fetch;
  now?: () => number;
  /**
   * Resolves after `ms`; should reject early when `signal` aborts (the client also guards against sleeps that do not).
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  logger?: Logger;
  circuit?: CircuitOptions;
  backoff?: BackoffOptions;
  /** Largest successful body accepted, in bytes. Default 32 MB. */
  maxBodyBytes?: number;
}

export type HostReachability = 'online' | 'offline';

export interface HostState {
  host: string;
  state: HostReachability;
  consecutiveFailures: number;
  /** Epoch ms when the next probe may go out, while offline. */
  nextProbeAt?: number;
  /** Epoch ms until which the host asked us (Retry-After) to send nothing. */
  blockedUntil?: number;
}

export interface HostStateChange {
  host: string;
  state: HostReachability;
  at: number;
}

export const DEFAULT_DEADLINE_MS = 30_000;
export const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * A failure on our side while a request streams its body or a `consume` stores the answer (a
 * damaged file, a full disk): the caller gets the cause itself, never an "offline" or a retry.
 */
export class LocalFailure extends Error {
  constructor(readonly failure: unknown) {
    super('a local failure interrupted the request');
    this.name = 'LocalFailure';
  }
}
