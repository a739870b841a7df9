import Database from 'better-sqlite3';
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, login, testSandbox } from '../test-support';

function chunkedPost(
  url: string,
  path: string,
  token: string,
  chunks: number,
  chunkSize: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(chunkSize, 0x20);
    for (let i = 0; i < chunks; i++) req.write(chunk);
    req.end();
  });
}

function rawHttp(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (c) => (out += c.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

describe('bad input', () => {
  let sandbox: Sandbox;
  let token: string;
  let dir: string;
  const logged: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-bad-input-'));
    sandbox = await testSandbox({ dataDir: dir, log: (line) => logged.push(line) });
    token = (await login(sandbox)).access_token;
  });
  afterAll(async () => {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const raw = (method: string, path: string, rawBody: string) => call(sandbox.url, method, path, { token, rawBody });

  it('answers malformed JSON with 400 invalid_json on every kind of endpoint', async () => {
    for (const path of ['/user/login', '/v2/assets', '/v2/ai/text2image', '/v2/media-queue', '/_sandbox/faults']) {
      const res = await raw('POST', path, '{"name": ');
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
      expect(res.body.error.message).toMatch(/^request body is not valid JSON/);
    }
  });

  it('answers bodies that are not objects, or empty, with 400', async () => {
    for (const body of ['[1,2]', '"text"', 'null', '42']) {
      const res = await raw('POST', '/v2/posts', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('request body must be a JSON object');
    }
    const empty = await raw('POST', '/v2/posts', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/empty/);
  });

  it('answers wrong types and missing fields with 400 naming each field', async () => {
    const res = await call(sandbox.url, 'POST', '/v2/content-plans', { token, body: { title: 3, starts_at: 'soon' } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['starts_at', 'title']);
    const ai = await call(sandbox.url, 'POST', '/v2/ai/text2video', {
      token,
      body: { model_id: 7, image: { prompt: 'x', fps: 'fast' } },
    });
    expect(ai.status).toBe(400);
    expect(ai.body.error.message).toContain('model_id');
  });

  it('answers bodies over 1 MiB on ordinary endpoints with 413', async () => {
    const big = JSON.stringify({ name: 'x', notes: 'n'.repeat(1024 * 1024) });
    const res = await raw('POST', '/v2/assets', big);
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', limit_bytes: 1024 * 1024 });
    expect(res.body.error.message).toBe('request body exceeds the 1 MiB limit of this endpoint');
    const chunked = await chunkedPost(sandbox.url, '/v2/assets', token, 40, 32 * 1024);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).error.code).toBe('payload_too_large');
  });

  it('accepts AI bodies above 1 MiB (their limit is 64 MiB)', async () => {
    const noise = Buffer.alloc(700 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(1024 * 1024);
    const res = await call(sandbox.url, 'POST', '/v2/ai/image2text', {
      token,
      body: { model_id: 'caption-1', image: { data: png.toString('base64') } },
    });
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^A 700x700 square PNG/);
  });

  it('answers unknown routes with 404 and wrong methods with 405 and Allow', async () => {
    const unknown = await call(sandbox.url, 'GET', '/v3/whatever', { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'no endpoint at GET /v3/whatever' });
    const badEncoding = await call(sandbox.url, 'GET', '/v2/assets/%E0%A4%A', { token });
    expect(badEncoding.status).toBe(404);
    const wrongMethod = await call(sandbox.url, 'GET', '/user/login');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(wrongMethod.body.error.code).toBe('method_not_allowed');
    const onRecord = await call(sandbox.url, 'POST', '/v2/assets/ast_1', { token, body: {} });
    expect(onRecord.headers.get('allow')).toBe('DELETE, GET, PATCH, PUT');
  });

  it('answers an invalid Idempotency-Key with 400', async () => {
    const res = await call(sandbox.url, 'POST', '/v2/assets', {
      token,
      body: { name: 'k' },
      headers: { 'idempotency-key': 'k'.repeat(300) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_idempotency_key');
  });

  it('answers a malformed HTTP request with 400 JSON and keeps serving', async () => {
    const reply = await rawHttp(sandbox.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1.1 400 Bad Request/);
    expect(reply).toContain('"code":"bad_request"');
    expect((await call(sandbox.url, 'GET', '/_sandbox/health')).status).toBe(200);
  });

  it('turns an unexpected error into 500 JSON with a message, and logs it', async () => {
    const boom = () => {
      throw new Error('listener exploded');
    };
    sandbox.events.on('refresh', boom);
    try {
      const tokens = await login(sandbox);
      const res = await call(sandbox.url, 'POST', '/user/token/refresh', {
        body: {
          refresh_token: tokens.refresh_token,
          client_id: sandbox.demo.clientId,
          client_secret: sandbox.demo.clientSecret,
        },
      });
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({ code: 'internal', message: 'internal sandbox error: listener exploded' });
      expect(logged.some((line) => line.includes('listener exploded'))).toBe(true);
    } finally {
      sandbox.events.off('refresh', boom);
    }
  });

  it('leaves the database intact after all of the above', async () => {
    const created = await call(sandbox.url, 'POST', '/v2/assets', { token, body: { name: 'still works' } });
    expect(created.status).toBe(201);
    const db = new Database(join(dir, 'sandbox.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const names = db.prepare("SELECT json_extract(data, '$.name') AS name FROM records WHERE grp = 'assets'").all();
      expect(names).toEqual([{ name: 'still works' }]);
    } finally {
      db.close();
    }
  });
});

describe('AI body limit', () => {
  it('is configurable and answered with 413', async () => {
    const sandbox = await testSandbox({ bodyLimits: { aiBytes: 2048 } });
    try {
      const token = (await login(sandbox)).access_token;
      const res = await call(sandbox.url, 'POST', '/v2/ai/text2image', {
        token,
        body: { model_id: 'paint-1', image: { prompt: 'p'.repeat(3000) } },
      });
      expect(res.status).toBe(413);
      expect(res.body.error.message).toBe('request body exceeds the 2048 bytes limit of this endpoint');
    } finally {
      await sandbox.stop();
    }
  });
});
