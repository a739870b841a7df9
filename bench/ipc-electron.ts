// Round trips per second over Electron's IPC: the same settings.get calls as bench/ipc.ts, 16 in
// flight, from the app's own sandboxed renderer through its preload (ipcRenderer.invoke → the
// trusted-sender check → dispatch with the contract's validation → the handler). Baseline, in the
// same run of the built app: a bare ipcMain.handle that answers with the same envelope, called
// through ipcRenderer.invoke from a second sandboxed, context-isolated window with a one-line
// preload, so requests and replies cross the same boundaries with the same sizes.
//
// It needs the Electron runtime (and a display: xvfb-run on Linux CI). Where the runtime is missing
// it prints that it was NOT run and exits with 2, as `npm run test:electron` does.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { IN_FLIGHT } from './ipc';
import { median, table, type Log } from './support/report';

const TARGET_NOTE = 'no target: the figure is reported beside the bare echo';
const ROOT = path.resolve(__dirname, '..');
const ECHO_CHANNEL = 'atelier-bench:echo';

export interface ElectronIpcBenchOptions {
  /** The Electron executable, or null where the runtime is not installed. */
  bin: string | null;
  calls: number;
  rounds?: number;
  /** Build the app first (electron-vite build); off when the caller has just built it. */
  build?: boolean;
  log?: Log;
}

export interface ElectronIpcRound {
  oursPerSecond: number;
  echoPerSecond: number;
  ratio: number;
}

export type ElectronIpcBenchResult =
  | { ran: false; reason: string }
  | { ran: true; calls: number; rounds: ElectronIpcRound[]; ratio: number; minRatio: number; maxRatio: number };

export const NOT_RUN =
  'Electron IPC benchmark NOT RUN: the Electron runtime is not installed here. ' +
  'Run it where Electron installs (npm ci without ELECTRON_SKIP_BINARY_DOWNLOAD), e.g. in the release workflow.';

/** The Electron runtime as `npm run test:electron` finds it (without triggering its download). */
export function findElectron(): string | null {
  if (process.env.ATELIER_ELECTRON_BIN) return process.env.ATELIER_ELECTRON_BIN;
  const find: unknown = createRequire(__filename)(path.join(ROOT, 'scripts', 'electron-binary.cjs'));
  if (typeof find !== 'function') throw new Error('scripts/electron-binary.cjs does not export a function.');
  const bin: unknown = find();
  return typeof bin === 'string' ? bin : null;
}

/**
 * Runs in a page (Playwright sends its source): `calls` round trips with `inFlight` callers, each
 * answer checked; returns the seconds taken. `target`: the app's API method or the bench echo.
 */
