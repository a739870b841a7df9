/**
 * Crop, pad, resize and trim through the `media.fix` channel on a real core, with real sharp and
 * ffmpeg: exact sizes and lengths of the new assets, originals untouched, provenance, cancel, bad input.
 */
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  call,
  coreWithSandbox,
  remoteAll,
  signInDemo,
  type Harness,
} from '../../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import type { ChannelInput } from '../../../../shared/contract';
import { FixJobView } from '../../../../shared/media-fix';
import { makeImage, makeVideo, realTools } from '../test-media';
import { makeThumbnail } from '../thumbnail';

const exec = promisify(execFile);
const tmp = tempDirs('fixes');
let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await coreWithSandbox();
  dir = fs.mkdtempSync(path.join(h.dataDir, 'inputs-'));
});
afterAll(async () => {
  await h.stop();
});

async function importFile(file: string): Promise<string> {
  const report = await call(h, 'library.import', { paths: [file] });
  const id = report.imported[0]?.id ?? report.duplicates[0]?.existingId;
  if (!id) throw new Error(`not imported: ${JSON.stringify(report)}`);
  return id;
}

/** Starts a fix and waits for its end. */
async function fix(input: ChannelInput<'media.fix'>): Promise<FixJobView> {
  const started = await call(h, 'media.fix', input);
  expect(started.state).toBe('running');
  return h.core.fixes.done(started.id);
}

