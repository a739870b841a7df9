// The AI studio against the sandbox: every operation end to end with its media decoded, the
// durable queue across restarts, cancellation, offline, Retry-After, cached results, errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiJobDetail, AiJobView, AiSubmitInput } from '../../../shared/ai';
import { startSandbox, type Sandbox } from '../../../sandbox';
import {
  call,
  coreWithSandbox,
  createApiKey,
  harnesses,
  remoteAll,
  signInDemo,
  type Harness,
} from '../../../../test/support/core-with-sandbox';
import { makeAudio, makeImage, realTools } from '../media/test-media';
import { probeMedia } from '../media/probe';
import { slugify } from '../../../shared/slug';
import { until } from './test-async-core';

const open = harnesses();
let tmp: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-ai-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function signedIn(opts: Parameters<typeof coreWithSandbox>[0] = {}): Promise<Harness> {
  const h = await open({ sandbox: { aiLatencyMs: 0, ...opts.sandbox }, ...opts });
  await signInDemo(h);
  return h;
}

async function job(h: Harness, id: string): Promise<AiJobDetail> {
  return call(h, 'ai.get', { id });
}

async function finished(h: Harness, id: string, timeoutMs = 30_000): Promise<AiJobDetail> {
  return until(
    `job ${id} to finish`,
    async () => {
      const j = await job(h, id);
      return j.state === 'succeeded' || j.state === 'failed' || j.state === 'cancelled' ? j : null;
    },
    timeoutMs,
  );
}

async function submit(h: Harness, input: AiSubmitInput): Promise<AiJobView> {
  const r = await call(h, 'ai.submit', input);
  if (r.kind !== 'queued') throw new Error(`expected a queued job, got ${r.kind}`);
  return r.job;
}

async function run(h: Harness, input: AiSubmitInput): Promise<AiJobDetail> {
  const done = await finished(h, (await submit(h, input)).id);
  if (done.state !== 'succeeded') throw new Error(`${input.operation} ${done.state}: ${JSON.stringify(done.error)}`);
  return done;
}

function blob(h: Harness, sha: string): string {
  const file = h.core.media.blobPath(sha);
  if (!file) throw new Error(`blob ${sha} missing`);
  return file;
}

