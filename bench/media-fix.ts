// Media fixes through the job path (`media.fix` on a real core: checks, the job, sharp or ffmpeg,
// then the new asset stored durably — fsync, rename, preview, record) against calling sharp or
// ffmpeg directly on the same file with the same settings, writing the result to a file and fsyncing
// it (the job's file reaches the disk before its record, so the direct one does too). Three fixes:
// a crop of a BENCH_FIX_MP-megapixel JPEG (default 24) to 4:5 at
// 1080×1350, a resize of it to fit 2048 px, and a keyframe trim of a 1080p MP4 of BENCH_FIX_SECONDS
// seconds (default 60) to half its length. Rounds alternate which side goes first; medians compared.
// BENCH_FIX_INPUTS names a folder that keeps the inputs between runs (they take a while to make).
// Target: direct time / job time ≥ 0.9 for each fix.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import type { Core } from '../src/main/core/app';
import { BlobStore } from '../src/main/core/library/files/blob-store';
import { detectMediaTools } from '../src/main/core/media/media-tools';
import { imageBufferThumbnail, makeThumbnail } from '../src/main/core/media/thumbnail';
import { cropWindow, fitInside } from '../src/main/core/media/fixes/geometry';
import { IMAGE_QUALITY } from '../src/main/core/media/fixes/image-fix';
import { keyframeCut } from '../src/main/core/media/fixes/video-fix';
import { startSandbox } from '../src/sandbox';
import type { ChannelInput } from '../src/shared/contract';
import { ImportReport } from '../src/shared/library';
import { FixJobView } from '../src/shared/media-fix';
import { median, ms, table, type Log } from './support/report';
import { signedInCore } from './support/signed-in-core';

const exec = promisify(execFile);
const TARGET_RATIO = 0.9;
/** The job's steps as it times them (see Phases), then what is left until the bench has its answer. */
const PHASES = ['check', 'wait', 'prepare', 'tool', 'store', 'reply'] as const;

export interface MediaFixBenchOptions {
  /** Megapixels of the JPEG (3:2). */
  megapixels: number;
  /** Length of the MP4, seconds. */
  videoSeconds: number;
  /** The MP4's frame size. */
  videoSize: { width: number; height: number };
  /** Rounds per side (default 5); the median counts. */
  rounds?: number;
  /** A folder where the inputs are kept and reused from one run to the next (default: made anew each run). */
  inputsDir?: string;
  log?: Log;
}

export interface FixFigure {
  fix: string;
  directMs: number;
  jobMs: number;
  /** directMs / jobMs: 1 means the job path costs nothing beyond the tool. */
  ratio: number;
  met: boolean;
}

export interface MediaFixBenchResult {
  figures: FixFigure[];
  met: boolean;
  workDir: string;
}

interface Inputs {
  jpeg: string;
  jpegSize: { width: number; height: number };
  mp4: string;
  ffmpeg: string;
  ffprobe: string;
}

/** A photo-like JPEG: a smooth gradient under fine noise (noise alone would be far larger than a photo). */
async function makeJpeg(file: string, megapixels: number): Promise<{ width: number; height: number }> {
  const width = Math.round(Math.sqrt((megapixels * 1e6 * 3) / 2));
  const height = Math.round((width * 2) / 3);
  const gradient = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#3a6ea5' } })
    .composite([{ input: Buffer.from([230, 120, 40]), raw: { width: 1, height: 1, channels: 3 }, left: 2, top: 1 }])
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 0, sigma: 12 } },
  })
    .raw()
    .toBuffer();
  await sharp(gradient, { raw: { width, height, channels: 3 } })
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'add' }])
    .jpeg({ quality: 90 })
    .toFile(file);
  return { width, height };
}

/** testsrc2 and a tone, H.264/AAC, a keyframe every 2 s (as a phone or an editor writes them). */
async function makeMp4(ffmpeg: string, file: string, seconds: number, size: { width: number; height: number }) {
  await exec(ffmpeg, [
    ...[
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=duration=${seconds}:size=${size.width}x${size.height}:rate=30`,
    ],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=duration=${seconds}`,
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
    ],
    ...['-g', '60', '-c:a', 'aac', '-shortest', file],
  ]);
}

