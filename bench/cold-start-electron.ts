// Cold start of the Electron app at 100,000 assets, measured as bench/cold-start.ts measures browser
// mode: from launching the app to the library's first cards painted, per phase, with the memory of
// the main process and of the renderer. Target: 1.5 s. Needs the Electron runtime and a built app
// (`npx electron-vite build`); where the runtime is missing it says so and measures nothing (it
// runs in the release workflow, where Electron installs). Same variables as bench/cold-start.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from 'playwright-core';
import { z } from 'zod';
import { seededOnce, spreadOf } from './cold-start';
import { epochNow, rendererRssMb, treeRssMb } from './support/processes';
import { median, ms, table, type Log } from './support/report';

const TARGET_MS = 1500;
const ROOT = path.resolve(__dirname, '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the runtime lookup is shared CommonJS
const electronBinary = require('../scripts/electron-binary.cjs') as () => string | null;

interface ElectronRun {
  window: number;
  firstPaint: number;
  firstCards: number;
  total: number;
  mainRssMb: number;
  rendererRssMb: number;
}

const PageFacts = z.object({ timeOrigin: z.number(), now: z.number(), fcp: z.number().nullable() });

async function launchOnce(bin: string, userData: string): Promise<ElectronRun> {
  const started = epochNow();
  const app = await electron.launch({
    executablePath: bin,
    args: [path.join(ROOT, 'out', 'main', 'index.js')],
    env: { ...process.env, ATELIER_USER_DATA: userData },
  });
  try {
    const page = await app.firstWindow();
    const windowAt = epochNow();
    await page.locator('[data-testid^="asset-"]').first().waitFor({ timeout: 120_000 });
    // A function, not a string: the app's Content-Security-Policy forbids evaluating strings.
    const facts = PageFacts.parse(
      await page.evaluate(() => ({
        timeOrigin: performance.timeOrigin,
        now: performance.now(),
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      })),
    );
    const pid = app.process().pid!;
    return {
      window: windowAt - started,
      firstPaint: facts.fcp ?? facts.now,
      firstCards: facts.now,
      total: facts.timeOrigin + facts.now - started,
      mainRssMb: treeRssMb(pid) - rendererRssMb(pid),
      rendererRssMb: rendererRssMb(pid),
    };
  } finally {
    await app.close();
  }
}

export async function runElectronColdStart(o: {
  assets: number;
  rounds: number;
  log?: Log;
}): Promise<ElectronRun[] | null> {
  const log = o.log ?? ((line: string) => console.log(line));
  const bin = process.env.ATELIER_ELECTRON_BIN ?? electronBinary();
  if (!bin) {
    log('Electron cold start NOT RUN: the Electron runtime is not installed here (its download host is unreachable).');
    log(
      'It runs where Electron installs, e.g. the release workflow: ' +
        'npx electron-vite build && npm run bench:cold-start:electron',
    );
    return null;
  }
  if (!fs.existsSync(path.join(ROOT, 'out', 'main', 'index.js')))
    throw new Error('The Electron app is not built: run "npx electron-vite build" first.');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-cold-electron-'));
  try {
    const userData = path.join(workDir, 'data');
    await seededOnce(userData, o.assets);
    const runs: ElectronRun[] = [];
    // Round 0 warms the disk cache; it is not counted.
    for (let round = 0; round <= o.rounds; round++) {
      const run = await launchOnce(bin, userData);
      log(`round ${round}${round === 0 ? ' (warm-up)' : ''}: ${ms(run.total)} ms`);
      if (round > 0) runs.push(run);
    }
    const rows: [string, (r: ElectronRun) => number][] = [
      ['launch → window', (r) => r.window],
      ['page → first paint', (r) => r.firstPaint],
      ['page → first cards', (r) => r.firstCards],
      ['total: launch → first cards', (r) => r.total],
      ['main + helper processes RSS (MB)', (r) => r.mainRssMb],
      ['renderer RSS (MB)', (r) => r.rendererRssMb],
    ];
    table(
      log,
      ['phase (ms, median (min–max))', 'Electron'],
      rows.map(([name, pick]) => [name, spreadOf(runs.map(pick))]),
    );
    const total = median(runs.map((r) => r.total));
    log(`ours/target (${TARGET_MS} ms): ${(total / TARGET_MS).toFixed(2)}`);
    log(total <= TARGET_MS ? 'target met' : `target missed: ${ms(total)} ms > ${TARGET_MS} ms`);
    return runs;
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (/[\\/]bench[\\/]cold-start-electron\.ts$/.test(process.argv[1] ?? '')) {
  void runElectronColdStart({
    assets: Number(process.env.COLD_START_ASSETS ?? 100_000),
    rounds: Number(process.env.COLD_START_ROUNDS ?? 5),
  }).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