export const runInPage = async (a: { calls: number; inFlight: number; target: 'ours' | 'echo' }): Promise<number> => {
  type Call = (input: unknown) => Promise<{ ok: boolean }>;
  const page = globalThis as unknown as { atelier?: Record<string, Call>; atelierBenchEcho?: Call };
  const call = a.target === 'ours' ? page.atelier?.['settings.get'] : page.atelierBenchEcho;
  if (!call) throw new Error(`This page has no ${a.target} function to call.`);
  let left = a.calls;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: a.inFlight }, async () => {
      while (left > 0) {
        left -= 1;
        const answer = await call({});
        if (!answer.ok) throw new Error(`A call failed: ${JSON.stringify(answer)}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
};

/** Registers the bare echo in the main process and opens the window that calls it. */
async function openEchoWindow(app: ElectronApplication, dir: string, reply: unknown): Promise<Page> {
  const preload = path.join(dir, 'bench-preload.js');
  fs.writeFileSync(
    preload,
    "const { contextBridge, ipcRenderer } = require('electron');\n" +
      `contextBridge.exposeInMainWorld('atelierBenchEcho', (input) => ipcRenderer.invoke('${ECHO_CHANNEL}', input));\n`,
  );
  const opened = app.waitForEvent('window');
  await app.evaluate(
    async ({ BrowserWindow, ipcMain }, a) => {
      ipcMain.handle(a.channel, () => a.reply);
      const win = new BrowserWindow({
        show: false,
        webPreferences: { preload: a.preload, sandbox: true, contextIsolation: true, nodeIntegration: false },
      });
      await win.loadURL('data:text/html,<title>ipc bench</title>');
    },
    { channel: ECHO_CHANNEL, reply, preload },
  );
  const page = await opened;
  await page.waitForFunction(() => 'atelierBenchEcho' in globalThis);
  return page;
}

async function measureRounds(pages: { ours: Page; echo: Page }, calls: number, count: number) {
  const slices = 10;
  const per = Math.max(1, Math.floor(calls / slices));
  const rounds: ElectronIpcRound[] = [];
  for (let r = 0; r < count; r += 1) {
    const seconds = { ours: 0, echo: 0 };
    for (let s = 0; s < slices; s += 1) {
      // The sides take turns, so load from elsewhere on the machine falls on both alike.
      for (const target of s % 2 === 0 ? (['echo', 'ours'] as const) : (['ours', 'echo'] as const)) {
        seconds[target] += await pages[target].evaluate(runInPage, { calls: per, inFlight: IN_FLIGHT, target });
      }
    }
    const oursPerSecond = (per * slices) / seconds.ours;
    const echoPerSecond = (per * slices) / seconds.echo;
    rounds.push({ oursPerSecond, echoPerSecond, ratio: oursPerSecond / echoPerSecond });
  }
  return rounds;
}

function report(log: Log, calls: number, rounds: ElectronIpcRound[]): ElectronIpcBenchResult {
  log(
    `settings.get over ipcRenderer.invoke, ${IN_FLIGHT} in flight, ${calls.toLocaleString('en-US')} per side per round`,
  );
  const rate = (n: number) => Math.round(n).toLocaleString('en-US');
  table(
    log,
    ['round', 'bare invoke echo /s', 'app IPC (ours) /s', 'ratio'],
    rounds.map((r, i) => [String(i + 1), rate(r.echoPerSecond), rate(r.oursPerSecond), r.ratio.toFixed(3)]),
  );
  const ratios = rounds.map((r) => r.ratio);
  const result = {
    ran: true as const,
    calls,
    rounds,
    ratio: median(ratios),
    minRatio: Math.min(...ratios),
    maxRatio: Math.max(...ratios),
  };
  log(
    `ratio app IPC/bare invoke echo (median of ${rounds.length} rounds): ${result.ratio.toFixed(3)} ` +
      `(range ${result.minRatio.toFixed(3)}–${result.maxRatio.toFixed(3)}); ${TARGET_NOTE}`,
  );
  return result;
}

export async function runElectronIpcBench(opts: ElectronIpcBenchOptions): Promise<ElectronIpcBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  if (!opts.bin) {
    log(NOT_RUN);
    return { ran: false, reason: NOT_RUN };
  }
  if (opts.build ?? true) {
    const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`electron-vite build failed (exit ${built.status}).`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-ipc-electron-'));
  let app: ElectronApplication | undefined;
  try {
    app = await electron.launch({
      executablePath: opts.bin,
      args: [path.join(ROOT, 'out', 'main', 'index.js')],
      env: { ...process.env, ATELIER_USER_DATA: path.join(dir, 'user-data') },
    });
    const ours = await app.firstWindow();
    await ours.waitForFunction(() => 'atelier' in globalThis);
    // The bare echo answers with exactly what the app answers, so both replies are the same size.
    const sample = await ours.evaluate(() => {
      const page = globalThis as unknown as { atelier: Record<string, (input: unknown) => Promise<unknown>> };
      return page.atelier['settings.get']!({});
    });
    const echo = await openEchoWindow(app, dir, sample);
    const warmup = Math.min(opts.calls, 2_000);
    await echo.evaluate(runInPage, { calls: warmup, inFlight: IN_FLIGHT, target: 'echo' as const });
    await ours.evaluate(runInPage, { calls: warmup, inFlight: IN_FLIGHT, target: 'ours' as const });
    const rounds = await measureRounds({ ours, echo }, opts.calls, opts.rounds ?? 5);
    return report(log, opts.calls, rounds);
  } finally {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const calls = Number(process.env.IPC_BENCH_CALLS ?? 20_000);
  const rounds = Number(process.env.IPC_BENCH_ROUNDS ?? 5);
  if (!Number.isInteger(calls) || calls < 1 || !Number.isInteger(rounds) || rounds < 1) {
    throw new Error('IPC_BENCH_CALLS and IPC_BENCH_ROUNDS must be whole numbers of at least 1.');
  }
  const bin = findElectron();
  console.log(`Electron IPC benchmark: node ${process.version}, ${os.cpus().length} CPUs, runtime ${bin ?? 'missing'}`);
  const result = await runElectronIpcBench({ bin, calls, rounds });
  if (!result.ran) process.exitCode = 2;
}

if (/[\\/]bench[\\/]ipc-electron\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
