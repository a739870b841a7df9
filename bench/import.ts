// Import throughput: BlobStore.putFile (read once; hash and copy overlapping; fsync; rename into
// place), one file at a time, against the strongest plain way of doing the same work with the
// system's own tools: `openssl dgst -sha256` of every file, `cp` of every file, then `sync` of
// every copy (an fsync each, so both sides are equally durable). Each tool runs once over the whole
// set (no process per file), and each part is timed. Same files, same disk, same run; before each
// side every source is read through once (both start with it all in the page cache) and the disk is
// synced; rounds alternate which side goes first and the medians are compared. Target: ours/baseline ≥ 0.7, peak
// memory growth ≤ 16 MB whatever the file size.
//
// Sizes (the scale curve): `tsx bench/import.ts [size…]`, e.g. `100MB 1GB 4GB`; default 100 MB and
// 1 GB, plus 4 GB with BENCH_LONG=1. At each size half the bytes are one long video (so the largest
// file grows with the size) and half camera-sized files; the cost per MB must stay flat (≤ 1.3×).
import { execFile } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BlobStore } from '../src/main/core/library/files/blob-store';
import { nodeBlobFs, type BlobFsOps } from '../src/main/core/library/files/blob-fs';
import { median, table, type Log } from './support/report';

const exec = promisify(execFile);
const MB = 1024 * 1024;
const TARGET = 0.7;
const TARGET_MEMORY_MB = 16;
const TARGET_FLAT = 1.3;
/** Camera-sized files in MB, cycled for the half of the bytes that is not the long video. */
const SIZE_PATTERN_MB = [16, 4, 32, 1, 16, 8, 0.25, 16, 2, 16];

export interface ImportBenchOptions {
  totalMb: number;
  /** Rounds per side (default 3, alternating which side goes first); the median round counts. */
  rounds?: number;
  log?: Log;
}

/** Seconds spent in each part of a run (median over the rounds). */
export type BaselineParts = {
  hash: number;
  copy: number;
  fsync: number;
};

export type OursParts = {
  /** Opening the source and creating the temp file. */
  open: number;
  /** Read, hash and write, overlapping. */
  copy: number;
  /** fsync of the temp file. */
  fsync: number;
  /** Close, rename into place, fsync of the folder. */
  commit: number;
};

export interface ImportBenchResult {
  files: number;
  totalBytes: number;
  largestFileBytes: number;
  baselineMBps: number;
  oursMBps: number;
  ratio: number;
  baselineParts: BaselineParts;
  oursParts: OursParts;
  /** Our cost per MB, milliseconds (median round). */
  msPerMb: number;
  /** Our rate on the long video and on the camera-sized files, and what each of those costs beyond its bytes. */
  byFile: { longMBps: number; cameraMBps: number; perFileMs: number };
  /** Highest RSS sampled while ours ran, and its growth over the RSS just before. */
  peakRssMb: number;
  rssGrowthMb: number;
  /** The temp folder used (removed before returning). */
  workDir: string;
}

interface Source {
  file: string;
  size: number;
}

