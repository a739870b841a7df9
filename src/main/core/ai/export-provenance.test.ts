import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiJobDetail, AiSubmitInput } from '../../../shared/ai';
import { call, harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { makeImage, realTools } from '../media/test-media';
import { withPngText } from './provenance-png';
import { until } from './test-async-core';

const exec = promisify(execFile);
const open = harnesses();
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-export-prov-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function signedIn(): Promise<Harness> {
  const h = await open({ sandbox: { aiLatencyMs: 0 } });
  await signInDemo(h);
  return h;
}

async function run(h: Harness, input: AiSubmitInput): Promise<AiJobDetail> {
  const r = await call(h, 'ai.submit', input);
  return until(
    `job ${r.job.id} to succeed`,
    async () => {
      const j = await call(h, 'ai.get', { id: r.job.id });
      if (j.state === 'failed' || j.state === 'cancelled') throw new Error(`${j.state}: ${JSON.stringify(j.error)}`);
      return j.state === 'succeeded' ? j : null;
    },
    30_000,
  );
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const blobOf = (h: Harness, sha: string) => h.core.media.blobPath(sha) ?? '';

describe('results named from their prompt', () => {
  it('saves to the library as the prompt’s slug, -2 when the name is taken', async () => {
    const h = await signedIn();
    const a = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'Crème brûlée at dawn 🌅' });
    const b = await run(h, { operation: 'text2image', modelId: 'mosaic-1', prompt: 'crème BRÛLÉE at dawn!' });
    const saved = await call(h, 'ai.save', { id: a.id, tags: [] });
    expect(saved.name).toBe('creme-brulee-at-dawn.png');
    // The library shows how it was made.
    expect((await call(h, 'library.get', { id: saved.id })).provenance).toMatchObject({
      jobId: a.id,
      model: 'paint-1',
      prompt: 'Crème brûlée at dawn 🌅',
    });
    expect((await call(h, 'ai.save', { id: b.id, tags: [] })).name).toBe('creme-brulee-at-dawn-2.png');
    // A name typed by the person is kept as it is.
    const c = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'another one' });
    expect((await call(h, 'ai.save', { id: c.id, tags: [], name: 'Mine.png' })).name).toBe('Mine.png');
  });
});

describe('provenance inside exported media', () => {
  it('an exported PNG carries it, the stored result is unchanged, and importing the file shows it', async () => {
    const h = await signedIn();
    const img = await run(h, { operation: 'text2image', modelId: 'paint-1', prompt: 'orange harbour at night' });
    const stored = blobOf(h, img.outputs[0]!.sha256);
    const before = sha256(stored);
    const folder = fs.mkdtempSync(path.join(tmp, 'png-'));
    const report = await call(h, 'ai.export', { ids: [img.id], folder });
    expect(report.files).toContain('orange-harbour-at-night.png');
    const exported = path.join(folder, 'orange-harbour-at-night.png');
    const meta = await sharp(exported).metadata();
    const text = meta.comments?.find((c) => c.keyword === 'atelier:provenance')?.text ?? '';
    expect(JSON.parse(text)).toMatchObject({
      generator: 'Atelier',
      jobId: img.id,
      operation: 'text2image',
      model: 'paint-1',
      prompt: 'orange harbour at night',
      inputSha256: [],
    });
    expect(sha256(stored)).toBe(before);

    const imported = await call(h, 'library.import', { paths: [exported] });
    expect(imported.failed).toEqual([]);
    const asset = await call(h, 'library.get', { id: imported.imported[0]!.id });
    expect(asset.provenance).toMatchObject({ jobId: img.id, model: 'paint-1', prompt: 'orange harbour at night' });
  });

  it('an exported MP4 carries it in its tags (ffprobe), and importing it shows it', async () => {
    const tools = await realTools();
    const h = await signedIn();
    const video = await run(h, {
      operation: 'text2video',
      modelId: 'motion-1',
      prompt: 'slow waves',
      params: { width: 160, height: 120, duration_s: 1, fps: 6 },
    });
    const folder = fs.mkdtempSync(path.join(tmp, 'mp4-'));
    await call(h, 'ai.export', { ids: [video.id], folder });
    const exported = path.join(folder, 'slow-waves.mp4');
    const { stdout } = await exec(tools.ffprobe, [
      '-v',
      'error',
      '-show_entries',
      'format_tags',
      '-of',
      'json',
      exported,
    ]);
    const tags = (JSON.parse(stdout) as { format: { tags: Record<string, string> } }).format.tags;
    expect(JSON.parse(tags.comment!)).toMatchObject({ jobId: video.id, operation: 'text2video', prompt: 'slow waves' });
    const imported = await call(h, 'library.import', { paths: [exported] });
    const asset = await call(h, 'library.get', { id: imported.imported[0]!.id });
    expect(asset.provenance).toMatchObject({ jobId: video.id, model: 'motion-1' });
  });

  it('a file with malformed provenance imports normally, without provenance', async () => {
    const h = await signedIn();
    const png = fs.readFileSync(await makeImage(tmp, 'plain-for-bad.png'));
    const bad = path.join(tmp, 'bad-provenance.png');
    fs.writeFileSync(
      bad,
      withPngText(png, [{ keyword: 'atelier:provenance', text: '{"generator":"Atelier"', utf8: true }]),
    );
    const report = await call(h, 'library.import', { paths: [bad] });
    expect(report.failed).toEqual([]);
    expect(report.skipped).toEqual([]);
    const asset = await call(h, 'library.get', { id: report.imported[0]!.id });
    expect(asset.provenance).toBeNull();
    expect(asset.name).toBe('bad-provenance.png');
  });
});
