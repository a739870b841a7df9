// The ten bad files of the intake tests, made on the spot with sharp and ffmpeg, and what the
// intake must answer for each whichever way it comes in.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { intakeWords } from './intake-words';
import { makeVideo } from '../../media/test-media';

/** The cap the tests inject everywhere: small, so the over-cap file stays small too. */
export const TEST_CAP = 256 * 1024;

export type Expected =
  { outcome: 'refused'; words: string } | { outcome: 'accepted'; name: string; kind: 'image' | 'video'; mime: string };

export interface BadFile {
  label: string;
  /** The name it arrives with (a file name, an upload's name, a record's name). */
  name: string;
  bytes: Buffer;
  expected: Expected;
}

/** A picture no other case shares (identical content would count as a duplicate). */
async function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png', noise = false): Promise<Buffer> {
  const raw = noise ? randomBytes(width * height * 3) : Buffer.alloc(width * height * 3, width % 251);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

async function mp4(dir: string, seconds: number): Promise<Buffer> {
  const file = await makeVideo(dir, `clip-${seconds}s.mp4`, { seconds });
  const bytes = fs.readFileSync(file);
  fs.rmSync(file);
  return bytes;
}

export const SVG_TEXT =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" ' +
  'height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>\n';

/**
 * Empty, SVG, truncated PNG (its header only), truncated JPEG, truncated MP4, MP4 named .png
 * (the content wins: accepted as a video), text named .jpg, a 1,000-character name, a "../" name
 * (accepted under its last segment; a name is never a path) and a file over TEST_CAP.
 */
export async function tenBadFiles(scratch: string): Promise<BadFile[]> {
  const png = await picture(40, 30);
  const jpeg = await picture(320, 240, 'jpeg', true);
  const longName = `${'long'.repeat(249)}.png`;
  const over = await picture(400, 400, 'png', true);
  if (over.length <= TEST_CAP) throw new Error('the over-cap picture came out too small');
  const video = await mp4(scratch, 2);
  return [
    {
      label: 'empty',
      name: 'empty.png',
      bytes: Buffer.alloc(0),
      expected: { outcome: 'refused', words: intakeWords.empty },
    },
    {
      label: 'SVG',
      name: 'drawing.svg',
      bytes: Buffer.from(SVG_TEXT),
      expected: { outcome: 'refused', words: intakeWords.svg },
    },
    {
      label: 'truncated PNG',
      name: 'header-only.png',
      bytes: png.subarray(0, 33),
      expected: { outcome: 'refused', words: intakeWords.damaged('picture') },
    },
    {
      label: 'truncated JPEG',
      name: 'half.jpg',
      bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      expected: { outcome: 'refused', words: intakeWords.damaged('picture') },
    },
    {
      label: 'truncated MP4',
      name: 'half.mp4',
      bytes: video.subarray(0, Math.floor(video.length / 2)),
      expected: { outcome: 'refused', words: intakeWords.damaged('video') },
    },
    {
      label: 'MP4 named .png',
      name: 'clip.png',
      bytes: await mp4(scratch, 1),
      expected: { outcome: 'accepted', name: 'clip.png', kind: 'video', mime: 'video/mp4' },
    },
    {
      label: 'text named .jpg',
      name: 'notes.jpg',
      bytes: Buffer.from('just some notes, not a picture\n'.repeat(20)),
      expected: { outcome: 'refused', words: intakeWords.unsupported },
    },
    {
      label: '1,000-character name',
      name: longName,
      bytes: await picture(41, 30),
      expected: { outcome: 'refused', words: intakeWords.nameTooLong },
    },
    {
      label: '"../" name',
      name: '../escape.png',
      bytes: await picture(42, 30),
      expected: { outcome: 'accepted', name: 'escape.png', kind: 'image', mime: 'image/png' },
    },
    {
      label: 'over the cap',
      name: 'huge.png',
      bytes: over,
      expected: { outcome: 'refused', words: intakeWords.tooLarge(TEST_CAP) },
    },
  ];
}

/**
 * The file on disk for a path import, and the path to give: a "../" name is reached through a
 * sub-folder, and a name longer than a file system allows is given though it cannot exist.
 */
export function placeForImport(dir: string, file: BadFile): string {
  if (file.name.startsWith('../')) {
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(dir, file.name.slice(3)), file.bytes);
    // Joined by hand: path.join would resolve the "..", and the import must see it.
    return [dir, 'sub', file.name].join(path.sep);
  }
  const target = path.join(dir, file.name);
  try {
    fs.writeFileSync(target, file.bytes);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENAMETOOLONG') throw e;
  }
  return target;
}
