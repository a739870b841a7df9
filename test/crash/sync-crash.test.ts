/**
 * Crash safety of sync: a core process draining 500 queued creates (plus edits made between
 * runs) is killed at 20 random points, for 5 seeds (runs that finish before their kill do not count). Some kills land
 * at named points of the drain
 * (before a request, after the platform answered but before the answer is stored, after it is
 * stored), the others at a random moment. Afterwards, for every seed: nothing lost, nothing
 * duplicated on the sandbox, and the database passes PRAGMA integrity_check after every kill.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { tempDirs } from '../support/temp-dirs';
import { expectedState, initialRecords, prng } from './sync-script';

const root = path.resolve(__dirname, '../..');
const childScript = path.join(__dirname, 'sync-child.ts');
const SEEDS = [1, 2, 3, 4, 5];
const KILLS = 20;
const POINTS = ['sync.before-send', 'sync.before-ack', 'sync.after-ack'];

interface Run {
  lines: string[];
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

/** Kill the child this long after it prints "draining", or once the condition holds (polled), or never. */
type Kill = number | (() => boolean) | null;

function runChild(args: string[], kill: Kill): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
  let watch: NodeJS.Timeout | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    const before = out;
    out += chunk.toString();
    if (kill === null || before.includes('draining') || !out.includes('draining')) return;
    if (typeof kill === 'number') setTimeout(() => child.kill('SIGKILL'), kill);
    else
      watch = setInterval(() => {
        if (kill()) child.kill('SIGKILL');
      }, 5);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      clearInterval(watch);
      resolve({ lines: out.split('\n').filter(Boolean), signal, code, stderr });
    });
  });
}

