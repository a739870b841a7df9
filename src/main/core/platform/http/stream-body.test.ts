// Streamed request bodies that can be sent again (a factory per attempt) and answers consumed as
// streams (downloads) instead of read into memory.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client';
import { ConsumeFailure } from './types';
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

  it('a plain stream is sent once and never retried', async () => {
    server = await startServer((_req, res) => res.writeHead(503).end());
    await expect(fast().request({ method: 'POST', url: `${server.url}/x`, idempotencyKey: 'k-2', body: stream(['x']) })).rejects.toMatchObject({ error: { status: 503 } });
    expect(server.hits).toHaveLength(1);
  });
});

describe('consumed answers', () => {
  it('hands a 2xx body to consume as a stream and returns what it made', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    server = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(big));
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
    server = await startServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"gone"}}'));
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

  it('a ConsumeFailure (our side: disk full) reaches the caller as its cause, not as offline, and is not retried', async () => {
    server = await startServer((_req, res) => res.writeHead(200).end('data'));
    const disk = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    await expect(
      fast().request({
        method: 'GET',
        url: `${server.url}/file`,
        consume: async () => {
          throw new ConsumeFailure(disk);
        },
      }),
    ).rejects.toBe(disk);
    expect(server.hits).toHaveLength(1);
  });
});
