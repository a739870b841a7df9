import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { LocalFailure } from './types';

/** Statuses whose answers have no body (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function headerObject(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/**
 * A fetch for streamed request bodies, on node:http. Node's fetch reads a streamed body as fast
 * as it can produce it, whatever the socket takes, so a 100 MB upload sat in memory whole; here
 * every chunk waits for the socket to drain before the next is read. Answers come back as a
 * standard Response; aborting the signal destroys the connection (the server sees it).
 */
export const streamFetch: typeof fetch = (input, init = {}) =>
  new Promise<Response>((resolve, reject) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const client = url.protocol === 'https:' ? https : http;
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const req = client.request(
      url,
      { method: init.method ?? 'GET', headers: headerObject(init.headers), ...(signal && { signal }) },
      (res) => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else if (value !== undefined) headers.set(key, value);
        }
        const status = res.statusCode ?? 0;
        const body = NULL_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (body === null) res.resume();
        resolve(new Response(body, { status, statusText: res.statusMessage ?? '', headers }));
      },
    );
    req.on('error', reject);
    const body = init.body as unknown;
    if (body === null || body === undefined) {
      req.end();
      return;
    }
    void (async () => {
      try {
        for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
          if (!req.write(chunk))
            await new Promise<void>((done, fail) => {
              const onDrain = () => {
                req.off('error', onError);
                done();
              };
              const onError = (e: Error) => {
                req.off('drain', onDrain);
                fail(e);
              };
              req.once('drain', onDrain);
              req.once('error', onError);
            });
        }
        req.end();
      } catch (e) {
        // The body failed (a damaged file, an abort): the request must not look complete.
        req.destroy(e instanceof Error ? e : new Error(String(e)));
        reject(new LocalFailure(e));
      }
    })();
  });
