import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaProvenance } from '../../../shared/media-provenance';
import { NO_MEDIA_TOOLS } from '../media/media-tools';
import { makeImage, makeVideo, realTools } from '../media/test-media';
import { embedInImage, embedInMp4 } from './provenance-embed';
import { itxtChunk, pngTexts, withPngText } from './provenance-png';
import { readEmbeddedProvenance } from './provenance-read';
import { jpegXmp, provenanceOfXmp, withJpegXmp, xmpPacket } from './provenance-xmp';

const exec = promisify(execFile);
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-prov-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const prov: MediaProvenance = {
  generator: 'Atelier',
  jobId: 'job-1234',
  operation: 'text2image',
  model: 'paint-1',
  prompt: 'Crème brûlée at dawn, 夕焼け <b>&</b> "quotes"',
  parameters: { width: 64, seed: 7, hd: true },
  inputSha256: ['a'.repeat(64)],
  requestedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:00:04.000Z',
  durationMs: 4000,
};

const pixels = (data: Buffer | string) => sharp(data).raw().toBuffer();

describe('PNG: provenance in text chunks', () => {
  it('carries Software, Description and atelier:provenance, read back by sharp and by the import reader', async () => {
    const file = await makeImage(tmp, 'plain.png');
    const original = fs.readFileSync(file);
    const tagged = embedInImage(original, 'image/png', prov);
    const texts = pngTexts(tagged);
    expect(texts.get('Software')).toBe('Atelier');
    expect(texts.get('Description')).toBe(prov.prompt);
    expect(JSON.parse(texts.get('atelier:provenance')!)).toEqual(prov);
    // sharp sees the same chunks and the same picture.
    const meta = await sharp(tagged).metadata();
    expect(meta.comments?.find((c) => c.keyword === 'Software')?.text).toBe('Atelier');
    expect((await pixels(tagged)).equals(await pixels(original))).toBe(true);
    const out = path.join(tmp, 'tagged.png');
    fs.writeFileSync(out, tagged);
    expect(await readEmbeddedProvenance(out, 'image/png', NO_MEDIA_TOOLS)).toEqual(prov);
    expect(fs.readFileSync(file).equals(original)).toBe(true);
  });

  it('replaces an older entry instead of stacking a second one', async () => {
    const once = embedInImage(fs.readFileSync(await makeImage(tmp, 'twice.png')), 'image/png', prov);
    const twice = embedInImage(once, 'image/png', { ...prov, jobId: 'job-2' });
    expect(JSON.parse(pngTexts(twice).get('atelier:provenance')!).jobId).toBe('job-2');
    // One entry each: "job-2" is three bytes shorter than "job-1234", and nothing else was added.
    expect(twice.length).toBe(once.length - 3);
  });

  it('refuses a file that is not a PNG in words', () => {
    expect(() => withPngText(Buffer.from('not a png'), [])).toThrow('This is not a PNG file.');
  });
});

describe('JPEG: provenance in XMP', () => {
  it('carries it in an APP1 XMP segment that sharp reads, pixels untouched', async () => {
    const file = await makeImage(tmp, 'plain.jpg', { format: 'jpeg' });
    const original = fs.readFileSync(file);
    const tagged = embedInImage(original, 'image/jpeg', prov);
    const meta = await sharp(tagged).metadata();
    const xmp = meta.xmp?.toString('utf8') ?? '';
    expect(xmp).toContain('<xmp:CreatorTool>Atelier</xmp:CreatorTool>');
    expect(JSON.parse(provenanceOfXmp(xmp)!)).toEqual(prov);
    expect((await pixels(tagged)).equals(await pixels(original))).toBe(true);
    const out = path.join(tmp, 'tagged.jpg');
    fs.writeFileSync(out, tagged);
    expect(await readEmbeddedProvenance(out, 'image/jpeg', NO_MEDIA_TOOLS)).toEqual(prov);
  });

  it('replaces an XMP packet the file had, and cuts a prompt too long for one segment', async () => {
    const file = await makeImage(tmp, 'xmp.jpg', { format: 'jpeg' });
    const had = withJpegXmp(fs.readFileSync(file), xmpPacket('{"old":true}', null));
    const long = { ...prov, prompt: 'word '.repeat(30_000) };
    const tagged = embedInImage(had, 'image/jpeg', long);
    const xmp = jpegXmp(tagged)!;
    expect(xmp).not.toContain('"old"');
    const back = JSON.parse(provenanceOfXmp(xmp)!) as MediaProvenance;
    expect(back.jobId).toBe(prov.jobId);
    expect(back.prompt!.length).toBeLessThan(long.prompt.length);
    expect(long.prompt.startsWith(back.prompt!.slice(0, -1))).toBe(true);
    await sharp(tagged).metadata(); // still a valid JPEG
  });
});

describe('MP4: provenance in the container tags', () => {
  it('is copied with ffmpeg (no re-encode), read back with ffprobe and by the import reader', async () => {
    const tools = await realTools();
    const video = await makeVideo(tmp, 'plain.mp4', { seconds: 1 });
    const before = fs.readFileSync(video);
    const out = path.join(tmp, 'tagged.mp4');
    await embedInMp4(video, out, prov, tools);
    const { stdout } = await exec(tools.ffprobe, ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', out]);
    const tags = (JSON.parse(stdout) as { format: { tags: Record<string, string> } }).format.tags;
    expect(JSON.parse(tags.comment!)).toEqual(prov);
    expect(tags.description).toBe(prov.prompt);
    expect(await readEmbeddedProvenance(out, 'video/mp4', tools)).toEqual(prov);
    const packets = async (f: string) =>
      (await exec(tools.ffprobe, ['-v', 'error', '-show_entries', 'packet=size', '-of', 'csv=p=0', f])).stdout;
    expect(await packets(out)).toBe(await packets(video)); // the same encoded frames
    expect(fs.readFileSync(video).equals(before)).toBe(true);
  });
});

describe('reading back: what is not ours is ignored', () => {
  it('gives null for malformed provenance, a foreign chunk, or a damaged file', async () => {
    const png = fs.readFileSync(await makeImage(tmp, 'bad.png'));
    const cases: [string, Buffer][] = [
      ['bad-json.png', withPngText(png, [{ keyword: 'atelier:provenance', text: '{not json', utf8: true }])],
      ['bad-shape.png', withPngText(png, [{ keyword: 'atelier:provenance', text: '{"jobId":5}', utf8: true }])],
      ['foreign.png', withPngText(png, [{ keyword: 'Comment', text: 'hello', utf8: false }])],
      [
        'cut.png',
        Buffer.concat([png.subarray(0, 40), itxtChunk('atelier:provenance', JSON.stringify(prov)).subarray(0, 20)]),
      ],
    ];
    for (const [name, data] of cases) {
      const file = path.join(tmp, name);
      fs.writeFileSync(file, data);
      expect(await readEmbeddedProvenance(file, 'image/png', NO_MEDIA_TOOLS), name).toBeNull();
    }
  });
});