async function succeeded(input: ChannelInput<'media.fix'>) {
  const job = await fix(input);
  if (job.state !== 'succeeded' || !job.result) throw new Error(`${job.state}: ${JSON.stringify(job.error)}`);
  const asset = await call(h, 'library.get', { id: job.result.asset.id });
  const file = h.core.media.blobPath(asset.sha256 ?? '');
  if (!file) throw new Error('the new asset has no file');
  return { job, asset, file };
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const assetCount = () => Number(h.core.db.prepare('SELECT count(*) FROM assets WHERE deleted = 0').pluck().get());

/** Every stored file under the media folder, temp files included. */
function storedFiles(): string[] {
  const root = path.join(h.dataDir, 'media');
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

const Probed = z.object({
  streams: z.array(z.object({ width: z.number(), height: z.number() })).min(1),
  format: z.object({ duration: z.string() }),
});

async function probe(file: string): Promise<{ width: number; height: number; seconds: number }> {
  const { ffprobe } = await realTools();
  const { stdout } = await exec(ffprobe, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height:format=duration'],
    ...['-of', 'json', file],
  ]);
  const out = Probed.parse(JSON.parse(stdout));
  return { width: out.streams[0]!.width, height: out.streams[0]!.height, seconds: Number(out.format.duration) };
}

/** Exactly what the original was: its record and its file's bytes. */
async function snapshot(id: string) {
  const asset = await call(h, 'library.get', { id });
  const file = h.core.media.blobPath(asset.sha256 ?? '')!;
  return { fields: asset.fields, updatedAt: asset.updatedAt, sha: sha256(file) };
}

describe('image fixes', () => {
  it('crops to a preset ratio around the focus, leaving the original as it was', async () => {
    const id = await importFile(await makeImage(dir, 'wide.png', { width: 400, height: 300 }));
    const before = await snapshot(id);
    const { asset, file } = await succeeded({ operation: 'crop', assetId: id, ratio: '1:1', focus: { x: 1, y: 0.5 } });
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
    expect(asset.name).toBe('wide-crop-1x1.png');
    // Focus at the right edge: the window is clamped inside, so it holds the right (blue) part.
    const { data } = await sharp(file)
      .extract({ left: 290, top: 150, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
    expect(asset.fields.source_asset_id).toBe(id);
    expect(asset.fields.provenance).toMatchObject({
      operation: 'crop',
      params: { ratio: '1:1', window: { left: 100, top: 0, width: 300, height: 300 } },
      source: { sha256: before.fields.sha256, name: 'wide.png' },
      tool: expect.stringMatching(/^sharp /),
    });
    expect(await snapshot(id)).toEqual(before);
  });

  it('times each step of a fix, in order', async () => {
    const id = await importFile(await makeImage(dir, 'timed.png', { width: 300, height: 200 }));
    const { job } = await succeeded({ operation: 'crop', assetId: id, ratio: '1:1' });
    const phases = h.core.fixes.phases(job.id);
    expect(phases.map((p) => p.phase)).toEqual(['check', 'wait', 'prepare', 'tool', 'store']);
    for (const p of phases) expect(p.ms).toBeGreaterThanOrEqual(0);
    expect(() => h.core.fixes.phases('nope')).toThrow(/not known/);
  });

  it('gives a fixed picture the preview its own file gives', async () => {
    const id = await importFile(await makeImage(dir, 'preview.jpg', { width: 900, height: 600, format: 'jpeg' }));
    const { asset, file } = await succeeded({ operation: 'crop', assetId: id, ratio: '4:5' });
    const own = await makeThumbnail(file, 'image', await realTools());
    if (own.state !== 'ready' || asset.thumb.state !== 'ready') throw new Error('no preview');
    expect(fs.readFileSync(h.core.media.blobPath(asset.thumb.sha256 ?? '')!)).toEqual(own.data);
  });

  it.each([
    ['4:5', 240, 300],
    ['9:16', 169, 300],
    ['16:9', 400, 225],
    ['1.91:1', 400, 209],
  ])('crops 400×300 to %s as %d×%d', async (ratio, width, height) => {
    const id = await importFile(await makeImage(dir, `crop-${width}.jpg`, { width: 400, height: 300, format: 'jpeg' }));
    const { file } = await succeeded({ operation: 'crop', assetId: id, ratio });
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'jpeg']);
  });

  it('crops to an exact output size, keeping the alt text of the picture it came from', async () => {
    const id = await importFile(await makeImage(dir, 'exact.png', { width: 500, height: 300 }));
    await h.core.handlers['library.update']({ id, altText: 'A red and blue test card' });
    const { file, asset } = await succeeded({ operation: 'crop', assetId: id, size: { width: 1080, height: 1350 } });
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1350]);
    expect(asset.altText).toBe('A red and blue test card');
    expect(asset.fields.alt_text).toBe('A red and blue test card');
  });

  it('pads to a ratio on a solid colour, and on a blurred copy to an exact size', async () => {
    const id = await importFile(await makeImage(dir, 'pad.png', { width: 300, height: 300 }));
    const before = await snapshot(id);
    const solid = await succeeded({
      operation: 'pad',
      assetId: id,
      ratio: '16:9',
      background: { kind: 'color', color: '#00ff00' },
    });
    expect(await sharp(solid.file).metadata()).toMatchObject({ width: 533, height: 300 });
    const corner = await sharp(solid.file).extract({ left: 2, top: 2, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner.subarray(0, 3)]).toEqual([0, 255, 0]);
    expect(solid.asset.fields.provenance).toMatchObject({ operation: 'pad', params: { at: { left: 116, top: 0 } } });
    const blurred = await succeeded({
      operation: 'pad',
      assetId: id,
      ratio: '9:16',
      background: { kind: 'blur' },
      size: { width: 1080, height: 1920 },
    });
    expect(await sharp(blurred.file).metadata()).toMatchObject({ width: 1080, height: 1920 });
    expect(await snapshot(id)).toEqual(before);
  });

  it('resizes to fit a width and height, and under a byte limit with JPEG quality steps', async () => {
    const id = await importFile(await makeImage(dir, 'big.png', { width: 1200, height: 900 }));
    const fit = await succeeded({ operation: 'resize', assetId: id, maxWidth: 600, maxHeight: 600 });
    expect(await sharp(fit.file).metadata()).toMatchObject({ width: 600, height: 450 });
    // Noise compresses badly: the quality steps and then the size must come down to meet the limit.
    const noise = Buffer.from(Array.from({ length: 800 * 600 * 3 }, (_, i) => (i * 2654435761) >>> 24));
    const noisy = path.join(dir, 'noise.jpg');
    await sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
      .jpeg({ quality: 100 })
      .toFile(noisy);
    const noisyId = await importFile(noisy);
    const small = await succeeded({ operation: 'resize', assetId: noisyId, maxBytes: 60_000 });
    expect(fs.statSync(small.file).size).toBeLessThanOrEqual(60_000);
    expect(small.asset.sizeBytes).toBeLessThanOrEqual(60_000);
    expect((await sharp(small.file).metadata()).format).toBe('jpeg');
  });
});

