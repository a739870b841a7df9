import { errors, Pool } from 'undici';
import type { Address } from './address';
import type { AttemptStop } from './call-scope';
import { Exchange } from './exchange';
import { readCapped } from './read-body';
import type { HttpMethod } from './types';

/** One answer's status line and headers; its body is read (capped), dropped, or handed over as a Response. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** One header's value (several joined by ", "), or null. */
  header(name: string): string | null;
  /** The body as UTF-8, at most `maxBytes` of it; the download stops past that. */
  read(maxBytes: number): Promise<{ text: string; truncated: boolean }>;
  /** Drops the body unread. */
  discard(): Promise<void>;
  /** The answer as a fetch Response, its body unread (for a `consume` that takes a Response). */
  response(): Response;
  /** The body chunk by chunk as it arrives (for a `consumeStream`); ending the iteration early stops the download. */
  stream(): AsyncIterableIterator<Uint8Array>;
  /** Stops the download now if the body is still coming. */
  drop(): void;
}

export interface Sending {
  method: HttpMethod;
  /** Lower-case names, already checked (header-record.ts). */
  headers: Record<string, string>;
  /** Already encoded: a string (JSON) or bytes. */
  body: string | Uint8Array | undefined;
  /** Stops the request on the wire when the call or attempt ends early. */
  stop: AttemptStop;
  redirect: 'follow' | 'manual';
}

/** Redirects followed at most by an API call (fetch's own limit). */
const MAX_FOLLOWED = 20;
/** Idle connections are kept this long (under the common 5 s server keep-alive, so we close first). */
const KEEP_ALIVE_MS = 4_000;

/** An answer from fetch (or a fetch-like function a test or the stream transport gives). */
export function fetchAnswer(res: Response): Answer {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return {
    status: res.status,
    headers: res.headers,
    header: (name) => res.headers.get(name),
    read: (maxBytes) => readCapped(res, maxBytes),
    discard: async () => {
      await res.body?.cancel().catch(() => undefined);
    },
    response: () => res,
    stream: () => {
      reader ??= res.body?.getReader() ?? null;
      return readerChunks(reader);
    },
    drop: () => {
      const cancelled = reader ? reader.cancel() : res.body?.cancel();
      void cancelled?.catch(() => undefined);
    },
  };
}

/** A body's reader chunk by chunk; stopping early cancels the rest. */
async function* readerChunks(reader: ReadableStreamDefaultReader<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (reader === null) return;
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

/** The statuses undici's redirect handling followed (fetch's five and 300), kept as they were. */
const FOLLOWED = new Set([300, 301, 302, 303, 307, 308]);
/** Headers that never go to another origin, as fetch and undici drop them. */
const CROSS_ORIGIN_DROPPED = new Set(['authorization', 'cookie', 'proxy-authorization']);
/** Origins whose pools are kept; past this many the oldest is closed (its requests finish first). */
const KEPT_ORIGINS = 32;

interface Hop {
  origin: string;
  path: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

/** The request a redirect to `location` sends next. */
function nextHop(hop: Hop, status: number, location: string): Hop {
  const target = new URL(location, hop.origin + hop.path);
  // A 303 (but a HEAD's), or a POST's 301 and 302, is re-sent as a GET without its body.
  const toGet =
    (status === 303 && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
  const crossOrigin = target.origin !== hop.origin;
  const headers: Record<string, string> = {};
  for (const name in hop.headers) {
    if (name === 'host') continue;
    if (toGet && name.startsWith('content-')) continue;
    if (crossOrigin && CROSS_ORIGIN_DROPPED.has(name)) continue;
    headers[name] = hop.headers[name]!;
  }
  return {
    origin: target.origin,
    path: target.pathname + target.search,
    method: toGet ? 'GET' : hop.method,
    headers,
    body: toGet ? undefined : hop.body,
  };
}

function locationOf(answer: Exchange): string | null {
  if (!FOLLOWED.has(answer.status)) return null;
  return answer.header('location');
}

/**
 * The clients' connections: one undici Pool per origin for the process (keep-alive connections
 * shared by every request to it, as fetch shares its global ones) and undici.request's lean path
 * instead of fetch's, which builds WHATWG streams, Requests and Responses around each call.
 * Redirects are followed here, only when one comes back (no handler wrapped around every
 * request), as fetch follows them: at most 20, Authorization and cookies dropped when one leaves
 * the origin, a 303 (or a POST's 301 and 302) re-sent as a GET.
 */
class Connections {
  private readonly pools = new Map<string, Pool>();

  send(url: Address, sending: Sending): Promise<Answer> {
    const hop: Hop = {
      origin: url.origin,
      path: url.path,
      method: sending.method,
      headers: sending.headers,
      body: sending.body,
    };
    const sent = this.dispatch(hop, sending.stop);
    if (sending.redirect === 'manual') return sent;
    return sent.then((answer) => (locationOf(answer) === null ? answer : this.follow(answer, hop, sending.stop)));
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (pool !== undefined) return pool;
    if (this.pools.size >= KEPT_ORIGINS) {
      const [oldest, old] = this.pools.entries().next().value!;
      this.pools.delete(oldest);
      void old.close().catch(() => undefined);
    }
    pool = new Pool(origin, { keepAliveTimeout: KEEP_ALIVE_MS });
    this.pools.set(origin, pool);
    return pool;
  }

  private dispatch(hop: Hop, stop: AttemptStop): Promise<Exchange> {
    const opts = { path: hop.path, method: hop.method, headers: hop.headers, body: hop.body ?? null };
    return Exchange.send(this.pool(hop.origin), opts, stop);
  }

  private async follow(first: Exchange, from: Hop, stop: AttemptStop): Promise<Answer> {
    let answer = first;
    let hop = from;
    for (let hops = 0; ; hops += 1) {
      const location = locationOf(answer);
      if (location === null) return answer;
      // A redirect's body is never read: only its Location counts.
      await answer.discard();
      if (hops >= MAX_FOLLOWED) throw new errors.MaxRedirectsError();
      hop = nextHop(hop, answer.status, location);
      answer = await this.dispatch(hop, stop);
    }
  }
}

export const connections = new Connections();