async function makeInputs(dir: string, o: MediaFixBenchOptions, log: Log): Promise<Inputs> {
  const tools = await detectMediaTools();
  if (!tools.ffmpeg || !tools.ffprobe) throw new Error('The media-fix benchmark needs ffmpeg and ffprobe on the PATH.');
  const started = performance.now();
  const keep = o.inputsDir ?? dir;
  fs.mkdirSync(keep, { recursive: true });
  // Named by what they are, so a kept folder is only reused for the same sizes.
  const jpeg = path.join(keep, `photo-${o.megapixels}mp.jpg`);
  const mp4 = path.join(keep, `clip-${o.videoSeconds}s-${o.videoSize.width}x${o.videoSize.height}.mp4`);
  if (!fs.existsSync(jpeg)) await makeJpeg(jpeg, o.megapixels);
  if (!fs.existsSync(mp4)) await makeMp4(tools.ffmpeg, mp4, o.videoSeconds, o.videoSize);
  const meta = await sharp(jpeg).metadata();
  const jpegSize = { width: meta.width, height: meta.height };
  const mb = (f: string) => (fs.statSync(f).size / 1024 / 1024).toFixed(1);
  log(
    `inputs: JPEG ${jpegSize.width}×${jpegSize.height} (${mb(jpeg)} MB), ` +
      `MP4 ${o.videoSize.width}×${o.videoSize.height} ` +
      `${o.videoSeconds} s (${mb(mp4)} MB), ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { jpeg, jpegSize, mp4, ffmpeg: tools.ffmpeg, ffprobe: tools.ffprobe };
}

/** One fix both ways: the job's input, and the direct call writing to `out`. */
interface Case {
  fix: string;
  job: (assetId: string) => ChannelInput<'media.fix'>;
  direct: (out: string) => Promise<unknown>;
  source: 'jpeg' | 'mp4';
  ext: string;
}

/** The trim's limit: half the video and a little more (so the cut falls on the keyframe before it). */
const trimLimitMs = (seconds: number) => Math.floor(seconds / 2) * 1000 + 500;

async function cases(inputs: Inputs, o: MediaFixBenchOptions): Promise<Case[]> {
  const crop = { width: 1080, height: 1350 };
  const window = cropWindow(inputs.jpegSize, 0.8, { x: 0.5, y: 0.5 });
  // 2048 px on the long side (half of it for a picture too small for that).
  const side = Math.min(2048, Math.floor(Math.max(inputs.jpegSize.width, inputs.jpegSize.height) / 2));
  const fit = fitInside(inputs.jpegSize, side, side);
  const limitMs = trimLimitMs(o.videoSeconds);
  // The direct side is given the cut; the job finds it (reading the packets' flags) inside its time.
  const cut = await keyframeCut(inputs.ffprobe, inputs.mp4, limitMs);
  if (cut === null) throw new Error('the benchmark video has no keyframe to cut at');
  const jpegOut = (image: Sharp, out: string) => image.jpeg({ quality: IMAGE_QUALITY }).toFile(out);
  return [
    {
      fix: `crop 4:5 to ${crop.width}×${crop.height}`,
      source: 'jpeg',
      ext: 'jpg',
      job: (assetId) => ({ operation: 'crop', assetId, ratio: '4:5', size: crop }),
      direct: (out) =>
        jpegOut(sharp(inputs.jpeg).autoOrient().extract(window).resize(crop.width, crop.height, { fit: 'fill' }), out),
    },
    {
      fix: `resize to fit ${side} px (${fit.width}×${fit.height})`,
      source: 'jpeg',
      ext: 'jpg',
      job: (assetId) => ({ operation: 'resize', assetId, maxWidth: side, maxHeight: side }),
      direct: (out) => jpegOut(sharp(inputs.jpeg).autoOrient().resize(fit.width, fit.height, { fit: 'fill' }), out),
    },
    {
      fix: `trim ${o.videoSeconds} s to ${limitMs / 1000} s (keyframe, cut at ${cut.cutMs / 1000} s)`,
      source: 'mp4',
      ext: 'mp4',
      job: (assetId) => ({ operation: 'trim', assetId, maxDurationMs: limitMs, mode: 'keyframe' }),
      direct: (out) =>
        exec(inputs.ffmpeg, [
          ...['-hide_banner', '-nostdin', '-v', 'error', '-i', inputs.mp4, '-map', '0:v:0', '-map', '0:a:0?'],
          ...['-t', (cut.copyMs / 1000).toFixed(3), '-c', 'copy', '-y', out],
        ]),
    },
  ];
}

async function importOne(core: Core, file: string): Promise<string> {
  const result = await core.dispatch('library.import', { paths: [file] });
  const id = result.ok ? ImportReport.parse(result.data).imported[0]?.id : undefined;
  if (!id) throw new Error(`could not import ${file}: ${JSON.stringify(result)}`);
  return id;
}

/** One job's time and its steps (ms), as the job timed them. */
interface JobRun {
  ms: number;
  phases: Map<string, number>;
}

/**
 * One fix through the job path; the new asset then goes (trash emptied), so no round finds it already
 * made. Its steps come from the job; 'reply' is what is left: the channel's answer and the wait for the end.
 */
async function timedJob(core: Core, input: ChannelInput<'media.fix'>): Promise<JobRun> {
  const started = performance.now();
  const result = await core.dispatch('media.fix', input);
  if (!result.ok) throw new Error(`media.fix refused: ${result.error.message}`);
  const id = FixJobView.parse(result.data).id;
  const done = await core.fixes.done(id);
  const elapsed = performance.now() - started;
  if (done.state !== 'succeeded' || !done.result)
    throw new Error(`the fix ${done.state}: ${done.error?.message ?? ''}`);
  if (done.result.existed) throw new Error('the fix found its result already in the library');
  const phases = new Map(core.fixes.phases(id).map((p) => [p.phase, p.ms]));
  phases.set('reply', elapsed - [...phases.values()].reduce((a, b) => a + b, 0));
  await core.dispatch('library.trash', { ids: [done.result.asset.id] });
  await core.dispatch('library.emptyTrash', {});
  return { ms: elapsed, phases };
}

/** The direct side's file reaches the disk too, as the job's does before its record is written. */
async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function timedDirect(c: Case, dir: string, round: number): Promise<number> {
  const out = path.join(dir, `direct-${round}.${c.ext}`);
  const started = performance.now();
  await c.direct(out);
  await fsyncFile(out);
  const elapsed = performance.now() - started;
  fs.rmSync(out, { force: true });
  return elapsed;
}

/**
 * What the job does beyond the tool, each step timed alone on the direct result, the way the job does
 * it: storing it durably (a picture's bytes written and fsynced; a video moved in, hashed while
 * fsynced), its preview (a picture's from its bytes; a trim's poster from the source, which the job
 * only makes, during the cut, when the source's own poster is not kept), and for a trim finding the keyframe.
 */
async function parts(c: Case, inputs: Inputs, dir: string, limitMs: number): Promise<string[]> {
  const out = path.join(dir, `parts.${c.ext}`);
  await c.direct(out);
  const tools = { ffmpeg: inputs.ffmpeg, ffprobe: inputs.ffprobe };
  const timed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return ms(performance.now() - started);
  };
  const root = path.join(dir, 'parts-store');
  const blobs = new BlobStore(root);
  let store: string;
  let preview: string;
  if (c.source === 'jpeg') {
    const data = fs.readFileSync(out);
    store = await timed(() => blobs.putBuffer(data));
    preview = await timed(() => imageBufferThumbnail(data));
  } else {
    fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
    const moved = path.join(root, '.tmp', path.basename(out));
    fs.copyFileSync(out, moved);
    store = await timed(() => blobs.adoptFile(moved));
    const cut = await keyframeCut(inputs.ffprobe, inputs.mp4, limitMs);
    preview = await timed(() => makeThumbnail(inputs.mp4, 'video', tools, { durationMs: cut?.cutMs ?? limitMs }));
  }
  const keyframe = c.source === 'mp4' ? await timed(() => keyframeCut(inputs.ffprobe, inputs.mp4, limitMs)) : '-';
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(out, { force: true });
  return [c.fix, store, preview, keyframe];
}

async function measure(core: Core, c: Case, assetId: string, dir: string, rounds: number) {
  const job: JobRun[] = [];
  const direct: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    if (round % 2) {
      direct.push(await timedDirect(c, dir, round));
      job.push(await timedJob(core, c.job(assetId)));
    } else {
      job.push(await timedJob(core, c.job(assetId)));
      direct.push(await timedDirect(c, dir, round));
    }
  }
  return { job, direct };
}

export async function runMediaFixBench(o: MediaFixBenchOptions): Promise<MediaFixBenchResult> {
  const log = o.log ?? console.log;
  const rounds = o.rounds ?? 5;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-fix-'));
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  let core: Core | null = null;
  try {
    const inputs = await makeInputs(work, o, log);
    core = await signedInCore(sandbox, work);
    const ids = { jpeg: await importOne(core, inputs.jpeg), mp4: await importOne(core, inputs.mp4) };
    const figures: FixFigure[] = [];
    const rows: string[][] = [];
    const phaseRows: string[][] = [];
    for (const c of await cases(inputs, o)) {
      const { job, direct } = await measure(core, c, ids[c.source], work, rounds);
      phaseRows.push([c.fix, ...PHASES.map((p) => ms(median(job.map((j) => j.phases.get(p) ?? 0))))]);
      const directMs = median(direct);
      const jobMs = median(job.map((j) => j.ms));
      const ratio = directMs / jobMs;
      figures.push({ fix: c.fix, directMs, jobMs, ratio, met: ratio >= TARGET_RATIO });
      rows.push([
        c.fix,
        ms(directMs),
        ms(jobMs),
        ratio.toFixed(3),
        direct.map(ms).join(' / '),
        job.map((j) => ms(j.ms)).join(' / '),
      ]);
    }
    table(log, ['fix', 'direct ms', 'job ms', 'ratio', 'direct rounds', 'job rounds'], rows);
    log('');
    log(
      'the job’s steps, median ms (prepare: probe, keyframe search; tool: sharp or ffmpeg; ' +
        'store: stored, previewed, recorded; reply: the rest):',
    );
    table(log, ['fix', ...PHASES], phaseRows);
    log('');
    log('what the job adds, each step timed alone on the direct result:');
    const limitMs = trimLimitMs(o.videoSeconds);
    const steps = [];
    for (const c of await cases(inputs, o)) steps.push(await parts(c, inputs, work, limitMs));
    table(log, ['fix', 'store ms', 'preview ms', 'keyframe ms'], steps);
    const met = figures.every((f) => f.met);
    log('');
    for (const f of figures) log(`ratio direct/job, ${f.fix}: ${f.ratio.toFixed(3)}  (target ≥ ${TARGET_RATIO})`);
    log(
      met
        ? 'targets met'
        : `BELOW TARGET: ${figures
            .filter((f) => !f.met)
            .map((f) => f.fix)
            .join('; ')}`,
    );
    return { figures, met, workDir: work };
  } finally {
    await core?.close();
    await sandbox.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const megapixels = Number(process.env.BENCH_FIX_MP ?? 24);
  const videoSeconds = Number(process.env.BENCH_FIX_SECONDS ?? 60);
  const rounds = Number(process.env.BENCH_FIX_ROUNDS ?? 5);
  if (!(megapixels > 0) || !(videoSeconds >= 4) || !(Number.isInteger(rounds) && rounds > 0))
    throw new Error('BENCH_FIX_MP must be above 0, BENCH_FIX_SECONDS at least 4 and BENCH_FIX_ROUNDS a whole number.');
  console.log(
    `Media-fix benchmark: node ${process.version}, ${os.cpus().length} CPUs, sharp ${sharp.versions.sharp ?? ''}, ` +
      `${megapixels} MP JPEG, 1080p ${videoSeconds} s MP4, temp folder in ${os.tmpdir()}`,
  );
  const inputsDir = process.env.BENCH_FIX_INPUTS || undefined;
  await runMediaFixBench({
    megapixels,
    videoSeconds,
    videoSize: { width: 1920, height: 1080 },
    rounds,
    ...(inputsDir && { inputsDir }),
  });
}

// Run only as a script (`tsx bench/media-fix.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]media-fix\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