describe('video fixes', () => {
  let video: string;
  let videoId: string;

  beforeAll(async () => {
    // A keyframe every second, and sound: a keyframe cut must fall on one of them.
    video = path.join(dir, 'clip.mp4');
    const { ffmpeg } = await realTools();
    await exec(ffmpeg, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=5:size=320x240:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=duration=5', '-pix_fmt', 'yuv420p', '-g', '10', '-c:a', 'aac', '-shortest', video],
    ]);
    videoId = await importFile(video);
  });

  it('trims at the keyframe at or before the limit, copying the streams', async () => {
    const before = await snapshot(videoId);
    const { asset, file } = await succeeded({
      operation: 'trim',
      assetId: videoId,
      maxDurationMs: 2_500,
      mode: 'keyframe',
    });
    const out = await probe(file);
    // Cut at the keyframe at 2 s: exactly the frames shown before it (none decoded after it slips in).
    expect(out.seconds).toBeLessThanOrEqual(2.05);
    expect(out.seconds).toBeGreaterThanOrEqual(1.95);
    // The record says what the file is: its size and (to a sound frame) its length.
    expect([asset.width, asset.height, asset.mimeType]).toEqual([320, 240, 'video/mp4']);
    expect(Math.abs((asset.durationMs ?? 0) - out.seconds * 1000)).toBeLessThan(50);
    expect(asset.thumb.state).toBe('ready');
    expect(asset.fields.provenance).toMatchObject({
      operation: 'trim',
      params: { maxDurationMs: 2_500, mode: 'keyframe', cutMs: 2_000 },
      source: { name: 'clip.mp4' },
      tool: expect.stringMatching(/^ffmpeg /),
    });
    expect(await snapshot(videoId)).toEqual(before);
  });

  it('never cuts at a keyframe on the limit itself, where the copied sound would run past it', async () => {
    const { asset, file } = await succeeded({ operation: 'trim', assetId: videoId, maxDurationMs: 3_000 });
    expect(asset.fields.provenance).toMatchObject({ params: { cutMs: 2_000 } });
    expect((await probe(file)).seconds).toBeLessThanOrEqual(3);
  });

  it('trims exactly when re-encoding', async () => {
    const { file } = await succeeded({ operation: 'trim', assetId: videoId, maxDurationMs: 2_500, mode: 'reencode' });
    const out = await probe(file);
    expect(out.seconds).toBeLessThanOrEqual(2.5);
    expect(out.seconds).toBeGreaterThanOrEqual(2.4);
  });

  it('a trim keeps the source’s preview when the cut keeps its poster frame, else makes its own', async () => {
    const source = await call(h, 'library.get', { id: videoId });
    // The source's poster is 1 s in: a cut at 2 s keeps it, so the trim shares it (nothing is decoded).
    const longer = await succeeded({ operation: 'trim', assetId: videoId, maxDurationMs: 2_500 });
    expect(longer.asset.thumb).toMatchObject({ state: 'ready', sha256: source.thumb.sha256 });
    // A cut at 1 s does not: its preview is the one its own file gives (half-way, 0.5 s), taken from the source.
    const shorter = await succeeded({ operation: 'trim', assetId: videoId, maxDurationMs: 1_500 });
    expect(shorter.asset.fields.provenance).toMatchObject({ params: { cutMs: 1_000 } });
    expect(shorter.asset.thumb.state).toBe('ready');
    expect(shorter.asset.thumb.sha256).not.toBe(source.thumb.sha256);
    const own = await makeThumbnail(shorter.file, 'video', await realTools(), { durationMs: 1_000 });
    if (own.state !== 'ready') throw new Error('no preview from the trimmed file');
    expect(fs.readFileSync(h.core.media.blobPath(shorter.asset.thumb.sha256 ?? '')!)).toEqual(own.data);
    // The new file was moved into the store, not copied: nothing is left in its temp folder.
    expect(storedFiles().filter((f) => f.startsWith('.tmp'))).toEqual([]);
  });

  it('crops, pads and resizes a video (even sides)', async () => {
    const crop = await succeeded({ operation: 'crop', assetId: videoId, ratio: '9:16' });
    expect(await probe(crop.file)).toMatchObject({ width: 134, height: 240 });
    expect([crop.asset.width, crop.asset.height, crop.asset.mimeType]).toEqual([134, 240, 'video/mp4']);
    const pad = await succeeded({ operation: 'pad', assetId: videoId, ratio: '1:1', background: { kind: 'blur' } });
    expect(await probe(pad.file)).toMatchObject({ width: 320, height: 320 });
    const small = await succeeded({ operation: 'resize', assetId: videoId, maxWidth: 160 });
    expect(await probe(small.file)).toMatchObject({ width: 160, height: 120 });
  });
});

