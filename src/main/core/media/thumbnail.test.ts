import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { NO_MEDIA_TOOLS } from './media-tools';
import { makeThumbnail, posterTimeMs, type Thumbnail } from './thumbnail';
import { makeAudio, makeImage, makeVideo, realTools } from './test-media';

const tmp = tempDirs('thumbnail');

async function ready(thumbnail: Thumbnail): Promise<{ width: number; height: number; format: string; data: Buffer }> {
  if (thumbnail.state !== 'ready') throw new Error(`expected a thumbnail, got placeholder "${thumbnail.reason}"`);
  expect(thumbnail.mime).toBe('image/webp');
  const meta = await sharp(thumbnail.data).metadata();
  expect({ width: meta.width, height: meta.height }).toEqual({ width: thumbnail.width, height: thumbnail.height });
  return { width: meta.width, height: meta.height, format: meta.format, data: thumbnail.data };
}

describe('makeThumbnail', () => {
  it('makes a webp of an image that fits inside 320×320', async () => {
    const dir = tmp();
    const thumb = await ready(
      await makeThumbnail(await makeImage(dir, 'wide.png', { width: 1280, height: 640 }), 'image', NO_MEDIA_TOOLS),
    );
    expect(thumb).toMatchObject({ width: 320, height: 160, format: 'webp' });
    // Small images are not blown up.
    const small = await ready(
      await makeThumbnail(await makeImage(dir, 'small.png', { width: 40, height: 30 }), 'image', NO_MEDIA_TOOLS),
    );
    expect(small).toMatchObject({ width: 40, height: 30 });
  });

  it('turns a photo upright according to its EXIF orientation', async () => {
    const dir = tmp();
    // Stored 400×200, left half red, right half blue; orientation 6 shows it turned 90° clockwise.
    const photo = await makeImage(dir, 'phone.jpg', { width: 400, height: 200, format: 'jpeg', orientation: 6 });
    const thumb = await ready(await makeThumbnail(photo, 'image', NO_MEDIA_TOOLS));
    expect(thumb).toMatchObject({ width: 160, height: 320 });
    const { data, info } = await sharp(thumb.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // After turning clockwise the red (left) half is on top.
    expect(pixel(80, 40)[0]).toBeGreaterThan(150);
    expect(pixel(80, 280)[2]).toBeGreaterThan(150);
  });

  it('makes a poster frame of a video with ffmpeg', async () => {
    const dir = tmp();
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 2 });
    const thumb = await ready(await makeThumbnail(video, 'video', await realTools()));
    expect(thumb).toMatchObject({ width: 320, height: 240, format: 'webp' });
  });

  it('makes a poster frame of a clip shorter than a second, and of a larger video scaled down', async () => {
    const dir = tmp();
    const tools = await realTools();
    const short = await makeVideo(dir, 'short.webm', {
      seconds: 0.3,
      extra: ['-c:v', 'libvpx', '-deadline', 'realtime'],
    });
    expect(await ready(await makeThumbnail(short, 'video', tools))).toMatchObject({ width: 320, height: 240 });
    const wide = await makeVideo(dir, 'wide.mp4', { seconds: 1, size: '1280x720' });
    // A wrong duration hint (past the end) still yields a frame.
    expect(await ready(await makeThumbnail(wide, 'video', tools, { durationMs: 60_000 }))).toMatchObject({
      width: 320,
      height: 180,
    });
  });

  it('gives a placeholder for video when ffmpeg is absent, and for audio', async () => {
    const dir = tmp();
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 1 });
    expect(await makeThumbnail(video, 'video', NO_MEDIA_TOOLS)).toEqual({ state: 'placeholder', reason: 'no-ffmpeg' });
    const audio = await makeAudio(dir, 'tone.mp3');
    expect(await makeThumbnail(audio, 'audio', await realTools())).toEqual({ state: 'placeholder', reason: 'audio' });
    expect(await makeThumbnail(audio, 'other', await realTools())).toEqual({
      state: 'placeholder',
      reason: 'unsupported',
    });
  });

  it('gives a placeholder, never an exception, for damaged and unsupported files', async () => {
    const dir = tmp();
    const tools = await realTools();
    const damagedPng = path.join(dir, 'damaged.png');
    fs.writeFileSync(damagedPng, fs.readFileSync(await makeImage(dir, 'ok.png')).subarray(0, 40));
    expect(await makeThumbnail(damagedPng, 'image', tools)).toEqual({ state: 'placeholder', reason: 'unreadable' });
    const heic = path.join(dir, 'photo.heic');
    fs.writeFileSync(heic, 'not decodable by anything here');
    expect(await makeThumbnail(heic, 'image', tools)).toEqual({ state: 'placeholder', reason: 'unsupported' });
    const damagedVideo = path.join(dir, 'damaged.mp4');
    fs.writeFileSync(damagedVideo, Buffer.alloc(5000, 7));
    expect(await makeThumbnail(damagedVideo, 'video', tools)).toEqual({ state: 'placeholder', reason: 'unreadable' });
    expect(await makeThumbnail(path.join(dir, 'missing.mp4'), 'video', tools)).toEqual({
      state: 'placeholder',
      reason: 'unreadable',
    });
  });

  it('kills ffmpeg after the timeout', async () => {
    const dir = tmp();
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 1 });
    // A "tool" that never answers stands in for ffmpeg stuck on a damaged file.
    const stuck = path.join(dir, 'stuck-ffmpeg');
    fs.writeFileSync(stuck, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const started = Date.now();
    const thumb = await makeThumbnail(video, 'video', { ffmpeg: stuck, ffprobe: null }, { timeoutMs: 300 });
    expect(thumb).toEqual({ state: 'placeholder', reason: 'unreadable' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('posterTimeMs', () => {
  it('takes 10% in, at least 1 s, never past the middle; 1 s when the duration is unknown', () => {
    expect(posterTimeMs(undefined)).toBe(1000);
    expect(posterTimeMs(0)).toBe(1000);
    expect(posterTimeMs(600_000)).toBe(60_000);
    expect(posterTimeMs(5_000)).toBe(1000);
    expect(posterTimeMs(1_000)).toBe(500);
    expect(posterTimeMs(300)).toBe(150);
  });
});
