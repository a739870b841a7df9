/**
 * A crash at any point of the token refresh path ends either in silent recovery or in exactly one
 * clean re-login prompt. Each case runs real core processes on one data folder against a sandbox
 * that lives in this process (so it outlives them): sign in, expire the access token, make a
 * request that dies at the point, then check what the next two runs see.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import type { SessionView } from '../../src/shared/session';

const root = path.resolve(__dirname, '../..');
const childScript = path.join(__dirname, 'refresh-child.ts');
const REFRESH_PATH = '/user/token/refresh';
const REFRESH_ROUTE = `POST ${REFRESH_PATH}`;
const TOKEN_PREFIXES = ['sbx_at_', 'sbx_rt_'];
/** A child that neither finishes nor is killed by its case within this time is a failure. */
const CHILD_LIMIT_MS = 30_000;

interface Step {
  action: 'sign-in' | 'request';
  ok: boolean;
  code?: string;
}

interface Outcome {
  ok: boolean;
  code?: string;
  steps: Step[];
  initial: SessionView;
  session: SessionView;
  /** How many times this run's session changed to needs_sign_in. */
  prompts: number;
}

interface ChildRun {
  outcome: Outcome | null;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Everything it wrote, stdout then stderr. */
  output: string;
}

interface ChildOptions {
  crashAt?: string;
  killAfter?: boolean;
  /** Kill the child (SIGKILL) from here once this resolves. */
  killWhen?: Promise<unknown>;
}

/** Run one core process (Node with the tsx loader, so there is exactly one process to kill). */
function runChild(
  dataDir: string,
  sandbox: Sandbox,
  actions: Step['action'][],
  opts: ChildOptions = {},
): Promise<ChildRun> {
  const args = ['--import', 'tsx', childScript, '--data', dataDir, '--sandbox', sandbox.url, '--do', actions.join(',')];
  if (opts.crashAt) args.push('--crash-at', opts.crashAt);
  if (opts.killAfter) args.push('--kill-after');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const limit = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
  void opts.killWhen?.then(() => child.kill('SIGKILL'));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      clearTimeout(limit);
      const line = stdout.split('\n').find((l) => l.startsWith('{'));
      resolve({
        outcome: line ? (JSON.parse(line) as Outcome) : null,
        exitCode,
        signal,
        output: `${stdout}\n${stderr}`,
      });
    });
  });
}

/** Resolves when the sandbox has received a refresh request that a fault holds or breaks. */
function refreshArrives(sandbox: Sandbox): Promise<void> {
  return new Promise((resolve) => {
    const onFault = (e: { path?: string }) => {
      if (e.path !== REFRESH_PATH) return;
      sandbox.events.off('fault', onFault);
      resolve();
    };
    sandbox.events.on('fault', onFault);
  });
}

