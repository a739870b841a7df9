// Answers taken chunk by chunk (`consumeStream`) over the shared keep-alive connections: never
// through fetch, the socket paused while the reader lags, the download stopped when the reader
// gives up or the caller cancels, redirects followed, failures in the client's usual words.
import type http from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpClient } from './http-client';
import { isAbort } from './platform-error';
import { LocalFailure, type StreamedAnswer } from './types';
import { startServer, type TestServer } from './test-server';

let server: TestServer | null = null;
const realFetch = globalThis.fetch;
beforeEach(() => {
  // Any request that fell back to fetch would fail the test.
  globalThis.fetch = () => Promise.reject(new Error('fetch must not be used'));
});
afterEach(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
  server = null;
});

const MB = 1024 * 1024;

async function total(answer: StreamedAnswer): Promise<number> {
  let n = 0;
  for await (const chunk of answer.stream()) n += chunk.byteLength;
  return n;
}

/** Serves `size` bytes in 64 KB writes, honouring backpressure; `closed` resolves with how much went out. */
function streaming(size: number): {
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  closed: Promise<number>;
} {
  let done: (sent: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (done = resolve));
  const handler = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
    let sent = 0;
    const piece = Buffer.alloc(64 * 1024, 7);
    const more = (): void => {
      while (sent < size && !res.destroyed) {
        sent += piece.length;
        if (!res.write(piece)) return void res.once('drain', more);
      }
      if (sent >= size) res.end();
    };
    res.on('close', () => done(sent));
    more();
  };
  return { handler, closed };
}

describe('answers taken as a stream over the shared connections', () => {
  it('hands the whole body over, chunk by chunk, with its status and headers, fetch unused', async () => {
    const big = Buffer.alloc(3 * MB, 1);
    server = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(big));
    const res = await new HttpClient({ maxBodyBytes: 1024 }).request({
      method: 'GET',
      url: `${server.url}/file`,
      consumeStream: async (answer) => ({
        status: answer.status,
        type: answer.header('content-type'),
        n: await total(answer),
      }),
    });
    // The client's body cap does not apply: the consumer holds what it wants.
    expect(res.consumed).toEqual({ status: 200, type: 'image/png', n: big.length });
    expect(res.text).toBe('');
  });

  it('pauses the socket while the reader lags: the server cannot get far ahead', async () => {
    const { handler, closed } = streaming(64 * MB);
    server = await startServer(handler);
    let got = 0;
    const res = await new HttpClient().request({
      method: 'GET',
      url: `${server.url}/file`,
      consumeStream: async (answer) => {
        for await (const chunk of answer.stream()) {
          got += chunk.byteLength;
          if (got >= MB) break; // the reader stops early: the download must stop too
          await new Promise((r) => setTimeout(r, 5));
        }
        return got;
      },
    });
    expect(res.consumed).toBeGreaterThanOrEqual(MB);
    // Stopped long before the 64 MB: only what the socket buffers and the pause allow went out.
    expect(await closed).toBeLessThan(16 * MB);
  });

  it('a reader that throws stops the download; a LocalFailure reaches the caller as its cause', async () => {
    const { handler, closed } = streaming(64 * MB);
    server = await startServer(handler);
    const disk = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    await expect(
      new HttpClient().request({
        method: 'GET',
        url: `${server.url}/file`,
        consumeStream: async (answer) => {
          const chunks = answer.stream();
          await chunks.next();
          throw new LocalFailure(disk);
        },
      }),
    ).rejects.toBe(disk);
    expect(await closed).toBeLessThan(16 * MB);
    expect(server.hits).toHaveLength(1);
  });

  it('the caller cancelling mid-download stops it at once, as a cancellation', async () => {
    const { handler, closed } = streaming(64 * MB);
    server = await startServer(handler);
    const caller = new AbortController();
    let got = 0;
    const error: unknown = await new HttpClient()
      .request({
        method: 'GET',
        url: `${server.url}/file`,
        signal: caller.signal,
        consumeStream: async (answer) => {
          for await (const chunk of answer.stream()) {
            got += chunk.byteLength;
            if (got >= MB) caller.abort();
          }
          return got;
        },
      })
      .catch((e: unknown) => e);
    expect(isAbort(error)).toBe(true);
    expect(error).toMatchObject({ error: { message: 'The request was cancelled.' } });
    expect(await closed).toBeLessThan(16 * MB);
  });

  it('follows a redirect and streams the answer at its end', async () => {
    server = await startServer((_req, res, hit) => {
      if (hit.path === '/old') return void res.writeHead(302, { location: '/new' }).end('moved');
      res.writeHead(200).end('the file');
    });
    const res = await new HttpClient().request({
      method: 'GET',
      url: `${server.url}/old`,
      consumeStream: async (answer) => {
        const parts: Uint8Array[] = [];
        for await (const chunk of answer.stream()) parts.push(chunk);
        return Buffer.concat(parts).toString();
      },
    });
    expect(res.consumed).toBe('the file');
    expect(server.hits.map((h) => h.path)).toEqual(['/old', '/new']);
  });

  it('a manual redirect comes back as the answer, the consumer not called', async () => {
    server = await startServer((_req, res) => res.writeHead(302, { location: '/new' }).end());
    const consumeStream = vi.fn(async () => 'read');
    const res = await new HttpClient().request({
      method: 'GET',
      url: `${server.url}/old`,
      redirect: 'manual',
      consumeStream,
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/new');
    expect(consumeStream).not.toHaveBeenCalled();
  });

  it('an error answer is read for its words as usual (the consumer not called)', async () => {
    server = await startServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"gone"}}'),
    );
    const consumeStream = vi.fn(async () => 'read');
    await expect(
      new HttpClient().request({ method: 'GET', url: `${server.url}/file`, maxAttempts: 1, consumeStream }),
    ).rejects.toMatchObject({ error: { code: 'not_found', message: 'gone' } });
    expect(consumeStream).not.toHaveBeenCalled();
  });

  it('a connection lost mid-body fails as offline, in the client words, and is retried', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(MB) });
      res.write(Buffer.alloc(1024));
      setTimeout(() => res.destroy(), 20);
    });
    await expect(
      new HttpClient({ backoff: { baseMs: 1, capMs: 2 } }).request({
        method: 'GET',
        url: `${server.url}/file`,
        maxAttempts: 2,
        consumeStream: total,
      }),
    ).rejects.toMatchObject({ error: { code: 'offline' } });
    expect(server.hits).toHaveLength(2);
  });
});
