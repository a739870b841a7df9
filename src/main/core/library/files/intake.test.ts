/**
 * The intake on its own: each of the ten bad files gets its refusal (or, for the MP4 named .png
 * and the "../" name, its acceptance), and the edges of each rule: SVG however it is dressed,
 * truncation however the MP4 is laid out, sound in a video container, no ffprobe, odd names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import { type Accepted, checkIntake, IntakeRefusal, intakeWords } from './intake';
import { intakeName } from './intake-name';
import { NO_MEDIA_TOOLS } from '../../media/media-tools';
import { SVG_TEXT, TEST_CAP, tenBadFiles } from './test-bad-files';
import { makeAudio, makeImage, makeVideo, realTools } from '../../media/test-media';

const tmp = tempDirs('intake');

async function verdict(run: () => Promise<Accepted>): Promise<{ refused: string } | Accepted> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof IntakeRefusal) return { refused: e.message };
    throw e;
  }
}

describe('checkIntake', () => {
  it('answers each of the ten bad files as the table says', async () => {
    const dir = tmp();
    const tools = await realTools();
    for (const [i, bad] of (await tenBadFiles(dir)).entries()) {
      // Stored under a plain name: the name under test travels as data, as it does on every way in.
      const file = path.join(dir, `case-${i}`);
      fs.writeFileSync(file, bad.bytes);
      const got = await verdict(() => checkIntake(file, { name: bad.name, tools, maxBytes: TEST_CAP }));
      if (bad.expected.outcome === 'refused') expect(got, bad.label).toEqual({ refused: bad.expected.words });
      else
        expect(got, bad.label).toMatchObject({
          name: bad.expected.name,
          kind: bad.expected.kind,
          mime: bad.expected.mime,
          size: bad.bytes.length,
        });
    }
  });

  it('accepts real media with what probing learned', async () => {
    const dir = tmp();
    const tools = await realTools();
    const image = await checkIntake(await makeImage(dir, 'a.jpg', { width: 64, height: 48, format: 'jpeg' }), {
      name: 'a.jpg',
      tools,
    });
    expect(image).toMatchObject({ name: 'a.jpg', kind: 'image', mime: 'image/jpeg', probe: { width: 64, height: 48 } });
    const video = await checkIntake(await makeVideo(dir, 'v.webm', { seconds: 1 }), { name: 'v.webm', tools });
    expect(video).toMatchObject({ kind: 'video', mime: 'video/webm', probe: { width: 320, height: 240 } });
    const sound = await checkIntake(await makeAudio(dir, 's.wav'), { name: 's.wav', tools });
    expect(sound).toMatchObject({ kind: 'audio', mime: 'audio/wav' });
    expect(sound.probe.durationMs).toBeGreaterThan(900);
  });

  it('reaches the same verdict from the size and bytes a caller just wrote as from the file', async () => {
    const dir = tmp();
    const tools = await realTools();
    const file = await makeImage(dir, 'p.png', { width: 40, height: 30, format: 'png' });
    const bytes = fs.readFileSync(file);
    const fromFile = await checkIntake(file, { name: 'p.png', tools });
    const fromMemory = await checkIntake(file, { name: 'p.png', tools, written: { size: bytes.length, head: bytes } });
    expect(fromMemory).toEqual(fromFile);
    expect(fromMemory).toMatchObject({ kind: 'image', mime: 'image/png', probe: { width: 40, height: 30 } });
    const cut = bytes.subarray(0, Math.floor(bytes.length * 0.6));
    const cutFile = path.join(dir, 'cut.png');
    fs.writeFileSync(cutFile, cut);
    const damaged = { refused: intakeWords.damaged('picture') };
    expect(await verdict(() => checkIntake(cutFile, { name: 'cut.png', tools }))).toEqual(damaged);
    expect(
      await verdict(() => checkIntake(cutFile, { name: 'cut.png', tools, written: { size: cut.length, head: cut } })),
    ).toEqual(damaged);
    // Only the first bytes in hand: the picture itself is decoded from the file.
    const head = { size: bytes.length, head: bytes.subarray(0, Math.min(1024, bytes.length - 1)) };
    expect(await checkIntake(file, { name: 'p.png', tools, written: head })).toEqual(fromFile);
  });

  it('refuses SVG however it is named or dressed', async () => {
    const dir = tmp();
    const variants = {
      'bom.svg': `\uFEFF${SVG_TEXT}`,
      'plain.png': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      'doctype.jpg': `<!DOCTYPE svg>\n<!-- a comment -->\n<svg></svg>`,
    };
    for (const [name, text] of Object.entries(variants)) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, text);
      expect(await verdict(() => checkIntake(file, { name, tools: NO_MEDIA_TOOLS })), name).toEqual({
        refused: intakeWords.svg,
      });
    }
  });

  it('finds truncation in an MP4 whose index comes first, by decoding both ends', async () => {
    const dir = tmp();
    const tools = await realTools();
    const whole = await makeVideo(dir, 'fast.mp4', { seconds: 2, extra: ['-movflags', '+faststart'] });
    const bytes = fs.readFileSync(whole);
    const cut = path.join(dir, 'fast-cut.mp4');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(await verdict(() => checkIntake(whole, { name: 'fast.mp4', tools }))).toMatchObject({ kind: 'video' });
    expect(await verdict(() => checkIntake(cut, { name: 'fast-cut.mp4', tools }))).toEqual({
      refused: intakeWords.damaged('video'),
    });
  });

  it('takes an MP4 holding only sound as audio', async () => {
    const dir = tmp();
    const file = await makeAudio(dir, 'voice.mp4', { extra: ['-c:a', 'aac'] });
    expect(await checkIntake(file, { name: 'voice.mp4', tools: await realTools() })).toMatchObject({
      kind: 'audio',
      mime: 'audio/mp4',
    });
  });

  it('without ffprobe takes video unverified, and still decodes pictures with sharp', async () => {
    const dir = tmp();
    const video = fs.readFileSync(await makeVideo(dir, 'v.mp4', { seconds: 2 }));
    const cut = path.join(dir, 'cut.mp4');
    fs.writeFileSync(cut, video.subarray(0, video.length >> 1));
    expect(await checkIntake(cut, { name: 'cut.mp4', tools: NO_MEDIA_TOOLS })).toMatchObject({
      kind: 'video',
      probe: {},
    });
    const png = fs.readFileSync(await makeImage(dir, 'p.png'));
    const header = path.join(dir, 'header.png');
    fs.writeFileSync(header, png.subarray(0, 40));
    expect(await verdict(() => checkIntake(header, { name: 'header.png', tools: NO_MEDIA_TOOLS }))).toEqual({
      refused: intakeWords.damaged('picture'),
    });
  });

  it('refuses what is not a regular file, and passes errors reading it on as they are', async () => {
    const dir = tmp();
    expect(await verdict(() => checkIntake(dir, { name: 'folder.png', tools: NO_MEDIA_TOOLS }))).toEqual({
      refused: intakeWords.notAFile,
    });
    await expect(
      checkIntake(path.join(dir, 'gone.png'), { name: 'gone.png', tools: NO_MEDIA_TOOLS }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('intakeName', () => {
  it('keeps the last segment, without control characters, and refuses empty or overlong names', () => {
    expect(intakeName('../../etc/passwd.png')).toBe('passwd.png');
    expect(intakeName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(intakeName(' tab\tand\nnewline.png ')).toBe('tabandnewline.png');
    expect(intakeName('dir/')).toBe('dir');
    expect(intakeName('x'.repeat(500))).toHaveLength(500);
    expect(() => intakeName('x'.repeat(501))).toThrow(intakeWords.nameTooLong);
    expect(() => intakeName(' / \u0007 ')).toThrow(intakeWords.noName);
  });
});