describe('the eight operations against the sandbox', () => {
  it('text2image, image2image, image2text, image2video, video2video, video2text store decodable outputs', async () => {
    const tools = await realTools();
    const h = await signedIn();
    const t2i = await run(h, {
      operation: 'text2image',
      modelId: 'paint-1',
      prompt: 'a lighthouse at dusk',
      params: { width: 96, height: 64 },
    });
    expect(t2i.outputs).toHaveLength(1);
    const png = t2i.outputs[0]!;
    expect(png).toMatchObject({ kind: 'image', mimeType: 'image/png', width: 96, height: 64 });
    const meta = await sharp(blob(h, png.sha256)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 96, 64]);
    // The provenance says what produced it; the media data in the request is replaced by its hash.
    expect(t2i.provenance).toMatchObject({
      operation: 'text2image',
      model_id: 'paint-1',
      parameters: { width: 96, height: 64 },
      prompt: 'a lighthouse at dusk',
    });
    expect(t2i.provenance.request).toMatchObject({
      model_id: 'paint-1',
      image: { prompt: 'a lighthouse at dusk', width: 96, height: 64 },
    });
    expect(t2i.provenance.response).toMatchObject({ operation: 'text2image', outputs: [{ sha256: png.sha256 }] });

    const i2i = await run(h, {
      operation: 'image2image',
      modelId: 'invert-1',
      input: { kind: 'result', jobId: t2i.id, output: 0 },
    });
    const inverted = await sharp(blob(h, i2i.outputs[0]!.sha256)).metadata();
    expect([inverted.format, inverted.width, inverted.height]).toEqual(['png', 96, 64]);
    expect(i2i.provenance.input_sha256).toEqual([png.sha256]);
    expect(JSON.stringify(i2i.provenance.request)).toContain(`<base64 of sha256:${png.sha256}>`);

    const i2t = await run(h, {
      operation: 'image2text',
      modelId: 'describe-1',
      input: { kind: 'result', jobId: t2i.id },
    });
    expect(i2t.outputs).toEqual([]);
    expect(i2t.text).toMatch(/96\D+64/);

    const i2v = await run(h, {
      operation: 'image2video',
      modelId: 'fade-1',
      input: { kind: 'result', jobId: t2i.id },
      params: { duration_s: 1, fps: 6 },
    });
    const video = i2v.outputs[0]!;
    expect(video).toMatchObject({ kind: 'video', mimeType: 'video/mp4' });
    const probed = await probeMedia(blob(h, video.sha256), 'video', tools);
    expect(probed.width).toBe(96);
    expect(probed.durationMs).toBeGreaterThan(500);
    expect(video.thumbSha256).not.toBeNull(); // a poster frame for the gallery

    const v2v = await run(h, {
      operation: 'video2video',
      modelId: 'grayscale-1',
      input: { kind: 'result', jobId: i2v.id },
    });
    expect((await probeMedia(blob(h, v2v.outputs[0]!.sha256), 'video', tools)).durationMs).toBeGreaterThan(500);

    const v2t = await run(h, {
      operation: 'video2text',
      modelId: 'describe-1',
      input: { kind: 'result', jobId: v2v.id },
    });
    expect(v2t.text).toMatch(/96/);
  });

  it('text2video and wave2text (a WAV from disk), with images from the library and a file', async () => {
    const tools = await realTools();
    const h = await signedIn();
    const t2v = await run(h, {
      operation: 'text2video',
      modelId: 'motion-1',
      prompt: 'waves',
      params: { width: 160, height: 120, duration_s: 1, fps: 6 },
    });
    const probed = await probeMedia(blob(h, t2v.outputs[0]!.sha256), 'video', tools);
    expect([probed.width, probed.height]).toEqual([160, 120]);

    const wav = await makeAudio(tmp, 'tone.wav', { seconds: 1 });
    const w2t = await run(h, { operation: 'wave2text', modelId: 'analyze-1', input: { kind: 'file', path: wav } });
    expect(w2t.text).toMatch(/1(\.0+)?\s*s|duration/i);
    expect(w2t.input).toMatchObject({ kind: 'audio', name: 'tone.wav' });

    // A library asset as the input.
    const picture = await makeImage(tmp, 'red-blue.png', { width: 40, height: 30 });
    const report = await call(h, 'library.import', { paths: [picture] });
    const assetId = report.imported[0]!.id;
    const caption = await run(h, { operation: 'image2text', modelId: 'caption-1', input: { kind: 'asset', assetId } });
    expect(caption.text?.length).toBeGreaterThan(5);
  });

  it('refuses inputs of the wrong kind and missing prompts before anything is sent', async () => {
    const h = await signedIn();
    const wav = await makeAudio(tmp, 'wrong.wav');
    await expect(
      call(h, 'ai.submit', { operation: 'image2text', modelId: 'caption-1', input: { kind: 'file', path: wav } }),
    ).rejects.toThrow(/needs an image/);
    await expect(call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: '   ' })).rejects.toThrow(
      /prompt/,
    );
    await expect(
      call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'x', params: { width: 99999 } }),
    ).rejects.toThrow(/between 16 and 2048/);
    await expect(
      call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'x', params: { nope: 1 } }),
    ).rejects.toThrow(/no parameter "nope"/);
    await expect(
      call(h, 'ai.submit', {
        operation: 'image2image',
        modelId: 'blur-1',
        input: { kind: 'result', jobId: 'missing' },
      }),
    ).rejects.toThrow(/not_found/);
    expect(h.sent.get('/v2/ai/image2text') ?? 0).toBe(0);
    expect(h.sent.get('/v2/ai/text2image') ?? 0).toBe(0);
  });
});

