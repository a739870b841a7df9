// The eight AI operations against every dialect, each answer read with the dialect profile's map
// (URLs, inline base64, data URLs, an asynchronous job polled by its id): every result stored,
// then decoded — images with sharp, video with ffprobe — and text kept as text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiJobDetail, AiSubmitInput } from '../../src/shared/ai';
import { makeAudio, realTools } from '../../src/main/core/media/test-media';
import { probeMedia } from '../../src/main/core/media/probe';
import { call } from '../support/core-with-sandbox';
import { DIALECT_NAMES, dialectHarnesses, type DialectHarness } from './dialect-harness';

const open = dialectHarnesses();
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dialect-ai-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function run(h: DialectHarness, input: AiSubmitInput): Promise<AiJobDetail> {
  const submitted = await call(h, 'ai.submit', input);
  if (submitted.kind !== 'queued') throw new Error(`expected a queued job, got ${submitted.kind}`);
  const end = Date.now() + 30_000;
  for (;;) {
    const job = await call(h, 'ai.get', { id: submitted.job.id });
    if (job.state === 'succeeded') return job;
    if (job.state === 'failed' || job.state === 'cancelled')
      throw new Error(`${input.operation} ${job.state}: ${JSON.stringify(job.error)}`);
    if (Date.now() > end) throw new Error(`${input.operation} did not finish`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function file(h: DialectHarness, sha: string): string {
  const found = h.core.media.blobPath(sha);
  if (!found) throw new Error(`blob ${sha} missing`);
  return found;
}

describe.each(DIALECT_NAMES)('the eight operations, %s dialect', (dialect) => {
  it('every result is stored and decodes; nothing is read as an unknown shape', async () => {
    const tools = await realTools();
    const h = await open(dialect);
    h.sandbox.resetStats();
    const image = await run(h, {
      operation: 'text2image',
      modelId: 'paint-1',
      prompt: 'a lighthouse',
      params: { width: 64, height: 48 },
    });
    const png = image.outputs[0]!;
    const meta = await sharp(file(h, png.sha256)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);

    const edited = await run(h, {
      operation: 'image2image',
      modelId: 'invert-1',
      input: { kind: 'result', jobId: image.id },
    });
    expect((await sharp(file(h, edited.outputs[0]!.sha256)).metadata()).width).toBe(64);

    const caption = await run(h, {
      operation: 'image2text',
      modelId: 'caption-1',
      input: { kind: 'result', jobId: image.id },
    });
    expect(caption.text).toMatch(/\w+/);

    const video = await run(h, {
      operation: 'image2video',
      modelId: 'fade-1',
      input: { kind: 'result', jobId: image.id },
      params: { duration_s: 1, fps: 6 },
    });
    expect((await probeMedia(file(h, video.outputs[0]!.sha256), 'video', tools)).durationMs).toBeGreaterThan(500);

    const mirrored = await run(h, {
      operation: 'video2video',
      modelId: 'mirror-1',
      input: { kind: 'result', jobId: video.id },
    });
    expect((await probeMedia(file(h, mirrored.outputs[0]!.sha256), 'video', tools)).width).toBe(64);

    const described = await run(h, {
      operation: 'video2text',
      modelId: 'describe-1',
      input: { kind: 'result', jobId: video.id },
    });
    expect(described.text).toMatch(/\w+/);

    const clip = await run(h, {
      operation: 'text2video',
      modelId: 'motion-1',
      prompt: 'waves',
      params: { width: 96, height: 64, duration_s: 1, fps: 6 },
    });
    expect((await probeMedia(file(h, clip.outputs[0]!.sha256), 'video', tools)).height).toBe(64);

    const wav = await makeAudio(tmp, `${dialect}.wav`, { seconds: 1 });
    const heard = await run(h, { operation: 'wave2text', modelId: 'analyze-1', input: { kind: 'file', path: wav } });
    expect(heard.text).toMatch(/\w+/);

    const all = [image, edited, caption, video, mirrored, described, clip, heard];
    expect(all.filter((j) => j.unknownShape).map((j) => j.operation)).toEqual([]);
    // One submission per job, whatever the dialect: one AI POST per job and none replayed by its
    // Idempotency-Key (a replay is not a generation, so aiGenerations alone would not show it).
    const { stats } = h.sandbox;
    const aiPosts = Object.entries(stats.byRoute).filter(([route]) => route.startsWith('POST /v2/ai/'));
    expect(aiPosts.reduce((n, [, count]) => n + count, 0)).toBe(all.length);
    expect(stats.idempotentReplays).toBe(0);
    expect(stats.aiGenerations).toBe(all.length);
    // An asynchronous platform: every job created once and posted once, then only asked about.
    const polled = h.profile.ai.text2image.poll !== undefined;
    expect(stats.aiSubmissions).toBe(polled ? all.length : 0);
    expect(Object.values(stats.aiJobs).map((j) => j.posts)).toEqual(polled ? all.map(() => 1) : []);
    if (polled) expect(Object.values(stats.aiJobs).every((j) => j.polls >= 1)).toBe(true);
  }, 90_000);
});