function integrity(dbFile: string): string {
  const db = new Database(dbFile, { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

function outboxLeft(dbFile: string): number {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function remoteLive(sandbox: Sandbox, token: string, path: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res = await fetch(`${sandbox.url}${path}?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { items: Record<string, unknown>[]; next_cursor: string; has_more: boolean };
    out.push(...body.items);
    if (!body.has_more) return out;
    cursor = body.next_cursor;
  }
}

let sandbox: Sandbox;
const tempDir = tempDirs('sync-crash');

beforeAll(async () => {
  // A little latency per request spreads the drain over the kill window.
  sandbox = await startSandbox({ port: 0, rateLimit: false });
  sandbox.faults.set({ path: '/v2/*', kind: 'latency', latencyMs: 3 });
});
afterAll(async () => {
  await sandbox.stop();
});

describe('sync crash safety', () => {
  it.each(process.env.SYNC_CRASH_SEEDS ? process.env.SYNC_CRASH_SEEDS.split(',').map(Number) : SEEDS)(
    'seed %i: 20 kills while draining 500 changes lose and duplicate nothing',
    { timeout: 240_000 },
    async (seed) => {
      const account = `crash-${seed}@atelier.local`;
      const password = 'crash-password';
      await sandbox.createAccount(account, password);
      const dataDir = tempDir();

      // Queue the 500 creates in a core that never syncs, then close it.
      const deps = nodeDeps({
        dataDir,
        host: 'test',
        quiet: true,
        embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
      });
      deps.settings.set({ ...deps.settings.get(), allowWeakSecretStorage: true });
      deps.sync = { autoStart: false };
      const setup = createCore(deps);
      await setup.start();
      const selected = await setup.dispatch('profile.select', { id: 'sandbox' });
      expect(selected.ok).toBe(true);
      const signedIn = await setup.dispatch('session.signIn', { username: account, password });
      expect(signedIn.ok).toBe(true);
      for (const p of initialRecords(seed)) {
        const fields = p.group === 'posts' ? { key: p.key, text: p.value } : { key: p.key, name: p.value };
        setup.store.create(p.group, setup.workspace.account(), fields);
      }
      expect((setup.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n).toBe(500);
      await setup.close();

      const random = prng(seed);
      const dbFile = path.join(dataDir, 'atelier.db');
      const base = ['--data', dataDir, '--sandbox', sandbox.url, '--seed', String(seed)];
      // Rounds go on until 20 kills have landed: a round whose kill comes after its work is done
      // finishes cleanly and does not count.
      let killed = 0;
      let midDrain = 0;
      // Runs that stored a good share of acknowledgements before dying: a crash loop still moves on.
      let movedOn = 0;
      let left = 500;
      let rounds = 0;
      for (let round = 0; killed < KILLS && round < KILLS * 3; round++, rounds++) {
        // The first round dies well into the drain (once a good share is acknowledged, however slow
        // the machine), so a crash loop is seen to move on; later rounds die after a random delay or at
        // a point the drain really passes (never more passes than changes left: a fast drain empties
        // the outbox early, and each round then adds only its few edits).
        const byPoint = round > 0 && random() < 0.6;
        const point = POINTS[Math.floor(random() * POINTS.length)] as string;
        const count = 1 + Math.floor(random() * Math.min(40, Math.max(1, left)));
        const before = left;
        const kill: Kill = round === 0 ? () => outboxLeft(dbFile) <= before - 64 : Math.floor(random() * 500);
        const run = await runChild(
          [...base, '--round', String(round), ...(byPoint ? ['--die-at', `${point}:${count}`] : [])],
          byPoint ? null : kill,
        );
        expect(run.lines[0], run.stderr).toBe('draining');
        expect(integrity(dbFile)).toBe('ok');
        if (run.signal === 'SIGKILL') {
          killed++;
          const now = outboxLeft(dbFile);
          if (now > 0) midDrain++;
          if (now <= left - 32) movedOn++;
          left = now;
        } else {
          expect(run.lines.at(-1), run.stderr).toMatch(/^done /);
          left = outboxLeft(dbFile);
        }
      }
      expect(killed).toBe(KILLS);
      // The kills hit the drain itself, with changes still to send, not an idle process.
      expect(midDrain).toBeGreaterThanOrEqual(KILLS * 0.75);
      expect(movedOn).toBeGreaterThanOrEqual(1);

      const last = await runChild([...base, '--round', '-1'], null);
      expect(last.lines.at(-1), last.stderr).toMatch(/^done /);
      expect(integrity(dbFile)).toBe('ok');

      const db = new Database(dbFile, { readonly: true });
      const unsynced = ['posts', 'assets']
        .map(
          (table) =>
            (
              db
                .prepare(
                  `SELECT count(*) AS n FROM ${table} WHERE deleted = 0 AND (remote_id IS NULL ` +
                    `OR sync_state <> 'synced')`,
                )
                .get() as { n: number }
            ).n,
        )
        .reduce((a, b) => a + b, 0);
      db.close();
      expect(outboxLeft(dbFile)).toBe(0);
      expect(unsynced).toBe(0);

      // The sandbox holds exactly the expected records: one per key, each with its last value.
      const login = await fetch(`${sandbox.url}/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: account, password, client_id: sandbox.demo.clientId }),
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const expected = expectedState(seed, rounds);
      const remote = [
        ...(await remoteLive(sandbox, token, '/v2/posts')),
        ...(await remoteLive(sandbox, token, '/v2/assets')),
      ];
      const byKey = new Map<string, Record<string, unknown>[]>();
      for (const r of remote) byKey.set(String(r.key), [...(byKey.get(String(r.key)) ?? []), r]);
      const duplicated = [...byKey.values()].filter((list) => list.length > 1).length;
      const live = [...expected.values()].filter((p) => !p.deleted);
      const lost = live.filter((p) => !byKey.has(p.key)).length;
      const wrong = live.filter((p) => {
        const r = byKey.get(p.key)?.[0];
        return r && (p.group === 'posts' ? r.text : r.name) !== p.value;
      }).length;
      const resurrected = [...expected.values()].filter((p) => p.deleted && byKey.has(p.key)).length;
      expect({ duplicated, lost, wrong, resurrected, remote: remote.length }).toEqual({
        duplicated: 0,
        lost: 0,
        wrong: 0,
        resurrected: 0,
        remote: live.length,
      });
    },
  );
});
