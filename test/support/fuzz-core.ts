import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../src/main/core/app';
import type { LogRecord, LogSink } from '../../src/main/core/logger';
import { nodeDeps } from '../../src/main/core/node-deps';
import type { Dialogs, Updates } from '../../src/main/core/ports';
import type { UpdateStatus } from '../../src/shared/updates';
import { startSandbox, type Sandbox } from '../../src/sandbox';

/**
 * A core whose every way out is fenced: its data, its working folder, the folders its dialogs
 * choose and the files they pick are under one temp folder; the network is the in-process sandbox
 * only; the updater is a fake that never installs anything.
 */
export interface FencedCore {
  core: Core;
  sandbox: Sandbox;
  /** Everything the core may touch lives under here. */
  root: string;
  dataDir: string;
  /** Addresses the core tried to reach that are not the sandbox (refused as unreachable). */
  blocked: string[];
  /** Warnings and errors the core logged (redacted, as in its log file). */
  logged: LogRecord[];
  /** Requests to the sandbox that failed below HTTP (reset, refused, aborted), in words. */
  networkFailures: string[];
  /** Lines the sandbox logged (it logs a handler that threw). */
  sandboxLog: string[];
  updates: FakeUpdates;
  stop(): Promise<void>;
}

export interface FakeUpdates extends Updates {
  installs: number;
}

/** An updater that walks idle → available → ready and counts installs instead of quitting. */
export function fakeUpdates(): FakeUpdates {
  let status: UpdateStatus = { state: 'idle', lastCheckedAt: null };
  const listeners = new Set<(s: UpdateStatus) => void>();
  const set = (next: UpdateStatus) => {
    status = next;
    for (const l of listeners) l(status);
    return status;
  };
  const fake: FakeUpdates = {
    installs: 0,
    status: () => status,
    check: async () => set({ state: 'available', version: '99.0.0', lastCheckedAt: new Date().toISOString() }),
    download: async () =>
      set({ state: 'ready', version: '99.0.0', message: null, lastCheckedAt: new Date().toISOString() }),
    install: async () => {
      fake.installs += 1;
      return status;
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return fake;
}

/** Dialogs that answer in turn: cancelled, or a fresh folder (or the picked files) under `root`. */
export function fakeDialogs(root: string, picks: () => string[]): Dialogs {
  let turn = 0;
  return {
    chooseImport: async () => (turn++ % 2 === 0 ? [] : picks()),
    chooseFolder: async () => (turn++ % 2 === 0 ? null : fs.mkdtempSync(path.join(root, 'chosen-'))),
  };
}

function fence(allowedOrigin: () => string, blocked: string[], failures: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin === allowedOrigin()) {
      return fetch(input, init).catch((e: unknown) => {
        const cause = e instanceof Error && e.cause instanceof Error ? `${e.cause.name}: ${e.cause.message}` : '';
        const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
        failures.push(`${init?.method ?? 'GET'} ${url.pathname}: ${what} ${cause}`);
        throw e;
      });
    }
    blocked.push(url.href);
    const refused = Object.assign(new Error(`connect ECONNREFUSED ${url.host}`), { code: 'ECONNREFUSED' });
    return Promise.reject(new TypeError('fetch failed', { cause: refused }));
  };
}

/** Memory-backed when the machine has it: thousands of fsynced writes would otherwise wait on the disk. */
function scratchBase(): string {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

export async function fencedCore(name: string, picks: (root: string) => string[] = () => []): Promise<FencedCore> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(scratchBase(), `atelier-fuzz-${name}-`)));
  const dataDir = path.join(root, 'data');
  const cwd = path.join(root, 'cwd');
  fs.mkdirSync(cwd);
  const previousCwd = process.cwd();
  // Relative paths in generated inputs resolve here, never in the repository.
  process.chdir(cwd);
  const sandboxLog: string[] = [];
  const noTool = path.join(root, 'no-such-tool');
  const sandbox = await startSandbox({
    port: 0,
    rateLimit: false,
    aiLatencyMs: 0,
    ffmpegPath: noTool,
    ffprobePath: noTool,
    log: (line) => sandboxLog.push(line),
  });
  const blocked: string[] = [];
  const networkFailures: string[] = [];
  const logged: LogRecord[] = [];
  const keep = (record: LogRecord) => {
    if (record.level === 'warn' || record.level === 'error') logged.push(record);
  };
  const sink: LogSink = Object.assign(keep, { minLevel: 'warn' as const });
  const deps = nodeDeps({
    dataDir,
    host: 'test',
    quiet: true,
    extraSinks: [sink],
    fetch: fence(() => new URL(sandbox.url).origin, blocked, networkFailures),
    embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
  });
  deps.sync = { autoStart: false };
  deps.dialogs = fakeDialogs(root, () => picks(root));
  const updates = fakeUpdates();
  deps.updates = updates;
  deps.settings.set({ ...deps.settings.get(), allowWeakSecretStorage: true });
  const core = createCore(deps);
  await core.start();
  return {
    core,
    sandbox,
    root,
    dataDir,
    blocked,
    networkFailures,
    logged,
    sandboxLog,
    updates,
    stop: async () => {
      await core.close();
      await sandbox.stop();
      process.chdir(previousCwd);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