describe('the queue', () => {
  it('an identical request offers the saved result; a second platform call only when asked', async () => {
    const h = await signedIn();
    const input: AiSubmitInput = { operation: 'text2image', modelId: 'mosaic-1', prompt: 'tiles', params: { seed: 7 } };
    const first = await run(h, input);
    const again = await call(h, 'ai.submit', input);
    expect(again.kind).toBe('cached');
    expect(again.job.id).toBe(first.id);
    expect(h.sent.get('/v2/ai/text2image')).toBe(1);
    // Another parameter value is another request.
    expect((await call(h, 'ai.submit', { ...input, params: { seed: 8 } })).kind).toBe('queued');
    const forced = await call(h, 'ai.submit', { ...input, force: true });
    expect(forced.kind).toBe('queued');
    const second = await finished(h, forced.job.id);
    expect(second.state).toBe('succeeded');
    expect(h.sent.get('/v2/ai/text2image')).toBe(3);
    // Deterministic sandbox: the same bytes, stored once.
    expect(second.outputs[0]!.sha256).toBe(first.outputs[0]!.sha256);
    // Re-run with the same settings offers the saved result too.
    expect((await call(h, 'ai.rerun', { id: first.id })).kind).toBe('cached');
  });

  it('waits while paused, runs in the order the user set, one at a time at concurrency 1', async () => {
    const h = await signedIn();
    await call(h, 'ai.setPaused', { paused: true });
    await call(h, 'ai.setConcurrency', { concurrency: 1 });
    const ids: string[] = [];
    for (const p of ['first', 'second', 'third'])
      ids.push((await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: p })).id);
    const order: string[] = [];
    h.sandbox.events.on('request', (r: { path: string }) => {
      if (r.path === '/v2/ai/text2image') order.push(r.path);
    });
    const queue = await call(h, 'ai.queue', {});
    expect(queue.status).toMatchObject({ paused: true, queued: 3, running: 0, waiting: 'The queue is paused.' });
    expect(queue.active.map((j) => j.waiting)).toEqual([
      'The queue is paused.',
      'The queue is paused.',
      'The queue is paused.',
    ]);
    // third before first, then second to the end: third, first, second.
    await call(h, 'ai.reorder', { id: ids[2]!, before: ids[0]! });
    const moved = await call(h, 'ai.reorder', { id: ids[1]!, before: null });
    expect(moved.active.map((j) => j.prompt)).toEqual(['third', 'first', 'second']);
    await new Promise((r) => setTimeout(r, 150));
    expect(h.sent.get('/v2/ai/text2image') ?? 0).toBe(0);
    await call(h, 'ai.setPaused', { paused: false });
    const done = await Promise.all(ids.map((id) => finished(h, id)));
    const byStart = [...done].sort(
      (a, b) => Date.parse(a.startedAt!) - Date.parse(b.startedAt!) || a.position - b.position,
    );
    expect(byStart.map((j) => j.prompt)).toEqual(['third', 'first', 'second']);
    // Never two at once at concurrency 1.
    for (let i = 1; i < byStart.length; i++)
      expect(Date.parse(byStart[i]!.startedAt!)).toBeGreaterThanOrEqual(Date.parse(byStart[i - 1]!.finishedAt!));
  });

  it('cancelling a running video job aborts its request on the sandbox', async () => {
    const h = await signedIn({ sandbox: { aiLatencyMs: 10_000 } });
    const cancelled = new Promise<{ operation: string }>((resolve) => h.sandbox.events.once('ai-cancelled', resolve));
    const j = await submit(h, { operation: 'text2video', modelId: 'motion-1', prompt: 'slow' });
    await until('the job to run', async () => (await job(h, j.id)).state === 'running');
    await until('the request to reach the sandbox', () => (h.sent.get('/v2/ai/text2video') ?? 0) > 0);
    await new Promise((r) => setTimeout(r, 200));
    const after = await call(h, 'ai.cancel', { id: j.id });
    expect(after.state).toBe('cancelled');
    expect((await cancelled).operation).toBe('text2video');
    expect(h.sandbox.stats.aiCancelled).toBe(1);
    expect(h.sandbox.stats.aiGenerations).toBe(0);
    // It stays cancelled, with no result; retry puts it back (it may be billed again).
    await new Promise((r) => setTimeout(r, 100));
    expect(await job(h, j.id)).toMatchObject({ state: 'cancelled', outputs: [] });
    expect((await call(h, 'ai.retry', { id: j.id })).state).toBe('queued');
    await call(h, 'ai.cancel', { id: j.id });
  });

  it('a 429 makes the job wait for Retry-After, then it runs by itself', async () => {
    const h = await signedIn();
    const times: number[] = [];
    h.sandbox.events.on('request', (r: { path: string; status: number }) => {
      if (r.path === '/v2/ai/text2image') times.push(Date.now());
    });
    h.sandbox.faults.set([{ path: '/v2/ai/text2image', kind: 'rate_limit', retryAfterS: 1, count: 1 }]);
    const j = await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'busy' });
    const waiting = await until('the job to wait', async () => {
      const v = await job(h, j.id);
      return v.state === 'queued' && v.attempts === 1 ? v : null;
    });
    expect(waiting.waiting).toMatch(/slow down|tries again/i);
    const done = await finished(h, j.id);
    expect(done.state).toBe('succeeded');
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  it('a platform error is shown on the job with its message and what to do; retry only when asked', async () => {
    const h = await signedIn();
    const j = await submit(h, { operation: 'text2image', modelId: 'no-such-model', prompt: 'x' });
    const failed = await finished(h, j.id);
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toMatch(/no-such-model.*known models: paint-1, mosaic-1/);
    expect(failed.error?.hint).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(h.sent.get('/v2/ai/text2image')).toBe(1); // never retried by itself
    await call(h, 'ai.retry', { id: j.id });
    expect((await finished(h, j.id)).state).toBe('failed');
    expect(h.sent.get('/v2/ai/text2image')).toBe(2);
  });

  it('offline: jobs wait, then run when the sandbox comes back', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'sbx-'));
    let sandbox: Sandbox = await startSandbox({ port: 0, dataDir: dir, aiLatencyMs: 0, rateLimit: false });
    const port = Number(new URL(sandbox.url).port);
    const h = await open({ reuse: sandbox });
    await signInDemo(h);
    await sandbox.stop();
    try {
      const j = await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'later' });
      const waiting = await until('the job to wait offline', async () => {
        const v = await job(h, j.id);
        return v.state === 'queued' && v.attempts >= 1 && v.waiting ? v : null;
      });
      expect(waiting.waiting).toMatch(/cannot be reached/);
      expect(waiting.outputs).toEqual([]);
      sandbox = await startSandbox({ port, dataDir: dir, aiLatencyMs: 0, rateLimit: false });
      const done = await finished(h, j.id, 45_000);
      expect(done.state).toBe('succeeded');
      expect(done.outputs).toHaveLength(1);
    } finally {
      await sandbox.stop();
    }
  }, 60_000);

  it('restart with jobs queued and running: all reconciled, none lost, none done without a result', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'restart-'));
    const sandbox = await startSandbox({ port: 0, aiLatencyMs: 1500, rateLimit: false });
    try {
      const a = await coreWithSandbox({ reuse: sandbox, dataDir, consent: true });
      await signInDemo(a);
      const ids: string[] = [];
      for (const p of ['one', 'two', 'three', 'four'])
        ids.push((await submit(a, { operation: 'text2image', modelId: 'paint-1', prompt: p })).id);
      await until('two jobs running', async () => (await call(a, 'ai.queue', {})).status.running === 2);
      // The app stops mid-request: the database still says running.
      await a.core.close();
      const b = await coreWithSandbox({ reuse: sandbox, dataDir, consent: true });
      try {
        const done = await Promise.all(ids.map((id) => finished(b, id)));
        for (const d of done) {
          expect(d.state).toBe('succeeded');
          expect(d.outputs).toHaveLength(1);
          expect(fs.existsSync(blob(b, d.outputs[0]!.sha256))).toBe(true);
        }
        expect(done.filter((d) => d.attempts === 2)).toHaveLength(2); // the two interrupted ones, sent again
        expect((await call(b, 'ai.queue', {})).status).toMatchObject({ queued: 0, running: 0 });
      } finally {
        await b.core.close();
      }
    } finally {
      await sandbox.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a running job interrupted after the platform answered is replayed, not generated (or billed) twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'replay-'));
    const sandbox = await startSandbox({ port: 0, aiLatencyMs: 0, rateLimit: false });
    try {
      const a = await coreWithSandbox({ reuse: sandbox, dataDir, consent: true });
      await signInDemo(a);
      const j = await run(a, { operation: 'text2image', modelId: 'paint-1', prompt: 'once' });
      // As if the app stopped after the platform answered but before the result was stored.
      a.core.db.prepare("UPDATE ai_jobs SET state = 'running', finished_at = NULL WHERE id = ?").run(j.id);
      a.core.db.prepare('DELETE FROM ai_outputs WHERE job_id = ?').run(j.id);
      await a.core.close();
      const b = await coreWithSandbox({ reuse: sandbox, dataDir, consent: true });
      try {
        const done = await finished(b, j.id);
        expect(done.state).toBe('succeeded');
        expect(done.outputs).toHaveLength(1);
        expect(sandbox.stats.aiGenerations).toBe(1);
        expect(sandbox.stats.idempotentReplays).toBe(1);
      } finally {
        await b.core.close();
      }
    } finally {
      await sandbox.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a denied API key: the job waits with the platform's message and what to do, and is not retried", async () => {
    const h = await signedIn();
    const created = await createApiKey(h, 30);
    await call(h, 'apiKey.set', { key: created.key, expiresAt: created.expires_at });
    h.sandbox.expireApiKeys();
    const j = await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'denied' });
    const waiting = await until('the job to wait on the credential', async () => {
      const v = await job(h, j.id);
      return v.state === 'queued' && v.attempts === 1 ? v : null;
    });
    expect(waiting.error).toMatchObject({ code: 'auth' });
    expect(waiting.waiting).toMatch(/expired/i);
    expect(waiting.waiting).toMatch(/API Key section\. Sign in/);
    // Nothing is lost and nothing is retried while the credential is refused.
    await new Promise((r) => setTimeout(r, 300));
    expect(h.sent.get('/v2/ai/text2image')).toBe(1);
    expect((await call(h, 'ai.queue', {})).active.map((a) => a.id)).toEqual([j.id]);
  });

  it('waits while signed out and starts by itself after sign-in', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    await signInDemo(h);
    await call(h, 'session.signOut', {});
    const j = await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'after sign-in' });
    await new Promise((r) => setTimeout(r, 200));
    const v = await job(h, j.id);
    expect(v.state).toBe('queued');
    expect(v.waiting).toMatch(/Sign in/);
    expect(h.sent.get('/v2/ai/text2image') ?? 0).toBe(0);
    await signInDemo(h);
    expect((await finished(h, j.id)).state).toBe('succeeded');
  });
});

