import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, download, ffprobe, login, testSandbox } from '../test-support';

const exec = promisify(execFile);

describe('video AI operations', () => {
  let sandbox: Sandbox;
  let token: string;
  let dir: string;
  let clipWithAudio: Buffer;
  beforeAll(async () => {
    sandbox = await testSandbox();
    token = (await login(sandbox)).access_token;
    // A plain (non-fragmented) MP4 with its index at the end and an audio track, made by ffmpeg.
    dir = await mkdtemp(join(tmpdir(), 'sandbox-video-'));
    const file = join(dir, 'clip.mp4');
    await exec('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=10:duration=1.5',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1.5',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      file,
    ]);
    clipWithAudio = await readFile(file);
  });
  afterAll(async () => {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (op: string, model_id: string, image: Record<string, unknown>) =>
    call(sandbox.url, 'POST', `/v2/ai/${op}`, { token, body: { model_id, image } });

  it('text2video returns a real, deterministic MP4 with the requested frames', async () => {
    const image = { prompt: 'a paper boat', width: 160, height: 120, duration_s: 1, fps: 8 };
    const res = await run('text2video', 'motion-1', image);
    expect(res.status).toBe(200);
    const output = res.body.outputs[0];
    expect(output).toMatchObject({ mime_type: 'video/mp4', width: 160, height: 120, fps: 8, duration_s: 1 });
    const probe = await ffprobe(await download(output.url, token));
    expect(probe).toMatchObject({ width: 160, height: 120, frames: 8 });
    expect(['h264', 'mpeg4']).toContain(probe.codec);
    expect(probe.durationS).toBeCloseTo(1, 1);
    const again = await run('text2video', 'motion-1', image);
    expect(again.body.outputs[0].sha256).toBe(output.sha256);
  });

  it('image2video animates an input image (zoom-1 and fade-1)', async () => {
    const png = await sharp({ create: { width: 90, height: 70, channels: 4, background: '#33aa55ff' } })
      .png()
      .toBuffer();
    for (const model of ['zoom-1', 'fade-1']) {
      const res = await run('image2video', model, { data: png.toString('base64'), duration_s: 0.5, fps: 10 });
      expect(res.status).toBe(200);
      const probe = await ffprobe(await download(res.body.outputs[0].url, token));
      expect(probe).toMatchObject({ width: 90, height: 70, frames: 5 });
    }
  });

  it('video2video transforms a plain MP4 with audio for every model', async () => {
    const data = clipWithAudio.toString('base64');
    const hashes = new Set<string>();
    for (const model of ['grayscale-1', 'invert-1', 'mirror-1', 'reverse-1']) {
      const res = await run('video2video', model, { data });
      expect(res.status).toBe(200);
      const probe = await ffprobe(await download(res.body.outputs[0].url, token));
      expect(probe).toMatchObject({ width: 160, height: 120 });
      expect(probe.frames).toBeGreaterThanOrEqual(14);
      hashes.add(res.body.outputs[0].sha256);
    }
    expect(hashes.size).toBe(4);
  });

  it('video2text reports duration, size, frame rate, audio and colour', async () => {
    const res = await run('video2text', 'describe-1', { data: clipWithAudio.toString('base64') });
    expect(res.status).toBe(200);
    const described = new RegExp(
      String.raw`^Video: 1\.5\d s, 160x120 at 10 fps \(h264\)\. ` +
        String.raw`Audio: aac, mean -?\d+\.\d dB, peak -?\d+\.\d dB\. Middle frame: mostly `,
    );
    expect(res.body.text).toMatch(described);
    expect(res.body.metrics).toMatchObject({ width: 160, height: 120, fps: 10, has_audio: true });
  });

  it('video2text reads a generated video by URL', async () => {
    const made = await run('text2video', 'motion-1', {
      prompt: 'silent',
      width: 64,
      height: 48,
      duration_s: 0.5,
      fps: 4,
    });
    const res = await run('video2text', 'describe-1', { url: made.body.outputs[0].url });
    expect(res.body.text).toMatch(/^Video: 0\.50 s, 64x48 at 4 fps .*Audio: none\./);
  });

  it('refuses input that is not a video', async () => {
    const res = await run('video2video', 'mirror-1', { data: Buffer.from('not a video at all').toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_media');
  });
});

describe('video operations without ffmpeg', () => {
  it('answer 503 with a message naming the requirement', async () => {
    const sandbox = await testSandbox({ ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' });
    try {
      const token = (await login(sandbox)).access_token;
      const res = await call(sandbox.url, 'POST', '/v2/ai/text2video', {
        token,
        body: { model_id: 'motion-1', image: { prompt: 'x' } },
      });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('ffmpeg_unavailable');
      expect(res.body.error.message).toMatch(/need ffmpeg and ffprobe/);
    } finally {
      await sandbox.stop();
    }
  });
});
