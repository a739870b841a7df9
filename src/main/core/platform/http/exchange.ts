import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { AttemptStop, Stoppable } from './call-scope';
import type { Answer } from './transport';

/** What `discard` reads of a body before it closes the connection instead (undici's own dump limit). */
const DISCARD_LIMIT = 128 * 1024;
/** A streamed body pauses the socket with this much waiting unread, and resumes below a quarter of it. */
const STREAM_HIGH_WATER = 256 * 1024;
const STREAM_LOW_WATER = STREAM_HIGH_WATER / 4;
const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/** Why an exchange stopped its own download: the caller's cap was reached, or the body was dropped. */
class Stopped extends Error {
  constructor() {
    super('download stopped');
    this.name = 'Stopped';
  }
}
const STOPPED = new Stopped();

interface Waiter<T> {
  resolve(value: T): void;
  reject(reason: unknown): void;
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const key in raw) {
    const value = raw[key];
    if (typeof value === 'string') headers.append(key, value);
    else if (value !== undefined) for (const v of value) headers.append(key, v);
  }
  return headers;
}

function decode(chunks: Buffer[], size: number): string {
  return chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8');
}

/**
 * One request on the shared connections and its answer, driven by undici's dispatch handler
 * calls: the body is gathered as it arrives, with no Readable stream, request wrapper or async
 * resource per call (what undici.request builds around the same dispatch). The call's stop holds
 * the exchange and stops it directly: no AbortSignal or listener per request.
 */
export class Exchange implements Dispatcher.DispatchHandler, Answer, Stoppable {
  status = 0;
  private raw: IncomingHttpHeaders = {};
  private built: Headers | undefined;
  private controller: Dispatcher.DispatchController | null = null;
  private head: Waiter<Exchange> | null = null;
  private reading: Waiter<{ text: string; truncated: boolean }> | null = null;
  private dropped: (() => void) | null = null;
  /** A streamed body's reader waiting for its next chunk (chunks then queue up unread until taken). */
  private pulling: Waiter<IteratorResult<Buffer, undefined>> | null = null;
  private streaming = false;
  private paused = false;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes kept before the download stops: set by read(); discard() keeps none. */
  private limit = Infinity;
  private dropping = false;
  private ended = false;
  private failed = false;
  private failure: unknown;
  private stopped: unknown;

  private constructor(private readonly stopper: AttemptStop | undefined) {}

  /** Sends `opts` on `dispatcher`; resolves with the answer once its status line and headers are in. */
  static send(dispatcher: Dispatcher, opts: Dispatcher.DispatchOptions, stopper?: AttemptStop): Promise<Exchange> {
    if (stopper?.aborted) return Promise.reject(stopper.reason);
    const exchange = new Exchange(stopper);
    const head = new Promise<Exchange>((resolve, reject) => (exchange.head = { resolve, reject }));
    stopper?.watch(exchange);
    dispatcher.dispatch(opts, exchange);
    return head;
  }

  // ---- stopped by the call (its deadline, the caller's cancel, the attempt's timeout)

  stop(reason: unknown): void {
    if (this.ended) return;
    this.stopped = reason;
    if (this.controller) this.controller.abort(reason as Error);
    // Still queued for a connection: the call ends now; onRequestStart aborts it when its turn comes.
    else this.fail(reason);
  }