describe('cancel', () => {
  it('a cancelled trim leaves no file, no temp file and no record', async () => {
    const long = await makeVideo(tmp(), 'long.mp4', { seconds: 30, size: '640x480' });
    const id = await importFile(long);
    const files = storedFiles();
    const count = assetCount();
    const started = await call(h, 'media.fix', {
      operation: 'trim',
      assetId: id,
      maxDurationMs: 20_000,
      mode: 'reencode',
    });
    // Cancelled once ffmpeg is under way (its first progress).
    await new Promise<void>((resolve) => {
      const stop = h.core.events.subscribe((event, payload) => {
        const view = FixJobView.safeParse(payload);
        if (
          event === 'media.fixChanged' &&
          view.success &&
          view.data.id === started.id &&
          (view.data.state !== 'running' || (view.data.progress ?? 0) > 0)
        ) {
          stop();
          resolve();
        }
      });
    });
    expect((await call(h, 'media.fixCancel', { id: started.id })).state).toBe('running');
    const ended = await h.core.fixes.done(started.id);
    expect(ended.state).toBe('cancelled');
    expect(ended.result).toBeNull();
    expect(ended.error?.message).toMatch(/cancelled/);
    expect(storedFiles()).toEqual(files);
    expect(assetCount()).toEqual(count);
    const list = await call(h, 'media.fixJobs', {});
    expect(list.find((j) => j.id === started.id)?.state).toBe('cancelled');
    await expect(call(h, 'media.fixCancel', { id: started.id })).rejects.toThrow(/already cancelled/);
  }, 60_000);

  it('a picture fix cancelled while sharp works leaves nothing', async () => {
    const id = await importFile(await makeImage(tmp(), 'cancel.jpg', { width: 3000, height: 2000, format: 'jpeg' }));
    const files = storedFiles();
    const count = assetCount();
    const started = await call(h, 'media.fix', {
      operation: 'pad',
      assetId: id,
      ratio: '9:16',
      background: { kind: 'blur' },
    });
    await call(h, 'media.fixCancel', { id: started.id });
    const ended = await h.core.fixes.done(started.id);
    expect(ended.state).toBe('cancelled');
    expect(storedFiles()).toEqual(files);
    expect(assetCount()).toEqual(count);
  });
});

describe('sync', () => {
  it('sends the link to the source as the platform id of the source', async () => {
    const other = await coreWithSandbox();
    try {
      await signInDemo(other);
      const picture = await makeImage(tmp(), 'synced.png', { width: 300, height: 200 });
      const report = await call(other, 'library.import', { paths: [picture] });
      const source = report.imported[0]!.id;
      const started = await call(other, 'media.fix', { operation: 'crop', assetId: source, ratio: '1:1' });
      const done = await other.core.fixes.done(started.id);
      await other.core.sync.run();
      const remote = await remoteAll(other, '/v2/assets');
      const remoteSource = remote.find((a) => a.name === 'synced.png');
      const remoteFixed = remote.find((a) => a.name === 'synced-crop-1x1.png');
      expect(remoteSource?.id).toEqual(expect.any(String));
      expect(remoteFixed).toMatchObject({
        source_asset_id: remoteSource?.id,
        provenance: { operation: 'crop', source: { name: 'synced.png' } },
      });
      // And back here it reads as the local id again.
      expect((await call(other, 'library.get', { id: done.result!.asset.id })).fields.source_asset_id).toBe(source);
    } finally {
      await other.stop();
    }
  });
});

describe('several at once', () => {
  it('runs two fixes at a time; the others wait their turn and can be cancelled while they wait', async () => {
    const id = await importFile(await makeImage(tmp(), 'many.jpg', { width: 1200, height: 800, format: 'jpeg' }));
    const count = assetCount();
    const ratios = ['1:1', '4:5', '9:16', '16:9'];
    const started = [];
    for (const ratio of ratios) started.push(await call(h, 'media.fix', { operation: 'crop', assetId: id, ratio }));
    expect(started.map((j) => j.state)).toEqual(['running', 'running', 'queued', 'queued']);
    expect((await call(h, 'media.fixCancel', { id: started[3]!.id })).state).toBe('queued');
    const ended = await Promise.all(started.map((j) => h.core.fixes.done(j.id)));
    expect(ended.map((j) => j.state)).toEqual(['succeeded', 'succeeded', 'succeeded', 'cancelled']);
    expect(assetCount()).toBe(count + 3);
  });
});

