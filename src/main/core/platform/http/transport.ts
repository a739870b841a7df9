import type { Readable } from 'node:stream';
import { Agent, interceptors, type Dispatcher } from 'undici';
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

/**
 * The clients' connections: one undici Agent for the process (a keep-alive pool per host, shared
 * by every request to it, as fetch shares its global one) and undici.request's lean path instead
 * of fetch's, which builds WHATWG streams, Requests and Responses around each call. Redirects are
 * followed like fetch follows them: at most 20, Authorization and cookies dropped when one leaves
 * the origin, a 303 (or a POST's 301 and 302) re-sent as a GET.
 */
class Connections {
  private agent: Agent | undefined;
  private following: Dispatcher | undefined;

  send(url: Address, sending: Sending): Promise<Answer> {
    const agent = (this.agent ??= new Agent({ keepAliveTimeout: KEEP_ALIVE_MS }));
    const dispatcher =
      sending.redirect === 'manual'
        ? agent
        : (this.following ??= agent.compose(
            interceptors.redirect({ maxRedirections: MAX_FOLLOWED, throwOnMaxRedirect: true }),
          ));
    return dispatcher
      .request({
        origin: url.origin,
        path: url.path,
        method: sending.method,
        headers: sending.headers,
        body: sending.body ?? null,
        signal: sending.signal,
      })
      .then(undiciAnswer);
  }
}

export const connections = new Connections();
