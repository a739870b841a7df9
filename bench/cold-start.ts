// Cold start at 100,000 assets in browser mode: from launching the host process to the library's
// first cards painted in Chromium. The browser is started before the clock runs (its own start is not
// ours), with a fresh context per run (no HTTP cache). Phases: host start → listening, address →
// page request, page → first paint, the first library.query over the bridge, page → first cards.
// Baseline, in the same run: a plain Node http server (CommonJS, nothing compiled) on the same
// database, the library's own first-page SQL, the cards rendered into the HTML with the app's
// stylesheet — the strongest plain way to get the same cards on screen.
// COLD_START_ASSETS sets the library size (default 100000), COLD_START_ROUNDS the measured rounds
// (default 5, after one unmeasured warm-up), COLD_START_HOST=source runs the host from TypeScript,
// COLD_START_DATA names a data folder to seed once and reuse.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { z } from 'zod';
import { createCore } from '../src/main/core/app';
import { librarySql } from '../src/main/core/library/library-sql';
import { nodeDeps } from '../src/main/core/node-deps';
import { embeddedSandbox } from '../src/main/embedded-sandbox';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/chromium';
import { seedLibrary } from './library';
import { PAGE_MARKS_SCRIPT, REPORT } from './support/cold-start-page';
import { epochNow, launchUntilAddress, rendererRssMb, stopProcess, treeRssMb } from './support/processes';
import { median, ms, table, type Log } from './support/report';

const TARGET_MS = 1000;
const ROOT = path.resolve(__dirname, '..');
const RENDERER_DIR = path.join(ROOT, 'out', 'renderer');

export type HostMode = 'bundle' | 'source';

export interface ColdStartOptions {
  assets: number;
  /** Measured rounds (default 5), after one warm-up round that is not counted. */
  rounds?: number;
  host?: HostMode;
  /** A data folder to seed once and keep (reused when it was seeded with the same size). */
  keepDataDir?: string;
  log?: Log;
}

/** One launch, every figure in ms except the memory (MB). */
export interface Run {
  listening: number;
  toRequest: number;
  firstPaint: number;
  queryAt: number | null;
  queryMs: number | null;
  firstCards: number;
  total: number;
  cards: number;
  hostRssMb: number;
  rendererRssMb: number;
}

export interface ColdStartResult {
  assets: number;
  ours: Run[];
  baseline: Run[];
  /** Median total ours / median total baseline. */
  ratio: number;
  /** Median total ours / the 1.0 s target. */
  targetRatio: number;
  met: boolean;
  workDir: string;
}

const Marks = z.object({
  timeOrigin: z.number(),
  fcp: z.number().nullable(),
  query: z.number().nullable(),
  answered: z.number().nullable(),
  cards: z.number(),
  cardCount: z.number().int(),
  serverQueryMs: z.number().nullable(),
});

interface Launch {
  command: string;
  args: string[];
}

