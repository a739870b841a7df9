/**
 * The keyframes read from an MP4 or QuickTime index are exactly those ffprobe reports (shown and
 * decoded times, to the millisecond), and files this reader does not follow are left to ffprobe.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import { realTools } from '../test-media';
import { mp4Keyframes, type Mp4Keyframe } from './mp4-index';
import { keyframeCut, pickCut, probeKeyframes } from './video-fix';

const exec = promisify(execFile);
const tmp = tempDirs('mp4-index');
let ffprobe: string;

beforeAll(async () => {
  ffprobe = (await realTools()).ffprobe;
});

const ms = (keyframes: readonly Mp4Keyframe[] | null) =>
  keyframes?.map((k) => [Math.round(k.pts * 1000), Math.round(k.dts * 1000)]);

const SOUND = ['-c:a', 'aac', '-shortest'];
const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast'];

/** Test pictures and, when `extra` encodes sound, a tone: the output's options in `extra`. */
async function video(name: string, seconds: number, extra: string[]): Promise<string> {
  const file = path.join(tmp(), name);
  const { ffmpeg } = await realTools();
  await exec(ffmpeg, [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=320x240:rate=10`],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=duration=${seconds}`,
      '-map',
      '0:v',
      ...(extra.includes('aac') ? ['-map', '1:a'] : []),
    ],
    ...['-pix_fmt', 'yuv420p', ...extra, file],
  ]);
  return file;
}

describe('keyframes from the index', () => {
  it.each([
    [
      'reordered frames (B-frames) and sound, index at the end',
      'b-frames.mp4',
      [...H264, '-bf', '2', '-g', '12', ...SOUND],
    ],
    ['the same in QuickTime', 'b-frames.mov', [...H264, '-bf', '2', '-g', '12', ...SOUND]],
    ['the index at the start', 'faststart.mp4', [...H264, '-bf', '3', '-g', '7', '-movflags', '+faststart']],
    ['no reordering, no sound', 'plain.mp4', [...H264, '-bf', '0', '-g', '9']],
    ['every frame a keyframe', 'intra.mp4', ['-c:v', 'mjpeg']],
  ])(
    'match ffprobe: %s',
    async (_what, name, extra) => {
      const file = await video(name, 6, extra);
      const indexed = await mp4Keyframes(file);
      expect(indexed?.length).toBeGreaterThan(1);
      expect(ms(indexed)).toEqual(ms(await probeKeyframes(ffprobe, file, 60_000)));
      for (const limit of [1_000, 2_500, 4_050, 5_900])
        expect(await keyframeCut(ffprobe, file, limit)).toEqual(
          pickCut(await probeKeyframes(ffprobe, file, limit), limit),
        );
    },
    30_000,
  );

  it.each([
    ['a fragmented MP4', 'fragments.mp4', [...H264, '-g', '10', '-movflags', 'frag_keyframe+empty_moov']],
    ['an AVI', 'old.avi', ['-c:v', 'mpeg4', '-g', '10']],
  ])('leaves %s to ffprobe, which still finds the cut', async (_what, name, extra) => {
    const file = await video(name, 4, extra);
    expect(await mp4Keyframes(file)).toBeNull();
    expect(await keyframeCut(ffprobe, file, 2_500)).toMatchObject({ cutMs: 2_000 });
  });

  it('reads nothing from a file that is not a video, or is not there', async () => {
    const dir = tmp();
    const text = path.join(dir, 'notes.mp4');
    fs.writeFileSync(text, 'not a video at all');
    expect(await mp4Keyframes(text)).toBeNull();
    expect(await mp4Keyframes(path.join(dir, 'missing.mp4'))).toBeNull();
  });

  it('keeps a cut clear of the limit by the sound margin, and never at the first frame', () => {
    const frames = [0, 1, 2, 3].map((s) => ({ pts: s, dts: s - 0.1 }));
    expect(pickCut(frames, 3_000)).toEqual({ cutMs: 2_000, copyMs: 1_900 });
    expect(pickCut(frames, 3_050)).toEqual({ cutMs: 3_000, copyMs: 2_900 });
    expect(pickCut(frames, 900)).toBeNull();
  });
});