/** Half the bytes in one long video, the rest in camera-sized files. */
function plan(totalMb: number): number[] {
  const total = Math.round(totalMb * MB);
  const long = Math.ceil(total / 2);
  const sizes = [long];
  let left = total - long;
  for (let i = 0; left > 0; i += 1) {
    const size = Math.min(left, Math.round(SIZE_PATTERN_MB[i % SIZE_PATTERN_MB.length]! * MB));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** Random (incompressible, all different) files, written through one 4 MB buffer. */
function generate(dir: string, totalMb: number): Source[] {
  const block = Buffer.allocUnsafe(4 * MB);
  return plan(totalMb).map((size, i) => {
    const file = path.join(dir, `media-${String(i).padStart(4, '0')}.bin`);
    const fd = fs.openSync(file, 'w');
    try {
      for (let written = 0; written < size;) {
        const n = Math.min(block.length, size - written);
        randomFillSync(block, 0, n);
        fs.writeSync(fd, block, 0, n);
        written += n;
      }
    } finally {
      fs.closeSync(fd);
    }
    return { file, size };
  });
}

/**
 * The same start for both sides: every source read through once (so both find all of it in the page
 * cache, whichever ran before and whatever the machine evicted meanwhile), then dirty pages flushed
 * and freed blocks discarded, so neither side pays for the other's writes or deletes.
 */
async function settle(sources: Source[]): Promise<void> {
  const block = Buffer.allocUnsafe(4 * MB);
  for (const { file } of sources) {
    const fd = fs.openSync(file, 'r');
    try {
      while (fs.readSync(fd, block, 0, block.length, null) > 0);
    } finally {
      fs.closeSync(fd);
    }
  }
  await exec('sync').catch(() => undefined);
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const BIG_OUTPUT = { maxBuffer: 64 * MB };

/** openssl over every file, then cp of every file, then sync (fsync) of every copy: three processes in all. */
async function baseline(sources: Source[], dest: string, hashes: Map<string, string>): Promise<BaselineParts> {
  const files = sources.map((s) => s.file);
  let started = performance.now();
  const { stdout } = await exec('openssl', ['dgst', '-sha256', '-r', ...files], BIG_OUTPUT);
  const hash = seconds(started);
  started = performance.now();
  await exec('cp', [...files, dest]);
  const copy = seconds(started);
  started = performance.now();
  await exec(
    'sync',
    files.map((f) => path.join(dest, path.basename(f))),
  );
  const fsync = seconds(started);
  // `-r` prints "<hex> *<file>" per line.
  for (const line of stdout.trim().split('\n')) {
    const match = /^([0-9a-f]{64}) \*?(.+)$/.exec(line);
    if (!match) throw new Error(`unexpected openssl output line: ${line}`);
    hashes.set(match[2]!, match[1]!);
  }
  return { hash, copy, fsync };
}

/** The real file operations, with a clock on the moments that separate the parts of a put. */
function timedFs(marks: { created: number; syncing: number; synced: number }): BlobFsOps {
  return {
    openRead: nodeBlobFs.openRead,
    createTemp: async (file) => {
      const real = await nodeBlobFs.createTemp(file);
      marks.created = performance.now();
      return {
        write: (buffer, offset, length, position) => real.write(buffer, offset, length, position),
        sync: async () => {
          marks.syncing = performance.now();
          await real.sync();
          marks.synced = performance.now();
        },
        close: () => real.close(),
      };
    },
  };
}

/** Our parts, and the seconds the long video took of them (the rest went to the camera-sized files). */
interface OursRun {
  parts: OursParts;
  longSeconds: number;
}

async function ours(
  sources: Source[],
  dest: string,
  hashes: Map<string, string>,
  rss: { peak: number },
  longFile: string,
): Promise<OursRun> {
  const marks = { created: 0, syncing: 0, synced: 0 };
  const store = new BlobStore(dest, { fs: timedFs(marks) });
  const parts: OursParts = { open: 0, copy: 0, fsync: 0, commit: 0 };
  let longSeconds = 0;
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, process.memoryUsage().rss)), 10);
  try {
    for (const { file } of sources) {
      const started = performance.now();
      const put = await store.putFile(file);
      const ended = performance.now();
      if (file === longFile) longSeconds = (ended - started) / 1000;
      parts.open += (marks.created - started) / 1000;
      parts.copy += (marks.syncing - marks.created) / 1000;
      parts.fsync += (marks.synced - marks.syncing) / 1000;
      parts.commit += (ended - marks.synced) / 1000;
      const expected = hashes.get(file);
      if (expected !== undefined && expected !== put.sha256)
        throw new Error(`hash mismatch for ${file}: openssl says ${expected}, ours ${put.sha256}`);
      hashes.set(file, put.sha256);
    }
    return { parts, longSeconds };
  } finally {
    clearInterval(sampler);
    rss.peak = Math.max(rss.peak, process.memoryUsage().rss);
  }
}

const sum = (parts: object) => Object.values(parts).reduce((n: number, v: unknown) => n + Number(v), 0);

interface Round {
  side: 'baseline' | 'ours';
  round: number;
  parts: BaselineParts | OursParts;
  /** Ours only: the seconds of the long video. */
  longSeconds?: number;
}

async function runRounds(sources: Source[], work: string, rounds: number) {
  const hashes = new Map<string, string>();
  const times: Round[] = [];
  const rss = { peak: 0 };
  let rssBefore = Number.POSITIVE_INFINITY;
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 ? (['baseline', 'ours'] as const) : (['ours', 'baseline'] as const);
    // The long video first in odd rounds, last in even ones (on both sides): a disk that slows down
    // under a long stream of writes would otherwise always charge it to the camera-sized files.
    const files = round % 2 ? sources : [...sources.slice(1), sources[0]!];
    for (const side of order) {
      const dest = path.join(work, `${side}-${round}`);
      fs.mkdirSync(dest);
      await settle(files);
      if (side === 'ours') rssBefore = Math.min(rssBefore, process.memoryUsage().rss);
      if (side === 'baseline') times.push({ side, round, parts: await baseline(files, dest, hashes) });
      else times.push({ side, round, ...(await ours(files, dest, hashes, rss, sources[0]!.file)) });
      fs.rmSync(dest, { recursive: true, force: true });
    }
  }
  return { times, rssBefore, rssPeak: rss.peak };
}

