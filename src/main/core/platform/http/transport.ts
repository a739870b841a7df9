import type { Readable } from 'node:stream';
import { errors, Pool, type Dispatcher } from 'undici';
import type { Address } from './address';
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
  /** The answer as a fetch Response, its body unread (for a caller that consumes it as a stream). */
  response(): Response;
}

export interface Sending {
  method: HttpMethod;
  /** Lower-case names, already checked (header-record.ts). */
  headers: Record<string, string>;
  /** Already encoded: a string (JSON) or bytes. */
  body: string | Uint8Array | undefined;
  signal: AbortSignal;
  redirect: 'follow' | 'manual';
}

/** Redirects followed at most by an API call (fetch's own limit). */
const MAX_FOLLOWED = 20;
/** Idle connections are kept this long (under the common 5 s server keep-alive, so we close first). */
const KEEP_ALIVE_MS = 4_000;

/** An answer from fetch (or a fetch-like function a test or the stream transport gives). */
export function fetchAnswer(res: Response): Answer {
  return {
    status: res.status,
    headers: res.headers,
    header: (name) => res.headers.get(name),
    read: (maxBytes) => readCapped(res, maxBytes),
    discard: async () => {
      await res.body?.cancel().catch(() => undefined);
    },
    response: () => res,
  };
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const key in raw) {
    const value = raw[key];
    if (typeof value === 'string') headers.append(key, value);
    else if (value !== undefined) for (const v of value) headers.append(key, v);
  }
  return headers;
}

/** Reads at most `maxBytes` of a Node stream, then destroys it (the connection closes rather than drain the rest). */
function readStreamCapped(body: Readable, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      if (size + chunk.byteLength <= maxBytes) {
        chunks.push(chunk);
        size += chunk.byteLength;
        return;
      }
      chunks.push(chunk.subarray(0, maxBytes - size));
      size = maxBytes;
      body.destroy();
      resolve({ text: Buffer.concat(chunks, size).toString('utf8'), truncated: true });
    });
    body.on('error', reject);
    body.on('end', () =>
      resolve({
        text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8'),
        truncated: false,
      }),
    );
  });
}

/** An answer from undici.request; a class, not a literal of closures: one is made per request. */
class UndiciAnswer implements Answer {
  private built: Headers | undefined;

  constructor(private readonly data: Dispatcher.ResponseData) {}

  get status(): number {
    return this.data.statusCode;
  }

  // Built when first asked for: most answers are only asked for their content-type.
  get headers(): Headers {
    return (this.built ??= toHeaders(this.data.headers));
  }

  header(name: string): string | null {
    const value = this.data.headers[name];
    return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
  }

  read(maxBytes: number): Promise<{ text: string; truncated: boolean }> {
    return readStreamCapped(this.data.body, maxBytes);
  }

  // Read to its end and dropped (a big one closes its connection instead); its failure changes nothing.
  discard(): Promise<void> {
    return this.data.body.dump().catch(() => undefined);
  }

  response(): Response {
    throw new Error('answers to be consumed as streams go through fetch');
  }
}

const undiciAnswer = (data: Dispatcher.ResponseData): Answer => new UndiciAnswer(data);

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
  const toGet = (status === 303 && hop.method !== 'HEAD') || ((status === 301 || status === 302) && hop.method === 'POST');
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

function locationOf(data: Dispatcher.ResponseData): string | null {
  if (!FOLLOWED.has(data.statusCode)) return null;
  const value = data.headers.location;
  return typeof value === 'string' ? value : (value?.[0] ?? null);
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
    return this.dispatch(hop, sending.signal).then((data) =>
      sending.redirect === 'manual' || locationOf(data) === null
        ? new UndiciAnswer(data)
        : this.follow(data, hop, sending.signal),
    );
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

  private dispatch(hop: Hop, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    return this.pool(hop.origin).request({
      path: hop.path,
      method: hop.method,
      headers: hop.headers,
      body: hop.body ?? null,
      signal,
    });
  }

  private async follow(first: Dispatcher.ResponseData, from: Hop, signal: AbortSignal): Promise<Answer> {
    let data = first;
    let hop = from;
    for (let hops = 0; ; hops += 1) {
      const location = locationOf(data);
      if (location === null) return new UndiciAnswer(data);
      // A redirect's body is never read: only its Location counts.
      await data.body.dump().catch(() => undefined);
      if (hops >= MAX_FOLLOWED) throw new errors.MaxRedirectsError();
      hop = nextHop(hop, data.statusCode, location);
      data = await this.dispatch(hop, signal);
    }
  }
}

export const connections = new Connections();