function integrityOf(dbFile: string): string {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

function logText(dataDir: string): string {
  const logs = path.join(dataDir, 'logs');
  if (!fs.existsSync(logs)) return '';
  return fs
    .readdirSync(logs)
    .map((f) => fs.readFileSync(path.join(logs, f), 'utf8'))
    .join('\n');
}

/** A new core on the folder, offline (no platform configured), must start and read the secrets. */
async function reopen(dataDir: string): Promise<SessionView> {
  const deps = nodeDeps({ dataDir, host: 'test', quiet: true });
  expect(deps.settings.get().allowWeakSecretStorage).toBe(true);
  const core = createCore(deps);
  try {
    await core.start();
    const view = await core.dispatch('session.get', {});
    if (!view.ok) throw new Error(`session.get failed: ${JSON.stringify(view.error)}`);
    return view.data as SessionView;
  } finally {
    await core.close();
  }
}

type Ending = 'recovery' | 'prompt';

interface Case {
  name: string;
  /** How child #2 dies. */
  crash:
    'refresh:before-request' | 'request-sent' | 'response-lost' | 'refresh:response-received' | 'refresh:persisted';
  graceMs?: number;
  /** Undefined: either ending is acceptable (recorded). */
  expect?: Ending;
}

const cases: Case[] = [
  { name: 'before the request (nothing sent)', crash: 'refresh:before-request', expect: 'recovery' },
  { name: 'request sent, killed while the refresh is in flight', crash: 'request-sent' },
  { name: 'server committed, response lost (strict reuse rule)', crash: 'response-lost', expect: 'prompt' },
  {
    name: 'server committed, response lost (60 s reuse grace)',
    crash: 'response-lost',
    graceMs: 60_000,
    expect: 'recovery',
  },
  {
    name: 'response received, not yet persisted (strict reuse rule)',
    crash: 'refresh:response-received',
    expect: 'prompt',
  },
  {
    name: 'response received, not yet persisted (60 s reuse grace)',
    crash: 'refresh:response-received',
    graceMs: 60_000,
    expect: 'recovery',
  },
  { name: 'after persisting', crash: 'refresh:persisted', expect: 'recovery' },
];

const endings: { name: string; ending: Ending; familiesRevoked: number; ms: number }[] = [];

afterAll(() => {
  console.info(
    [
      'refresh crash endings:',
      ...endings.map((e) => `  ${e.name}: ${e.ending} (families revoked: ${e.familiesRevoked}, ${e.ms} ms)`),
    ].join('\n'),
  );
});

describe('a crash on the refresh path', () => {
  it.each(cases)(
    '$name: silent recovery or exactly one clean re-login prompt',
    async (c) => {
      const started = Date.now();
      const sandbox = await startSandbox({
        port: 0,
        rateLimit: false,
        ...(c.graceMs ? { refreshReuseGraceMs: c.graceMs } : {}),
      });
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-refresh-crash-'));
      const dbFile = path.join(dataDir, 'atelier.db');
      const runs: ChildRun[] = [];
      const run = async (actions: Step['action'][], opts?: ChildOptions) => {
        const r = await runChild(dataDir, sandbox, actions, opts);
        runs.push(r);
        return r;
      };
      const refreshRequests = () => sandbox.stats.byRoute[REFRESH_ROUTE] ?? 0;
      try {
        // #1 signs in and keeps the pair on disk.
        const first = await run(['sign-in']);
        expect(first.outcome, first.output).toMatchObject({ ok: true, session: { state: 'active', mode: 'token' } });
        expect(first.exitCode).toBe(0);

        // #2 meets an expired access token and dies on the refresh path.
        sandbox.expireAccessTokens();
        sandbox.resetStats();
        let second: ChildRun;
        switch (c.crash) {
          case 'request-sent': {
            sandbox.faults.set({ path: REFRESH_PATH, method: 'POST', kind: 'hang', count: 1 });
            second = await run(['request'], { killWhen: refreshArrives(sandbox) });
            expect(second.outcome, second.output).toBeNull();
            expect(refreshRequests()).toBe(1);
            // A hung request never reaches the handler: the server did not rotate the pair.
            expect(sandbox.stats.refreshCalls).toBe(0);
            break;
          }
          case 'response-lost': {
            sandbox.faults.set({ path: REFRESH_PATH, method: 'POST', kind: 'drop', count: 1 });
            second = await run(['request'], { killAfter: true });
            // It saw only a network failure, and kept its refresh token rather than resending it.
            expect(second.outcome, second.output).toMatchObject({ ok: false, code: 'offline', prompts: 0 });
            expect(sandbox.stats.refreshSucceeded).toBe(1);
            expect(refreshRequests()).toBe(1);
            break;
          }
          default: {
            second = await run(['request'], { crashAt: c.crash });
            expect(second.outcome, second.output).toBeNull();
            if (c.crash === 'refresh:before-request') expect(refreshRequests()).toBe(0);
            else expect(sandbox.stats.refreshSucceeded).toBe(1);
          }
        }
        expect(second.signal, second.output).toBe('SIGKILL');
        sandbox.faults.clear();
        expect(integrityOf(dbFile)).toBe('ok');

        // #3: the next run either recovers silently or asks once to sign in again.
        const before3 = refreshRequests();
        const third = await run(['request']);
        expect(third.exitCode, third.output).toBe(0);
        const o3 = third.outcome!;
        expect(o3, third.output).not.toBeNull();
        expect(o3.initial.state).toBe('active');
        expect(refreshRequests() - before3).toBeLessThanOrEqual(1);
        let ending: Ending;
        if (o3.ok) {
          ending = 'recovery';
          expect(o3).toMatchObject({ prompts: 0, session: { state: 'active', signedIn: true } });
        } else {
          ending = 'prompt';
          expect(o3).toMatchObject({
            code: 'auth',
            prompts: 1,
            session: { state: 'needs_sign_in', signedIn: false, mode: 'none' },
          });
          expect(o3.session.message).toEqual(expect.any(String));
        }
        if (c.expect) expect(ending).toBe(c.expect);

        // #4 behaves consistently: still fine after recovery; after a prompt it stays a prompt
        // (no refresh attempted) and signing in again works.
        const before4 = refreshRequests();
        if (ending === 'recovery') {
          const fourth = await run(['request']);
          expect(fourth.outcome, fourth.output).toMatchObject({
            ok: true,
            prompts: 0,
            initial: { state: 'active' },
            session: { state: 'active' },
          });
          // The pair that #3 (or #2) stored is current: no further refresh needed.
          expect(refreshRequests()).toBe(before4);
        } else {
          const fourth = await run(['sign-in', 'request']);
          expect(fourth.outcome, fourth.output).toMatchObject({
            ok: true,
            prompts: 0,
            initial: { state: 'needs_sign_in', signedIn: false },
            session: { state: 'active', signedIn: true },
          });
          expect(refreshRequests()).toBe(before4);
        }
        const familiesRevoked = sandbox.stats.familiesRevoked;
        if (ending === 'recovery') expect(familiesRevoked).toBe(0);
        else expect(familiesRevoked).toBe(1);

        // Nothing is damaged: the database is sound and a new core reads the secrets.
        expect(integrityOf(dbFile)).toBe('ok');
        const view = await reopen(dataDir);
        expect(view).toMatchObject({ mode: 'token', state: 'active', signedIn: true });
        const leftovers = fs.readdirSync(dataDir).filter((f) => f.includes('unreadable') || f.endsWith('.tmp'));
        expect(leftovers).toEqual([]);

        // No process ever printed or logged a token.
        const printed = runs.map((r) => r.output).join('\n') + logText(dataDir);
        for (const prefix of TOKEN_PREFIXES) expect(printed.includes(prefix), `output contains ${prefix}`).toBe(false);

        endings.push({ name: c.name, ending, familiesRevoked, ms: Date.now() - started });
      } finally {
        await sandbox.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