/** The median of one part over the rounds of one side. */
function medianPart(rounds: Round[], side: Round['side'], part: string): number {
  const values = rounds.filter((r) => r.side === side).map((r): Record<string, number> => r.parts);
  return median(values.map((v) => v[part] ?? 0));
}

function medianParts<T extends Record<string, number>>(rounds: Round[], side: Round['side'], shape: T): T {
  const out: Record<string, number> = shape;
  for (const part of Object.keys(shape)) out[part] = medianPart(rounds, side, part);
  return shape;
}

const partsText = (parts: object) =>
  Object.entries(parts)
    .map(([k, v]) => `${k} ${Number(v).toFixed(2)}`)
    .join(' + ');

function report(log: Log, totalBytes: number, times: Round[]) {
  const rate = (s: number) => totalBytes / MB / s;
  table(
    log,
    ['side', 'round', 'seconds', 'MB/s', 'parts (s)'],
    [...times]
      .sort((a, b) => a.side.localeCompare(b.side) || a.round - b.round)
      .map((t) => [
        t.side,
        String(t.round),
        sum(t.parts).toFixed(2),
        rate(sum(t.parts)).toFixed(0),
        partsText(t.parts),
      ]),
  );
  const total = (side: Round['side']) => median(times.filter((t) => t.side === side).map((t) => sum(t.parts)));
  const baselineMBps = rate(total('baseline'));
  const oursMBps = rate(total('ours'));
  const baselineParts = medianParts(times, 'baseline', { hash: 0, copy: 0, fsync: 0 });
  const oursParts = medianParts(times, 'ours', { open: 0, copy: 0, fsync: 0, commit: 0 });
  log('');
  table(
    log,
    ['side (median of rounds)', 'MB/s', 'median parts (s)'],
    [
      ['openssl dgst + cp + sync (fsync)', baselineMBps.toFixed(0), partsText(baselineParts)],
      ['BlobStore.putFile (fsync, rename)', oursMBps.toFixed(0), partsText(oursParts)],
    ],
  );
  return { baselineMBps, oursMBps, baselineParts, oursParts, msPerMb: 1000 / oursMBps };
}

/**
 * Where our time goes by file: the long video against the camera-sized files (median rounds), and
 * what each camera file costs beyond moving its bytes at the long video's rate (opening, the final
 * fsync's wait for the whole file, rename, folder fsync).
 */
function byFile(log: Log, sources: Source[], times: Round[]): ImportBenchResult['byFile'] {
  const rounds = times.filter((t) => t.side === 'ours');
  const longSeconds = median(rounds.map((t) => t.longSeconds ?? 0));
  const cameraSeconds = median(rounds.map((t) => sum(t.parts) - (t.longSeconds ?? 0)));
  const longMb = sources[0]!.size / MB;
  const cameraMb = sources.slice(1).reduce((n, s) => n + s.size, 0) / MB;
  const files = sources.length - 1;
  const longMBps = longMb / longSeconds;
  const perFileMs = files > 0 ? ((cameraSeconds - cameraMb / longMBps) * 1000) / files : 0;
  log(
    `ours by file: the long video ${longMb.toFixed(0)} MB at ${longMBps.toFixed(0)} MB/s; ${files} camera-sized ` +
      `files ${cameraMb.toFixed(0)} MB at ${(cameraMb / cameraSeconds).toFixed(0)} MB/s ` +
      `(${perFileMs.toFixed(1)} ms per file beyond the long video's rate)`,
  );
  return { longMBps, cameraMBps: cameraMb / cameraSeconds, perFileMs };
}