/** A data folder as a user leaves it: signed in to the sandbox, `assets` in the library, on the Library. */
async function seedDataDir(dataDir: string, assets: number): Promise<{ account: string; seconds: number }> {
  const started = performance.now();
  const deps = nodeDeps({
    dataDir,
    host: 'web',
    version: 'bench',
    quiet: true,
    embeddedSandbox: embeddedSandbox(path.join(dataDir, 'sandbox')),
  });
  const core = createCore(deps);
  try {
    await core.start();
    const ok = async (channel: Parameters<typeof core.dispatch>[0], input: unknown) => {
      const result = await core.dispatch(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    };
    await ok('connection.useSandbox', {});
    seedLibrary(core, path.join(dataDir, 'media'), assets);
    await ok('settings.update', { lastSection: 'library' });
    return { account: core.workspace.account(), seconds: (performance.now() - started) / 1000 };
  } finally {
    await core.close();
  }
}

/** Seed a kept folder only once per size: seeding 100,000 assets takes longer than the whole benchmark. */
export async function seededOnce(dataDir: string, assets: number): Promise<{ account: string; seconds: number }> {
  const note = path.join(dataDir, 'bench-seed.json');
  const Note = z.object({ assets: z.number(), account: z.string() });
  const kept = fs.existsSync(note) ? Note.safeParse(JSON.parse(fs.readFileSync(note, 'utf8'))) : null;
  if (kept?.success && kept.data.assets === assets) return { account: kept.data.account, seconds: 0 };
  fs.rmSync(dataDir, { recursive: true, force: true });
  const seeded = await seedDataDir(dataDir, assets);
  fs.writeFileSync(note, JSON.stringify({ assets, account: seeded.account }));
  return seeded;
}

/** How the host is started: the built bundle (built first when stale), or the TypeScript source through tsx. */
function hostLaunch(mode: HostMode, dataDir: string): Launch {
  const tail = ['--data', dataDir, '--port', '0'];
  if (mode === 'source') {
    const tsx = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
    return { command: process.execPath, args: [tsx, path.join(ROOT, 'src', 'main', 'web', 'cli.ts'), ...tail] };
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is shared CommonJS
  const build = require('../scripts/build-web.cjs') as { ensureWebHostBuilt(): string };
  return { command: process.execPath, args: [build.ensureWebHostBuilt(), ...tail] };
}

function baselineLaunch(dataDir: string, account: string, cards: number): Launch {
  const sql = librarySql({ sort: 'created', dir: 'desc', offset: 0, limit: 200, trash: false }, account);
  const css = fs.readdirSync(path.join(RENDERER_DIR, 'assets')).find((f) => f.endsWith('.css'));
  if (!css) throw new Error('The built renderer has no stylesheet: run "npm run build:renderer".');
  const options = {
    dbFile: path.join(dataDir, 'atelier.db'),
    sql: sql.page,
    params: sql.pageParams,
    cards,
    cssFile: path.join(RENDERER_DIR, 'assets', css),
  };
  return {
    command: process.execPath,
    args: [path.join(__dirname, 'support', 'cold-start-baseline.cjs'), JSON.stringify(options)],
  };
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms.`)), timeoutMs);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** One cold start: launch, open the address in a fresh context, wait for the first cards, read the marks. */
async function measure(browser: Browser, browserPid: number, launch: Launch): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let reported: (marks: unknown) => void = () => undefined;
  const marks = new Promise<unknown>((resolve) => (reported = resolve));
  await context.exposeFunction(REPORT, (value: unknown) => reported(value));
  await context.addInitScript(PAGE_MARKS_SCRIPT);
  const page = await context.newPage();
  const started = epochNow();
  const { child, address } = launchUntilAddress(launch.command, launch.args, 60_000);
  try {
    const { url, at } = await address;
    await page.goto(url, { waitUntil: 'commit' });
    const m = Marks.parse(await withTimeout(marks, 120_000, 'The first cards were not painted'));
    return {
      listening: at - started,
      toRequest: m.timeOrigin - at,
      firstPaint: m.fcp ?? m.cards,
      queryAt: m.query,
      queryMs: m.query !== null && m.answered !== null ? m.answered - m.query : m.serverQueryMs,
      firstCards: m.cards,
      total: m.timeOrigin + m.cards - started,
      cards: m.cardCount,
      hostRssMb: treeRssMb(child.pid!),
      rendererRssMb: rendererRssMb(browserPid),
    };
  } finally {
    await context.close();
    await stopProcess(child);
  }
}

export const spreadOf = (values: (number | null)[]): string => {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return '—';
  return `${ms(median(known))} (${ms(Math.min(...known))}–${ms(Math.max(...known))})`;
};

function report(log: Log, ours: Run[], baseline: Run[]): Pick<ColdStartResult, 'ratio' | 'targetRatio' | 'met'> {
  const rows: [string, (r: Run) => number | null][] = [
    ['host start → listening', (r) => r.listening],
    ['address → page request', (r) => r.toRequest],
    ['page → first paint', (r) => r.firstPaint],
    ['page → library.query sent', (r) => r.queryAt],
    ['library.query (round trip / SQL)', (r) => r.queryMs],
    ['page → first cards', (r) => r.firstCards],
    ['total: launch → first cards', (r) => r.total],
    ['cards on screen', (r) => r.cards],
    ['host RSS (MB)', (r) => r.hostRssMb],
    ['renderer RSS (MB)', (r) => r.rendererRssMb],
  ];
  table(
    log,
    ['phase (ms, median (min–max))', 'ours', 'baseline'],
    rows.map(([name, pick]) => [name, spreadOf(ours.map(pick)), spreadOf(baseline.map(pick))]),
  );
  const total = median(ours.map((r) => r.total));
  const ratio = total / median(baseline.map((r) => r.total));
  const targetRatio = total / TARGET_MS;
  log('');
  log(`ratio ours/baseline (median total): ${ratio.toFixed(2)}`);
  log(`ours/target (${TARGET_MS} ms): ${targetRatio.toFixed(2)}`);
  const met = total <= TARGET_MS;
  log(met ? 'target met' : `target missed: ${ms(total)} ms > ${TARGET_MS} ms`);
  return { ratio, targetRatio, met };
}

async function rounds(
  browser: Browser,
  launches: { ours: Launch; baseline: (cards: number) => Launch },
  count: number,
  log: Log,
): Promise<{ ours: Run[]; baseline: Run[] }> {
  // Chromium runs under this process (playwright starts it): its renderers are found from here.
  const browserPid = process.pid;
  const ours: Run[] = [];
  const baseline: Run[] = [];
  // Round 0 warms the disk cache and the runtimes' code caches for both sides; it is not counted.
  for (let round = 0; round <= count; round++) {
    const a = await measure(browser, browserPid, launches.ours);
    const b = await measure(browser, browserPid, launches.baseline(a.cards));
    log(`round ${round}${round === 0 ? ' (warm-up)' : ''}: ours ${ms(a.total)} ms, baseline ${ms(b.total)} ms`);
    if (round > 0) {
      ours.push(a);
      baseline.push(b);
    }
  }
  return { ours, baseline };
}

export async function runColdStartBench(options: ColdStartOptions): Promise<ColdStartResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const count = options.rounds ?? 5;
  const mode = options.host ?? 'bundle';
  if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html')))
    throw new Error('The renderer is not built: run "npm run build:renderer" first.');
  if (!fs.existsSync(chromiumPath))
    throw new Error(`Chromium was not found at ${chromiumPath}. Install Debian's "chromium" or set ATELIER_CHROMIUM.`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cold-start-'));
  const dataDir = options.keepDataDir ?? path.join(workDir, 'data');
  let browser: Browser | undefined;
  try {
    const seeded = await seededOnce(dataDir, options.assets);
    log(
      `cold start: ${options.assets.toLocaleString('en')} assets ` +
        `(seeded in ${seeded.seconds.toFixed(1)} s), host from ${mode}`,
    );
    const launches = {
      ours: hostLaunch(mode, dataDir),
      baseline: (cards: number) => baselineLaunch(dataDir, seeded.account, cards),
    };
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
    const runs = await rounds(browser, launches, count, log);
    log('');
    return { assets: options.assets, ...runs, ...report(log, runs.ours, runs.baseline), workDir };
  } finally {
    await browser?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

// Run only as a script (`tsx bench/cold-start.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]cold-start\.ts$/.test(process.argv[1] ?? '')) {
  const host = process.env.COLD_START_HOST === 'source' ? 'source' : 'bundle';
  void runColdStartBench({
    assets: Number(process.env.COLD_START_ASSETS ?? 100_000),
    rounds: Number(process.env.COLD_START_ROUNDS ?? 5),
    host,
    ...(process.env.COLD_START_DATA && { keepDataDir: path.resolve(process.env.COLD_START_DATA) }),
  }).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
