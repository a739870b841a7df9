import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { parseFfprobeOutput } from './ffprobe-output';
import { NO_MEDIA_TOOLS } from './media-tools';
import { probeMedia } from './probe';
import { makeAudio, makeImage, makeVideo, realTools } from './test-media';

const tmp = tempDirs('probe');

describe('probeMedia', () => {
  it('reads image dimensions with sharp, as displayed after EXIF rotation', async () => {
    const dir = tmp();
    const tools = await realTools();
    expect(await probeMedia(await makeImage(dir, 'a.png', { width: 64, height: 48 }), 'image', tools)).toEqual({
      width: 64,
      height: 48,
    });
    // Orientation 6: stored landscape, shown portrait.
    const rotated = await makeImage(dir, 'phone.jpg', { width: 64, height: 48, format: 'jpeg', orientation: 6 });
    expect(await probeMedia(rotated, 'image', NO_MEDIA_TOOLS)).toEqual({ width: 48, height: 64 });
  });

  it('reads video dimensions and duration with ffprobe', async () => {
    const dir = tmp();
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 2 });
    const probe = await probeMedia(video, 'video', await realTools());
    expect(probe.width).toBe(320);
    expect(probe.height).toBe(240);
    // The test clip is made at 10 frames per second.
    expect(probe.fps).toBe(10);
    expect(probe.durationMs).toBeGreaterThanOrEqual(1900);
    expect(probe.durationMs).toBeLessThanOrEqual(2100);
  });

  it('reads audio duration with ffprobe, without dimensions', async () => {
    const dir = tmp();
    const probe = await probeMedia(await makeAudio(dir, 'tone.wav', { seconds: 1 }), 'audio', await realTools());
    expect(Object.keys(probe)).toEqual(['durationMs']);
    expect(probe.durationMs).toBeGreaterThanOrEqual(950);
    expect(probe.durationMs).toBeLessThanOrEqual(1050);
  });

  it('handles a name starting with a dash as a file, not an option', async () => {
    const dir = tmp();
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 1 });
    const dashed = path.join(dir, '-i.mp4');
    fs.renameSync(video, dashed);
    expect((await probeMedia(dashed, 'video', await realTools())).width).toBe(320);
  });

  it('returns what is known instead of throwing: no ffprobe, damaged files, missing files', async () => {
    const dir = tmp();
    const tools = await realTools();
    const video = await makeVideo(dir, 'clip.mp4', { seconds: 1 });
    expect(await probeMedia(video, 'video', NO_MEDIA_TOOLS)).toEqual({});

    const damaged = path.join(dir, 'damaged.mp4');
    fs.writeFileSync(damaged, fs.readFileSync(video).subarray(0, 200));
    expect(await probeMedia(damaged, 'video', tools)).toEqual({});

    const junk = path.join(dir, 'junk.png');
    fs.writeFileSync(junk, 'not an image');
    expect(await probeMedia(junk, 'image', tools)).toEqual({});
    expect(await probeMedia(path.join(dir, 'missing.png'), 'image', tools)).toEqual({});
    expect(await probeMedia(path.join(dir, 'missing.mp3'), 'audio', tools)).toEqual({});
    expect(await probeMedia(video, 'other', tools)).toEqual({});
  });
});

describe('parseFfprobeOutput', () => {
  it('swaps width and height for rotated phone video and ignores cover art', () => {
    const json = JSON.stringify({
      streams: [
        { codec_type: 'video', width: 600, height: 600, disposition: { attached_pic: 1 } },
        { codec_type: 'video', width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] },
      ],
      format: { duration: '12.345678' },
    });
    expect(parseFfprobeOutput(json, 'video')).toEqual({ width: 1080, height: 1920, durationMs: 12346 });
    const tagged = JSON.stringify({
      streams: [{ codec_type: 'video', width: 640, height: 480, tags: { rotate: '270' }, duration: '3.5' }],
      format: {},
    });
    expect(parseFfprobeOutput(tagged, 'video')).toEqual({ width: 480, height: 640, durationMs: 3500 });
  });

  it('reads the frame rate from the average rate, else the base rate; nonsense is unknown', () => {
    const stream = (rates: Record<string, string>) =>
      JSON.stringify({ streams: [{ codec_type: 'video', width: 8, height: 8, ...rates }], format: {} });
    expect(parseFfprobeOutput(stream({ avg_frame_rate: '30000/1001', r_frame_rate: '60/1' }), 'video').fps).toBe(29.97);
    expect(parseFfprobeOutput(stream({ avg_frame_rate: '0/0', r_frame_rate: '25/1' }), 'video').fps).toBe(25);
    expect(parseFfprobeOutput(stream({ avg_frame_rate: 'N/A' }), 'video').fps).toBeUndefined();
    expect(parseFfprobeOutput(stream({ avg_frame_rate: '-5/1' }), 'video').fps).toBeUndefined();
    // A picture read by ffprobe has no frame rate worth keeping.
    expect(parseFfprobeOutput(stream({ avg_frame_rate: '25/1' }), 'image').fps).toBeUndefined();
  });

  it('treats N/A, garbage and unexpected shapes as unknown', () => {
    expect(parseFfprobeOutput('{"format":{"duration":"N/A"},"streams":[]}', 'audio')).toEqual({});
    expect(parseFfprobeOutput('not json', 'video')).toEqual({});
    expect(parseFfprobeOutput('{"streams":"nope"}', 'video')).toEqual({});
  });
});