/** Runs the benchmark at one size and removes everything it wrote. */
export async function runImportBench(options: ImportBenchOptions): Promise<ImportBenchResult> {
  const log = options.log ?? console.log;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-import-'));
  try {
    const sourceDir = path.join(work, 'sources');
    fs.mkdirSync(sourceDir);
    const generating = performance.now();
    const sources = generate(sourceDir, options.totalMb);
    const totalBytes = sources.reduce((n, s) => n + s.size, 0);
    const largestFileBytes = Math.max(...sources.map((s) => s.size));
    log(
      `${(totalBytes / MB).toFixed(0)} MB in ${sources.length} files ` +
        `(largest ${(largestFileBytes / MB).toFixed(0)} MB), ` +
        `generated in ${seconds(generating).toFixed(1)} s`,
    );
    const { times, rssBefore, rssPeak } = await runRounds(sources, work, options.rounds ?? 3);
    const figures = report(log, totalBytes, times);
    const files = byFile(log, sources, times);
    const ratio = figures.oursMBps / figures.baselineMBps;
    const rssGrowthMb = (rssPeak - rssBefore) / MB;
    log('');
    log(
      `peak RSS during ours: ${(rssPeak / MB).toFixed(0)} MB (+${rssGrowthMb.toFixed(1)} MB over the ` +
        `${(rssBefore / MB).toFixed(0)} MB before; target ≤ ${TARGET_MEMORY_MB} MB)`,
    );
    log(`ratio ours/baseline: ${ratio.toFixed(3)}  (target ≥ ${TARGET})`);
    const met = ratio >= TARGET && rssGrowthMb <= TARGET_MEMORY_MB;
    log(met ? 'target met' : `BELOW TARGET: ratio ${ratio.toFixed(3)}, memory +${rssGrowthMb.toFixed(1)} MB`);
    return {
      files: sources.length,
      totalBytes,
      largestFileBytes,
      ...figures,
      byFile: files,
      ratio,
      peakRssMb: rssPeak / MB,
      rssGrowthMb,
      workDir: work,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface ImportCurveOptions {
  sizesMb: number[];
  rounds?: number;
  log?: Log;
}

export interface ImportCurveResult {
  points: ImportBenchResult[];
  /** Cost per MB at the largest size over the cost at the smallest. */
  growth: number;
  /** The same for the baseline. */
  baselineGrowth: number;
}

/** Runs every size in turn and prints how the cost per MB grows from the smallest to the largest. */
export async function runImportCurve(options: ImportCurveOptions): Promise<ImportCurveResult> {
  const log = options.log ?? console.log;
  const sizes = [...options.sizesMb].sort((a, b) => a - b);
  const points: ImportBenchResult[] = [];
  for (const totalMb of sizes) {
    log('');
    log(`== ${sizeText(totalMb)} ==`);
    points.push(await runImportBench({ totalMb, ...(options.rounds && { rounds: options.rounds }), log }));
  }
  log('');
  log('scale curve');
  table(
    log,
    ['size', 'files', 'largest MB', 'ours MB/s', 'ours ms/MB', 'baseline MB/s', 'ratio', 'memory +MB'],
    points.map((p) => [
      sizeText(p.totalBytes / MB),
      String(p.files),
      (p.largestFileBytes / MB).toFixed(0),
      p.oursMBps.toFixed(0),
      p.msPerMb.toFixed(3),
      p.baselineMBps.toFixed(0),
      p.ratio.toFixed(3),
      p.rssGrowthMb.toFixed(1),
    ]),
  );
  const growth = points.at(-1)!.msPerMb / points[0]!.msPerMb;
  // The same figure for the system's tools says how much of the growth is the machine's own.
  const baselineGrowth = points[0]!.baselineMBps / points.at(-1)!.baselineMBps;
  log(`cost per MB, largest/smallest size: ${growth.toFixed(2)}×  (target ≤ ${TARGET_FLAT}×)`);
  log(`baseline cost per MB, largest/smallest size: ${baselineGrowth.toFixed(2)}×`);
  return { points, growth, baselineGrowth };
}

function sizeText(mb: number): string {
  return mb >= 1024 ? `${+(mb / 1024).toFixed(2)} GB` : `${+mb.toFixed(2)} MB`;
}

/** "100MB", "1GB", "4 GB" or a bare number of megabytes. */
export function parseSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(MB|GB|M|G)?\s*$/i.exec(text);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!match || !(value > 0))
    throw new Error(`an import size must be a positive number of megabytes or a size like 100MB or 4GB, got "${text}"`);
  return /^g/i.test(match[2] ?? '') ? value * 1024 : value;
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2).map(parseSize);
  const sizesMb = asked.length > 0 ? asked : process.env.BENCH_LONG === '1' ? [100, 1024, 4096] : [100, 1024];
  // Roughly 70 s per GB for the whole run (six sides, each after reading the sources through) on a busy
  // machine, plus a margin.
  const limit = 120 + sizesMb.reduce((n, mb) => n + mb, 0) / 15;
  const deadline = setTimeout(() => {
    console.error(`import bench took longer than ${limit.toFixed(0)} s; stopping`);
    process.exit(1);
  }, limit * 1000);
  deadline.unref();
  console.log(
    `Import benchmark: node ${process.version}, ${os.cpus().length} CPUs, sizes ${sizesMb.map(sizeText).join(', ')}, ` +
      `files one at a time, temp folder in ${os.tmpdir()}`,
  );
  await runImportCurve({ sizesMb });
}

// Run only as a script (`tsx bench/import.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]import\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
