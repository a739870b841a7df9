import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCore, type Core } from '../core/app';
import { nodeDeps } from '../core/node-deps';
import { startWebHost, type WebHost } from './server';

let dir: string;
let core: Core;
let host: WebHost;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
  const renderer = path.join(dir, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log(1)');
  const deps = nodeDeps({ dataDir: path.join(dir, 'data'), host: 'web', quiet: true });
  core = createCore(deps);
  host = await startWebHost({ core, logger: deps.logger, rendererDir: renderer, token: 'fixed-test-token' });
});

afterAll(async () => {
  await host.close();
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function connect(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
      headers: { Origin: host.origin },
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function next(ws: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) =>
    ws.once('message', (d) => resolve(JSON.parse(d.toString()) as Record<string, unknown>)),
  );
}

function get(
  p: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, path: p, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('browser-mode host', () => {
  it('listens on loopback only and puts the token in the URL fragment', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/#token=fixed-test-token`);
  });

  it('serves assets, falls back to the app shell for routes, and 404s missing assets', async () => {
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
    expect((await get('/settings')).body).toContain('<title>t</title>');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('serves the app icon as /favicon.ico, so a browser logs no 404 for it', async () => {
    const icon = await get('/favicon.ico', { Host: `127.0.0.1:${host.port}` });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    expect(icon.body.length).toBeGreaterThan(0);
    expect((await get('/other.ico', { Host: `127.0.0.1:${host.port}` })).status).toBe(404);
  });

  it('refuses requests whose Host header is not ours (DNS rebinding)', async () => {
    expect((await get('/', { Host: 'evil.example' })).status).toBe(421);
  });

  it('round-trips a call and answers malformed frames with a typed error', async () => {
    const ws = await connect();
    ws.send(JSON.stringify({ id: 1, channel: 'settings.get', input: {} }));
    expect(await next(ws)).toMatchObject({ type: 'result', id: 1, result: { ok: true, data: { theme: 'system' } } });
    ws.send('this is not json');
    expect(await next(ws)).toMatchObject({
      type: 'result',
      id: null,
      result: { ok: false, error: { code: 'validation' } },
    });
    ws.send(JSON.stringify({ id: 'x', channel: 5 }));
    expect(await next(ws)).toMatchObject({ result: { ok: false, error: { code: 'validation' } } });
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await next(ws)).toMatchObject({ result: { ok: false, error: { code: 'validation' } } });
    ws.close();
  });

  it('answers every request of a burst, each by its id, and a lone request after it', async () => {
    const ws = await connect();
    const replies: Record<string, unknown>[] = [];
    const all = new Promise<void>((resolve) =>
      ws.on('message', (d) => {
        replies.push(JSON.parse(d.toString()) as Record<string, unknown>);
        if (replies.length === 40) resolve();
      }),
    );
    // Sent in one turn: the host reads several frames at once and holds their replies for one write.
    for (let id = 100; id < 140; id += 1) {
      ws.send(JSON.stringify({ id, channel: id % 2 ? 'app.info' : 'settings.get', input: {} }));
    }
    await all;
    expect(replies.map((r) => r.id).sort()).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i));
    for (const reply of replies) expect(reply).toMatchObject({ type: 'result', result: { ok: true } });
    ws.removeAllListeners('message');
    // The socket is not left holding its writes: a single request later is answered.
    await new Promise((resolve) => setTimeout(resolve, 20));
    ws.send(JSON.stringify({ id: 7, channel: 'settings.get', input: {} }));
    expect(await next(ws)).toMatchObject({ type: 'result', id: 7, result: { ok: true } });
    ws.close();
  });

  it('pushes core events to every connected page', async () => {
    const a = await connect();
    const b = await connect();
    const seenA = next(a);
    const seenB = next(b);
    const reply = next(a);
    a.send(JSON.stringify({ id: 2, channel: 'settings.update', input: { theme: 'dark' } }));
    const first = await Promise.race([seenA, reply]);
    expect(first).toMatchObject({ type: 'event', event: 'settings.changed', payload: { theme: 'dark' } });
    expect(await seenB).toMatchObject({ type: 'event', event: 'settings.changed' });
    a.close();
    b.close();
  });
});

describe('browser-mode host: the net under the bridge', () => {
  it('answers a dispatch that throws with internal, in words, and keeps the connection', async () => {
    const renderer = path.join(dir, 'renderer');
    const deps = nodeDeps({ dataDir: path.join(dir, 'data-net'), host: 'web', quiet: true });
    const throwing = {
      dispatch: async () => {
        throw new Error('a bug with a stack');
      },
      events: core.events,
    };
    const other = await startWebHost({
      core: throwing,
      logger: deps.logger,
      rendererDir: renderer,
      token: 'net-token',
    });
    try {
      const ws = await new Promise<WebSocket>((resolve, reject) => {
        const s = new WebSocket(`ws://127.0.0.1:${other.port}/bridge?token=net-token`, {
          headers: { Origin: other.origin },
        });
        s.once('open', () => resolve(s));
        s.once('error', reject);
      });
      const answer = next(ws);
      ws.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }));
      const message = await answer;
      expect(message).toMatchObject({
        type: 'result',
        result: { ok: false, error: { code: 'internal', message: expect.stringContaining('The details were logged') } },
      });
      expect(JSON.stringify(message)).not.toContain('a bug with a stack');
      expect(ws.readyState).toBe(WebSocket.OPEN);
      ws.close();
    } finally {
      await other.close();
    }
  });
});