describe('notifications', () => {
  it('a long job notifies when it ends (for when the window is not in front); a short one does not', async () => {
    let offset = 0;
    const h = await signedIn({ clock: { now: () => Date.now() + offset }, sandbox: { aiLatencyMs: 300 } });
    await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'quick' });
    expect(h.notifications).toEqual([]);
    const j = await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'a long one' });
    await until('the job to run', async () => (await job(h, j.id)).state === 'running');
    offset += 20_000; // it takes 20 s by the app's clock
    expect((await finished(h, j.id)).state).toBe('succeeded');
    // The success is readable once committed; the queue settles it (and notifies) once it is on disk.
    await until('the queue to settle the job', () => !h.core.ai.queue.isRunning(j.id));
    expect(h.notifications).toEqual([
      { title: 'text2image finished', body: '“a long one”', route: 'studio', whenUnfocused: true },
    ]);
  });
});

describe('results', () => {
  it('an answer of unknown shape is kept raw and shown, never crashes', async () => {
    const h = await signedIn();
    const original = globalThis.fetch;
    const fetchSpy: typeof fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.pathname === '/v2/ai/text2image') {
        if (init?.body instanceof ReadableStream) await init.body.cancel();
        return new Response(JSON.stringify({ job: { state: 'accepted', eta: 'soon' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return original(input, init);
    };
    (globalThis as { fetch: typeof fetch }).fetch = fetchSpy;
    try {
      const j = await finished(h, (await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'odd' })).id);
      expect(j.state).toBe('succeeded');
      expect(j.unknownShape).toBe(true);
      expect(j.outputs).toEqual([]);
      expect(j.provenance.response).toEqual({ job: { state: 'accepted', eta: 'soon' } });
    } finally {
      (globalThis as { fetch: typeof fetch }).fetch = original;
    }
  });

  it('a damaged input file fails its job with a clear error and sends nothing partial', async () => {
    const h = await signedIn();
    const picture = await makeImage(tmp, 'to-damage.png', { width: 20, height: 20 });
    const report = await call(h, 'library.import', { paths: [picture] });
    const asset = (await call(h, 'library.get', { id: report.imported[0]!.id }))!;
    await call(h, 'ai.setPaused', { paused: true });
    const j = await submit(h, {
      operation: 'image2text',
      modelId: 'caption-1',
      input: { kind: 'asset', assetId: asset.id },
    });
    // The stored copy changes on disk after it was chosen.
    fs.appendFileSync(blob(h, asset.sha256!), 'garbage');
    await call(h, 'ai.setPaused', { paused: false });
    const failed = await finished(h, j.id);
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'storage', message: expect.stringMatching(/damaged on disk/) });
    expect(h.sandbox.stats.aiGenerations).toBe(0);
  });

  it('a result that arrives damaged (checksum mismatch) is not stored; the job fails and says to retry', async () => {
    const h = await signedIn();
    const original = globalThis.fetch;
    (globalThis as { fetch: typeof fetch }).fetch = async (input, init) => {
      const res = await original(input, init);
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (!url.pathname.startsWith('/v2/files/')) return res;
      const bytes = Buffer.from(await res.arrayBuffer());
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
      return new Response(bytes, { status: 200, headers: res.headers });
    };
    try {
      const j = await finished(
        h,
        (await submit(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'flipped bit' })).id,
      );
      expect(j.state).toBe('failed');
      expect(j.error).toMatchObject({
        code: 'unavailable',
        message: expect.stringMatching(/damaged/),
        hint: expect.stringMatching(/Retry/),
      });
      expect(j.outputs).toEqual([]);
    } finally {
      (globalThis as { fetch: typeof fetch }).fetch = original;
    }
  });

  it(
    'gallery: filter by operation, model, date and text over prompts and produced text; ' +
      'save to the library; export; remove',
    async () => {
      const h = await signedIn();
      const img = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'orange harbour at night' });
      const txt = await run(h, {
        operation: 'image2text',
        modelId: 'describe-1',
        input: { kind: 'result', jobId: img.id },
      });
      await run(h, { operation: 'text2image', modelId: 'mosaic-1', prompt: 'green fields' });
      // The prompt finds its job and what was made from its result (newest first).
      const byText = await call(h, 'ai.gallery', { text: 'harb' });
      expect(byText.items.map((j) => j.id)).toEqual([txt.id, img.id]);
      expect((await call(h, 'ai.gallery', { text: 'green' })).items.map((j) => j.prompt)).toEqual(['green fields']);
      const word = txt.text!.split(/\W+/).find((w) => w.length > 4)!;
      expect((await call(h, 'ai.gallery', { text: word })).items.map((j) => j.id)).toContain(txt.id);
      expect((await call(h, 'ai.gallery', { operation: 'image2text' })).items.map((j) => j.id)).toEqual([txt.id]);
      const mosaic = await call(h, 'ai.gallery', { modelId: 'mosaic-1' });
      expect(mosaic.items.map((j) => j.prompt)).toEqual(['green fields']);
      expect(mosaic.models).toEqual(['describe-1', 'mosaic-1', 'paint-1']);
      const today = new Date().toISOString().slice(0, 10);
      expect((await call(h, 'ai.gallery', { from: '2000-01-01', to: '2000-12-31' })).total).toBe(0);
      expect((await call(h, 'ai.gallery', { from: '2000-01-01' })).total).toBe(3);
      await expect(call(h, 'ai.gallery', { from: 'yesterday' })).rejects.toThrow(/not a date/);
      expect(today).toMatch(/^\d{4}/);

      const asset = await call(h, 'ai.save', { id: img.id, tags: ['harbour', 'ai'] });
      expect(asset).toMatchObject({
        kind: 'image',
        tags: ['harbour', 'ai'],
        sha256: img.outputs[0]!.sha256,
        hasFile: true,
      });
      expect((await job(h, img.id)).outputs[0]!.assetId).toBe(asset.id);
      // The library finds it by its prompt too.
      expect((await call(h, 'library.query', { text: 'harbour night' })).items.map((a) => a.id)).toEqual([asset.id]);

      const folder = fs.mkdtempSync(path.join(tmp, 'export-'));
      const report = await call(h, 'ai.export', { ids: [img.id, txt.id], folder });
      // Named from the prompt; a job without one from its operation and input.
      const described = `image2text-${slugify(txt.input!.name.replace(/\.\w+$/, ''))}`;
      expect(report.files.sort()).toEqual(
        [
          'orange-harbour-at-night.png',
          'orange-harbour-at-night.provenance.json',
          `${described}.txt`,
          `${described}.provenance.json`,
        ].sort(),
      );
      expect(fs.readFileSync(path.join(folder, `${described}.txt`), 'utf8')).toBe(txt.text);
      const again = await call(h, 'ai.export', { ids: [img.id], folder });
      expect(again.files).toContain('orange-harbour-at-night-2.png'); // never overwrites
      await expect(call(h, 'ai.export', { ids: [img.id], folder: path.join(folder, 'missing') })).rejects.toThrow(
        /does not exist/,
      );

      // Removing the job keeps the file the library uses; removing the text job frees nothing else.
      await call(h, 'ai.remove', { id: img.id });
      expect(h.core.media.blobPath(img.outputs[0]!.sha256)).not.toBeNull();
      await expect(job(h, img.id)).rejects.toThrow(/not_found/);
    },
  );

  it('removing a job keeps the media a kept backup refers to, and frees what no backup holds', async () => {
    const h = await signedIn();
    const held = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'in the backup' });
    await call(h, 'backups.create', {});
    const later = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'made after the backup' });
    expect(later.outputs[0]!.sha256).not.toBe(held.outputs[0]!.sha256);
    await call(h, 'ai.remove', { id: held.id });
    await call(h, 'ai.remove', { id: later.id });
    // Restoring that backup must find its result's file.
    expect(h.core.media.blobPath(held.outputs[0]!.sha256)).not.toBeNull();
    expect(h.core.media.blobPath(later.outputs[0]!.sha256)).toBeNull();
  });

  it('emptying the library trash keeps files an AI job still uses', async () => {
    const h = await signedIn();
    const img = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'kept' });
    const asset = await call(h, 'ai.save', { id: img.id, tags: [] });
    await call(h, 'library.trash', { ids: [asset.id] });
    await call(h, 'library.emptyTrash', {});
    expect(h.core.media.blobPath(img.outputs[0]!.sha256)).not.toBeNull();
  });

  it('saving a result whose asset is in the trash brings it back on the platform too, with the new tags', async () => {
    const h = await signedIn();
    const img = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'comes back' });
    const remoteTags = async () => (await remoteAll(h, '/v2/assets')).map((a) => a.tags);
    // The delete not sent yet: it is cancelled and the same platform record gets the tags.
    const asset = await call(h, 'ai.save', { id: img.id, tags: ['first'] });
    await h.core.sync.run();
    await call(h, 'library.trash', { ids: [asset.id] });
    expect(await call(h, 'ai.save', { id: img.id, tags: ['second'] })).toMatchObject({
      id: asset.id,
      trashedAt: null,
      tags: ['first', 'second'],
    });
    await h.core.sync.run();
    expect(await remoteTags()).toEqual([['first', 'second']]);
    // The delete already sent: the asset goes up again as a new record.
    await call(h, 'library.trash', { ids: [asset.id] });
    await h.core.sync.run();
    expect(await remoteTags()).toEqual([]);
    await call(h, 'ai.save', { id: img.id, tags: ['third'] });
    await h.core.sync.run();
    expect(await remoteTags()).toEqual([['first', 'second', 'third']]);
    expect((await call(h, 'sync.status', {})).groups.find((g) => g.group === 'assets')).toMatchObject({
      pending: 0,
      failed: 0,
      conflicts: 0,
    });
  });

  it('catalog: the profile models, parameters and the recent models', async () => {
    const h = await signedIn();
    await run(h, { operation: 'text2image', modelId: 'mosaic-1', prompt: 'recent' });
    const catalog = await call(h, 'ai.catalog', {});
    const t2i = catalog.operations.find((o) => o.operation === 'text2image')!;
    expect(t2i).toMatchObject({ input: 'text', output: 'image', media: 'none', recentModels: ['mosaic-1'] });
    expect(t2i.models).toEqual(['paint-1', 'mosaic-1']);
    expect(t2i.params.map((p) => p.name)).toEqual(['width', 'height', 'seed']);
    expect(catalog.operations.find((o) => o.operation === 'wave2text')).toMatchObject({
      input: 'audio',
      media: 'base64',
    });
  });
});
