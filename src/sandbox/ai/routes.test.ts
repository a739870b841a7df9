import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, login, testSandbox } from '../test-support';
import { AI_OPERATIONS } from './operation-names';

describe('AI requests', () => {
  let sandbox: Sandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await testSandbox({ aiLatencyMs: { text2video: 1_500, text2image: 0, image2text: 200 } });
    token = (await login(sandbox)).access_token;
  });
  afterAll(() => sandbox.stop());

  const post = (op: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    call(sandbox.url, 'POST', `/v2/ai/${op}`, { token, body, headers, ...(signal && { signal }) });

  it('refuses an unknown model_id with 400 listing the known ones, for every operation', async () => {
    for (const op of AI_OPERATIONS) {
      const res = await post(op, { model_id: 'no-such-model', image: { prompt: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('unknown_model');
      expect(res.body.error.message).toContain(`not a model of ${op}`);
      expect(res.body.error.known_models.length).toBeGreaterThan(0);
    }
  });

  it('requires model_id and an image object, and the fields of each operation', async () => {
    const missing = await post('text2image', { image: { prompt: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('model_id');
    const notObject = await post('text2image', { model_id: 'paint-1', image: 'a cat' });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.message).toContain('image');
    const noPrompt = await post('text2image', { model_id: 'paint-1', image: {} });
    expect(noPrompt.body.error.message).toContain('image.prompt');
    const tooWide = await post('text2image', { model_id: 'paint-1', image: { prompt: 'x', width: 99999 } });
    expect(tooWide.body.error.message).toContain('image.width');
    const noMedia = await post('image2text', { model_id: 'caption-1', image: {} });
    expect(noMedia.body.error.message).toContain('image.data');
  });

  it('answers 404 for an operation that does not exist', async () => {
    const res = await post('text2audio', { model_id: 'x', image: {} });
    expect(res.status).toBe(404);
  });

  it('takes at least the configured latency', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const started = Date.now();
    const res = await post('image2text', { model_id: 'caption-1', image: { data: png.toString('base64') } });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('replays the stored result for the same Idempotency-Key and body, without generating again', async () => {
    const body = { model_id: 'paint-1', image: { prompt: 'idempotent', width: 32, height: 32 } };
    const first = await post('text2image', body, { 'idempotency-key': 'gen-1' });
    const generations = sandbox.stats.aiGenerations;
    const second = await post(
      'text2image',
      { image: { height: 32, width: 32, prompt: 'idempotent' }, model_id: 'paint-1' },
      { 'idempotency-key': 'gen-1' },
    );
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.stats.aiGenerations).toBe(generations);
    const other = await post('text2image', body, { 'idempotency-key': 'gen-2' });
    expect(other.body.id).not.toBe(first.body.id);
    expect(sandbox.stats.aiGenerations).toBe(generations + 1);
  });

  it('refuses the same Idempotency-Key with a different body (422) or while the first is running (409)', async () => {
    await post('text2image', { model_id: 'paint-1', image: { prompt: 'one' } }, { 'idempotency-key': 'gen-3' });
    const changed = await post(
      'text2image',
      { model_id: 'paint-1', image: { prompt: 'two' } },
      { 'idempotency-key': 'gen-3' },
    );
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe('idempotency_key_reused');
    const body = { model_id: 'motion-1', image: { prompt: 'slow', width: 32, height: 32, duration_s: 0.5, fps: 2 } };
    const running = post('text2video', body, { 'idempotency-key': 'gen-4' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const concurrent = await post('text2video', body, { 'idempotency-key': 'gen-4' });
    expect(concurrent.status).toBe(409);
    expect(concurrent.body.error.code).toBe('idempotency_in_progress');
    expect(concurrent.headers.get('retry-after')).toBe('1');
    expect((await running).status).toBe(200);
    expect((await post('text2video', body, { 'idempotency-key': 'gen-4' })).headers.get('idempotent-replayed')).toBe(
      'true',
    );
  });

  it('counts a client that disconnects during a video job as aborted and cancels the work', async () => {
    sandbox.resetStats();
    const controller = new AbortController();
    const aborted = once(sandbox.events, 'aborted');
    const request = post(
      'text2video',
      { model_id: 'motion-1', image: { prompt: 'cancel me', width: 32, height: 32 } },
      {},
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await expect(request).rejects.toThrow();
    const [event] = await aborted;
    expect(event).toMatchObject({ method: 'POST', path: '/v2/ai/text2video', route: 'POST /v2/ai/text2video' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sandbox.stats).toMatchObject({ aborted: 1, aiCancelled: 1, aiGenerations: 0 });
  });

  it('serves produced files only with a credential, only to their account, with an ETag', async () => {
    const res = await post('text2image', { model_id: 'paint-1', image: { prompt: 'private', width: 16, height: 16 } });
    const url: string = res.body.outputs[0].url;
    const path = new URL(url).pathname;
    expect((await call(sandbox.url, 'GET', path)).status).toBe(401);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    const etag = ok.headers.get('etag') ?? '';
    const cached = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    await sandbox.createAccount('other@atelier.local', 'other-password');
    const other = await login(sandbox, 'other@atelier.local', 'other-password');
    expect((await call(sandbox.url, 'GET', path, { token: other.access_token })).status).toBe(404);
    const viaUrl = await call(sandbox.url, 'POST', '/v2/ai/image2text', {
      token: other.access_token,
      body: { model_id: 'caption-1', image: { url } },
    });
    expect(viaUrl.status).toBe(400);
    expect(viaUrl.body.error.message).toMatch(/does not exist for this account/);
  });

  it('fetches image.url from another server', async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    const server = createServer((req, res) => {
      if (req.url === '/pic.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ok = await post('image2text', { model_id: 'caption-1', image: { url: `${base}/pic.png` } });
      expect(ok.body.text).toMatch(/^A 20x10 landscape PNG image, mostly green/);
      const missing = await post('image2text', { model_id: 'caption-1', image: { url: `${base}/nope.png` } });
      expect(missing.status).toBe(400);
      expect(missing.body.error.message).toBe('image.url answered HTTP 404');
      const ftp = await post('image2text', { model_id: 'caption-1', image: { url: 'ftp://example.com/a.png' } });
      expect(ftp.body.error.message).toMatch(/http or https/);
    } finally {
      server.close();
    }
  });
});