describe('bad input', () => {
  let imageId: string;
  beforeAll(async () => {
    imageId = await importFile(await makeImage(dir, 'plain.png', { width: 200, height: 100 }));
  });

  async function refused(input: ChannelInput<'media.fix'>, code: string, words: RegExp): Promise<void> {
    const files = storedFiles();
    const count = assetCount();
    const result = await h.core.dispatch('media.fix', input);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.error.code).toBe(code);
    expect(`${result.error.message} ${result.error.issues?.map((i) => i.message).join(' ') ?? ''}`).toMatch(words);
    expect(storedFiles()).toEqual(files);
    expect(assetCount()).toEqual(count);
  }

  it.each([
    ['an unknown asset', { operation: 'crop', assetId: 'nope', ratio: '1:1' }, 'not_found', /does not exist/],
    ['a 0:0 ratio', { operation: 'crop', assetId: '', ratio: '0:0' }, 'validation', /zero side/],
    ['a 100000:1 ratio', { operation: 'pad', assetId: '', ratio: '100000:1' }, 'validation', /too extreme/],
    ['words for a ratio', { operation: 'crop', assetId: '', ratio: 'square' }, 'validation', /not a ratio/],
    [
      'a trim of a picture',
      { operation: 'trim', assetId: '', maxDurationMs: 1000 },
      'validation',
      /Only a video can be trimmed/,
    ],
    [
      'a focus outside 0..1',
      { operation: 'crop', assetId: '', ratio: '1:1', focus: { x: 1.5, y: 0.5 } },
      'validation',
      /outside the picture/,
    ],
    ['no ratio or size', { operation: 'crop', assetId: '' }, 'validation', /Give a ratio/],
    ['a resize with no limit', { operation: 'resize', assetId: '' }, 'validation', /largest width/],
    ['a crop to the shape it has', { operation: 'crop', assetId: '', ratio: '2:1' }, 'ok', /./],
  ] as const)('refuses %s in words', async (_what, input, code, words) => {
    const withId = { ...input, assetId: input.assetId === '' ? imageId : input.assetId } as ChannelInput<'media.fix'>;
    if (code !== 'ok') return refused(withId, code, words);
    // Refused once the picture is read: the job fails, and nothing is made.
    const count = assetCount();
    const job = await fix(withId);
    expect(job.state).toBe('failed');
    expect(job.error?.message).toMatch(/already 2:1; there is nothing to crop/);
    expect(assetCount()).toEqual(count);
  });

  it('refuses an asset whose file is not on this computer', async () => {
    const id = await importFile(await makeImage(dir, 'gone.png', { width: 90, height: 60 }));
    const asset = await call(h, 'library.get', { id });
    fs.rmSync(h.core.media.blobPath(asset.sha256!)!);
    await refused({ operation: 'crop', assetId: id, ratio: '1:1' }, 'not_found', /is not on this computer/);
  });

  it('fails a damaged picture in words and makes nothing', async () => {
    const good = await makeImage(dir, 'damaged.jpg', { width: 400, height: 300, format: 'jpeg' });
    const id = await importFile(good);
    const asset = await call(h, 'library.get', { id });
    const stored = h.core.media.blobPath(asset.sha256!)!;
    const bytes = fs.readFileSync(stored);
    // Damaged on disk after the import: the header reads, the picture does not.
    fs.writeFileSync(stored, bytes.subarray(0, Math.floor(bytes.length / 3)));
    const files = storedFiles();
    const count = assetCount();
    const job = await fix({ operation: 'crop', assetId: id, ratio: '1:1' });
    expect(job.state).toBe('failed');
    expect(job.error?.message).toMatch(/damaged/);
    expect(storedFiles()).toEqual(files);
    expect(assetCount()).toEqual(count);
  });

  it('fails a damaged video in words and makes nothing', async () => {
    const id = await importFile(await makeVideo(tmp(), 'broken.mp4', { seconds: 3 }));
    const asset = await call(h, 'library.get', { id });
    const stored = h.core.media.blobPath(asset.sha256!)!;
    fs.writeFileSync(stored, Buffer.alloc(4096, 7));
    const files = storedFiles();
    const job = await fix({ operation: 'trim', assetId: id, maxDurationMs: 1_000 });
    expect(job.state).toBe('failed');
    expect(job.error?.message).toMatch(/cannot be read|damaged/);
    expect(storedFiles()).toEqual(files);
  });
});
