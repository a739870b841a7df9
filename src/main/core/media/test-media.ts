// Real media for the tests in this folder, generated on the spot with sharp and ffmpeg.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { detectMediaTools, type MediaTools } from './media-tools';

const exec = promisify(execFile);

/** The machine's ffmpeg and ffprobe; these tests need both (apt-get install ffmpeg). */
export async function realTools(): Promise<{ ffmpeg: string; ffprobe: string } & MediaTools> {
  const tools = await detectMediaTools();
  if (!tools.ffmpeg || !tools.ffprobe) {
    throw new Error(
      'These tests need ffmpeg and ffprobe on the PATH (apt-get install ffmpeg, ' +
        'or set ATELIER_FFMPEG / ATELIER_FFPROBE).',
    );
  }
  return { ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe };
}

/** A two-colour picture, so a thumbnail can be checked for orientation. */
function picture(width: number, height: number): ReturnType<typeof sharp> {
  const left = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      if (x < width / 2) left.set([220, 30, 30], at);
      else left.set([30, 30, 220], at);
    }
  }
  return sharp(left, { raw: { width, height, channels: 3 } });
}

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'tiff';

export async function makeImage(
  dir: string,
  name: string,
  {
    width = 64,
    height = 48,
    format = 'png',
    orientation,
  }: { width?: number; height?: number; format?: ImageFormat; orientation?: number } = {},
): Promise<string> {
  const file = path.join(dir, name);
  let image = picture(width, height).toFormat(format);
  if (orientation !== undefined) image = image.withMetadata({ orientation });
  await image.toFile(file);
  return file;
}

async function ffmpeg(args: string[]): Promise<void> {
  const { ffmpeg: tool } = await realTools();
  await exec(tool, ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { timeout: 30_000 });
}

/** testsrc video (320×240 unless told), container from the name's extension. */
export async function makeVideo(
  dir: string,
  name: string,
  { seconds = 2, size = '320x240', extra = [] }: { seconds?: number; size?: string; extra?: string[] } = {},
): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=${size}:rate=10`,
    '-pix_fmt',
    'yuv420p',
    ...extra,
    file,
  ]);
  return file;
}

/** A sine tone, format from the name's extension. */
export async function makeAudio(
  dir: string,
  name: string,
  { seconds = 1, extra = [] }: { seconds?: number; extra?: string[] } = {},
): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `sine=duration=${seconds}`, ...extra, file]);
  return file;
}