  // ---- undici's dispatch handler

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.stopped !== undefined) controller.abort(this.stopped as Error);
    else this.controller = controller;
  }

  onResponseStart(_c: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    if (status < 200) return; // 1xx: informational, the answer is still to come
    this.status = status;
    this.raw = headers;
    const head = this.head;
    this.head = null;
    head?.resolve(this);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.ended) return;
    if (this.dropping) {
      this.size += chunk.byteLength;
      if (this.size > DISCARD_LIMIT) this.cut(controller);
      return;
    }
    if (this.streaming) {
      this.queue(controller, chunk);
      return;
    }
    if (this.size + chunk.byteLength <= this.limit) {
      this.chunks.push(chunk);
      this.size += chunk.byteLength;
      return;
    }
    this.chunks.push(chunk.subarray(0, this.limit - this.size));
    this.size = this.limit;
    this.cut(controller);
  }

  onResponseEnd(): void {
    if (this.ended) return;
    this.finish();
  }

  onResponseError(_c: Dispatcher.DispatchController | null, error: Error): void {
    if (this.ended) return;
    this.fail(error);
  }

  // ---- the answer

  // Built when first asked for: most answers are only asked for their content-type.
  get headers(): Headers {
    return (this.built ??= toHeaders(this.raw));
  }

  header(name: string): string | null {
    const value = this.raw[name];
    return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
  }

  read(maxBytes: number): Promise<{ text: string; truncated: boolean }> {
    if (this.size > maxBytes) {
      this.chunks = [Buffer.concat(this.chunks, this.size).subarray(0, maxBytes)];
      this.size = maxBytes;
      if (!this.ended && this.controller) this.cut(this.controller);
      return Promise.resolve({ text: decode(this.chunks, maxBytes), truncated: true });
    }
    if (this.failed) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve({ text: decode(this.chunks, this.size), truncated: false });
    this.limit = maxBytes;
    return new Promise((resolve, reject) => (this.reading = { resolve, reject }));
  }

  // Read to its end and dropped (a big one closes its connection instead); its failure changes nothing.
  discard(): Promise<void> {
    this.chunks = [];
    if (this.ended || this.failed) return Promise.resolve();
    this.dropping = true;
    if (this.size > DISCARD_LIMIT && this.controller) {
      this.cut(this.controller);
      return Promise.resolve();
    }
    return new Promise((resolve) => (this.dropped = resolve));
  }

  response(): Response {
    throw new Error('answers consumed as a Response go through fetch');
  }

  /**
   * The body as it arrives, chunk by chunk, from these connections: the socket pauses while
   * more than STREAM_HIGH_WATER waits unread. Ending the iteration early stops the download.
   */
  stream(): AsyncIterableIterator<Uint8Array> {
    this.streaming = true;
    const iterator: AsyncIterableIterator<Uint8Array> = {
      next: () => this.pull(),
      return: () => {
        this.drop();
        return Promise.resolve(DONE);
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  /** Stops the download now if its body is still coming (a consumer that gave up or failed). */
  drop(): void {
    this.chunks = [];
    this.size = 0;
    if (this.ended) return;
    if (this.controller) this.cut(this.controller);
    else this.fail(STOPPED);
  }

  private pull(): Promise<IteratorResult<Buffer, undefined>> {
    const chunk = this.chunks.shift();
    if (chunk !== undefined) {
      this.size -= chunk.byteLength;
      if (this.paused && this.size < STREAM_LOW_WATER && this.controller) {
        this.paused = false;
        this.controller.resume();
      }
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.failed) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => (this.pulling = { resolve, reject }));
  }

  private queue(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const pulling = this.pulling;
    if (pulling !== null) {
      this.pulling = null;
      pulling.resolve({ done: false, value: chunk });
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.byteLength;
    if (!this.paused && this.size > STREAM_HIGH_WATER) {
      this.paused = true;
      controller.pause();
    }
  }

  // ---- settling

  /** Ends the download here (cap reached, or a dropped body too big): what was kept is the body. */
  private cut(controller: Dispatcher.DispatchController): void {
    this.settle(true);
    controller.abort(STOPPED);
  }

  private finish(): void {
    this.settle(false);
  }

  /** The body is complete (or cut at the cap): whoever waits for it gets it. */
  private settle(truncated: boolean): void {
    this.ended = true;
    this.release();
    const { reading, dropped, pulling } = this;
    this.reading = null;
    this.dropped = null;
    this.pulling = null;
    reading?.resolve({ text: decode(this.chunks, this.size), truncated });
    dropped?.();
    pulling?.resolve(DONE);
  }

  private fail(reason: unknown): void {
    this.ended = true;
    this.failed = true;
    this.failure = reason;
    this.release();
    const { head, reading, dropped, pulling } = this;
    this.head = null;
    this.reading = null;
    this.dropped = null;
    this.pulling = null;
    head?.reject(reason);
    reading?.reject(reason);
    dropped?.();
    pulling?.reject(reason);
  }

  private release(): void {
    this.stopper?.unwatch(this);
    this.controller = null;
  }
}
