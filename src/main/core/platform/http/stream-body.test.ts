// Streamed request bodies that can be sent again (a factory per attempt) and answers consumed as
// streams (downloads) instead of read into memory.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client';
import { LocalFailure } from './types';
import { startServer, type TestServer } from './test-server';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const fast = () => new HttpClient({ backoff: { baseMs: 1, capMs: 2 } });

function stream(parts: string[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i < parts.length) c.enqueue(new TextEncoder().encode(parts[i++]));
      else c.close();
    },
  });
}

describe('streamed bodies', () => {
  it('a body factory is called once per attempt, so a streamed request can be retried', async () => {
    let calls = 0;
    server = await startServer((_req, res) => {
      calls += 1;
      res.writeHead(calls === 1 ? 503 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    let made = 0;
    const res = await fast().request({
      method: 'POST',
      url: `${server.url}/x`,
      idempotencyKey: 'k-1',
      body: () => {
        made += 1;
        return stream(['{"a":', '"', 'b"}']);
      },
    });
    expect(res.body).toEqual({ ok: true });
    expect(made).toBe(2);
    expect(server.hits.map((h) => h.body.toString())).toEqual(['{"a":"b"}', '{"a":"b"}']);
  });

  it('a body failing on our side (damaged file) reaches the caller as that error, not a bug or offline', async () => {
    server = await startServer((_req, res) => res.end('{}'));
    const damaged = new Error('damaged file');
    await expect(
      fast().request({
        method: 'POST',
        url: `${server.url}/x`,
        idempotencyKey: 'k-3',
        body: () =>
          (async function* () {
            yield Buffer.from('{"a":');
            throw damaged;
          })(),
      }),
    ).rejects.toBe(damaged);
  });

  it('a plain stream is sent once and never retried', async () => {
    server = await startServer((_req, res) => res.writeHead(503).end());
    await expect(
      fast().request({ method: 'POST', url: `${server.url}/x`, idempotencyKey: 'k-2', body: stream(['x']) }),
    ).rejects.toMatchObject({ error: { status: 503 } });
    expect(server.hits).toHaveLength(1);
  });
});

describe('consumed answers', () => {
  it('hands a 2xx body to consume as a stream and returns what it made', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    server = await startServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(big),
    );
    const res = await new HttpClient({ maxBodyBytes: 1024 }).request({
      method: 'GET',
      url: `${server.url}/file`,
      consume: async (r) => {
        let n = 0;
        for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) n += chunk.byteLength;
        return n;
      },
    });
    // The client's body cap does not apply: nothing was held in memory by the client.
    expect(res.consumed).toBe(big.length);
    expect(res.text).toBe('');
  });

  it('error answers are read as usual (consume is not called)', async () => {
    server = await startServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"gone"}}'),
    );
    let called = false;
    await expect(
      fast().request({
        method: 'GET',
        url: `${server.url}/file`,
        consume: async () => {
          called = true;
        },
      }),
    ).rejects.toMatchObject({ error: { code: 'not_found', message: 'gone' } });
    expect(called).toBe(false);
  });

  it('a LocalFailure (our side: disk full) reaches the caller as its cause, not as offline; not retried', async () => {
    server = await startServer((_req, res) => res.writeHead(200).end('data'));
    const disk = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    await expect(
      fast().request({
        method: 'GET',
        url: `${server.url}/file`,
        consume: async () => {
          throw new LocalFailure(disk);
        },
      }),
    ).rejects.toBe(disk);
    expect(server.hits).toHaveLength(1);
  });
});

describe('the streamed-body transport', () => {
  it('sends chunks only as fast as the socket drains (a slow reader keeps memory flat)', async () => {
    const { streamFetch } = await import('./stream-transport');
    const http = await import('node:http');
    let produced = 0;
    let receivedWhenHalf = -1;
    let received = 0;
    const total = 64 * 1024 * 1024;
    const srv = http.createServer((req, res) => {
      req.on('data', (c: Buffer) => {
        received += c.length;
        req.pause();
        setTimeout(() => req.resume(), 1); // a slow server
      });
      req.on('end', () => res.end('done'));
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as { port: number }).port;
    async function* body() {
      const chunk = Buffer.alloc(1024 * 1024);
      for (; produced < total; produced += chunk.length) {
        if (produced === total / 2) receivedWhenHalf = received;
        yield chunk;
      }
    }
    try {
      const res = await streamFetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: body() as never });
      expect(await res.text()).toBe('done');
      expect(received).toBe(total);
      // When half was produced, most of it had already been taken by the server: nothing piled up.
      expect(total / 2 - receivedWhenHalf).toBeLessThan(16 * 1024 * 1024);
    } finally {
      srv.close();
    }
  });

  it('aborting destroys the connection, and the server sees it', async () => {
    const { streamFetch } = await import('./stream-transport');
    const http = await import('node:http');
    let aborted = false;
    const srv = http.createServer((req) => {
      req.on('aborted', () => (aborted = true));
      req.on('close', () => (aborted = aborted || !req.complete));
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as { port: number }).port;
    const controller = new AbortController();
    async function* body() {
      for (;;) {
        yield Buffer.alloc(1024);
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    try {
      const pending = streamFetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        body: body() as never,
        signal: controller.signal,
      });
      await new Promise((r) => setTimeout(r, 50));
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      await new Promise((r) => setTimeout(r, 50));
      expect(aborted).toBe(true);
    } finally {
      srv.closeAllConnections();
      srv.close();
    }
  });

  it('a body that fails midway fails the request instead of sending a short one', async () => {
    const { streamFetch } = await import('./stream-transport');
    const seen: number[] = [];
    server = await startServer((_req, res) => res.end('ok'));
    async function* body() {
      yield Buffer.from('{"a":"');
      throw new Error('damaged input');
    }
    await expect(streamFetch(`${server.url}/x`, { method: 'POST', body: body() as never })).rejects.toMatchObject({
      failure: { message: 'damaged input' },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(server.hits.map((h) => h.body.length)).toEqual(seen); // nothing arrived as a whole request
  });

  it('answers keep their status and headers; a 204 has no body', async () => {
    const { streamFetch } = await import('./stream-transport');
    server = await startServer((req, res) =>
      res
        .writeHead(req.url === '/empty' ? 204 : 201, { 'x-thing': 'yes', 'set-cookie': ['a=1', 'b=2'] })
        .end(req.url === '/empty' ? undefined : 'body'),
    );
    const created = await streamFetch(`${server.url}/x`, {
      method: 'POST',
      body: (async function* () {
        yield Buffer.from('x');
      })() as never,
    });
    expect([created.status, created.headers.get('x-thing'), await created.text()]).toEqual([201, 'yes', 'body']);
    const empty = await streamFetch(`${server.url}/empty`, { method: 'GET' });
    expect([empty.status, empty.body]).toEqual([204, null]);
  });
});
