// The two sides of the sync benchmark: the changes (posts and creatives with small fields), our
// drain (a real core signed in to its own fresh sandbox, the changes queued through
// core.store.create, then core.sync.run()), and a plain client sending the same POSTs to another
// fresh sandbox.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResourceGroup } from '../../src/shared/profile';
import { createCore, type Core } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import type { HttpRequest, HttpResponse } from '../../src/main/core/platform/http';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { pool } from './load';
import { plainClient, type PlainClientName } from './plain-clients';
import { login } from './sandbox-login';

export interface OursRound {
  round: number;
  queueSeconds: number;
  /** The whole core.sync.run(): drain and the pull after it. */
  seconds: number;
  /** CPU time of the process (user + system) over run(); the sandbox runs in it too. */
  cpuSeconds: number;
  /** From run() to the first pull request. */
  drainSeconds: number;
  posts: number;
  /** Outbox entries left for the account after run() (0 when everything drained). */
  left: number;
  /** Local records in sync_state 'synced'. */
  synced: number;
  /** Records the sandbox holds afterwards (read back through its API). */
  remote: number;
  replays: number;
}

export interface PlainRound {
  client: PlainClientName;
  round: number;
  seconds: number;
  /** CPU time of the process (user + system) over the same span; the sandbox runs in it too. */
  cpuSeconds: number;
  latencies: number[];
  remote: number;
}

export interface Change {
  group: ResourceGroup;
  path: string;
  fields: Record<string, unknown>;
  key: string;
}

const WORDS = [
  'launch',
  'summer',
  'sale',
  'behind',
  'the',
  'scenes',
  'new',
  'drop',
  'studio',
  'teaser',
  'recap',
  'week',
];

/** Half posts, half creatives, small fields; the same list for both sides. */
export function plan(count: number): Change[] {
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 6 }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join(' ');
    return i % 2 === 0
      ? {
          group: 'posts',
          path: '/v2/posts',
          fields: { text: `Post ${i}: ${words}`, status: 'draft' },
          key: crypto.randomUUID(),
        }
      : {
          group: 'creatives',
          path: '/v2/creatives',
          fields: { name: `Creative ${i}`, text: words },
          key: crypto.randomUUID(),
        };
  });
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Live records of the groups the changes went to, counted through the sandbox's list API. */
async function remoteCount(sandbox: Sandbox): Promise<number> {
  const token = await login(sandbox);
  let n = 0;
  for (const segment of ['posts', 'creatives']) {
    let cursor: string | null = null;
    for (;;) {
      const url = `${sandbox.url}/v2/${segment}?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as { items?: unknown[]; next_cursor?: string; has_more?: boolean };
      if (res.status !== 200 || !Array.isArray(body.items)) throw new Error(`list ${segment}: HTTP ${res.status}`);
      n += body.items.length;
      if (!body.has_more || !body.next_cursor) break;
      cursor = body.next_cursor;
    }
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// A plain client: the same requests, the same concurrency, its own fresh sandbox.

export async function plainRound(
  name: PlainClientName,
  changes: Change[],
  concurrency: number,
  round: number,
): Promise<PlainRound> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const client = plainClient(name, sandbox.url, concurrency);
  try {
    const token = await login(sandbox);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const latencies = await pool(changes.length, concurrency, async (i) => {
      const c = changes[i]!;
      const res = await client.send({
        method: 'POST',
        path: c.path,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': c.key,
        },
        body: JSON.stringify(c.fields),
      });
      const id = res.body !== null && typeof res.body === 'object' && 'id' in res.body ? res.body.id : undefined;
      if (res.status !== 201 || typeof id !== 'string') throw new Error(`${name}: HTTP ${res.status}`);
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSince(cpu);
    return { client: name, round, seconds, cpuSeconds, latencies, remote: await remoteCount(sandbox) };
  } finally {
    await client.close();
    await sandbox.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Ours: a real core, signed in to its own fresh sandbox.

export interface OursSetup {
  core: Core;
  sandbox: Sandbox;
  account: string;
  queueSeconds: number;
  stop(): Promise<void>;
}

export async function oursSetup(changes: Change[], concurrency: number): Promise<OursSetup> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-sync-'));
  let core: Core | undefined;
  try {
    const deps = nodeDeps({
      dataDir: path.join(dir, 'data'),
      host: 'test',
      quiet: true,
      embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
    });
    // The engine runs only when the bench calls run(); concurrency as the engine's default, explicitly.
    deps.sync = { autoStart: false, concurrency };
    core = createCore(deps);
    await core.start();
    const signedIn = await core.dispatch('connection.useSandbox', {});
    if (!signedIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.error)}`);
    const account = core.workspace.account();
    // Queued as the app queues them (record + outbox entry per create), in one outer transaction
    // so setting up does not take one fsync per change; the drain is what is measured.
    const started = performance.now();
    const c = core;
    c.db.transaction(() => {
      for (const change of changes) c.store.create(change.group, account, change.fields);
    })();
    const queueSeconds = (performance.now() - started) / 1000;
    const queued = (c.db.prepare('SELECT count(*) AS n FROM outbox WHERE account_id = ?').get(account) as { n: number })
      .n;
    if (queued !== changes.length) throw new Error(`expected ${changes.length} outbox entries, found ${queued}`);
    return {
      core: c,
      sandbox,
      account,
      queueSeconds,
      stop: async () => {
        await c.close();
        await sandbox.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await core?.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/** Wraps the session's request to note when the pull starts (its first GET). */
export function watchPull(core: Core): { pullStartedAt(): number | null; posts(): number } {
  const session = core.session as { request(req: HttpRequest): Promise<HttpResponse> };
  const inner = session.request.bind(core.session);
  let firstGet: number | null = null;
  let posts = 0;
  session.request = (req) => {
    if (req.method === 'GET' && firstGet === null) firstGet = performance.now();
    if (req.method === 'POST') posts++;
    return inner(req);
  };
  return { pullStartedAt: () => firstGet, posts: () => posts };
}

export async function oursRound(changes: Change[], concurrency: number, round: number): Promise<OursRound> {
  const setup = await oursSetup(changes, concurrency);
  const { core, sandbox, account } = setup;
  try {
    const watch = watchPull(core);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await core.sync.run();
    const ended = performance.now();
    const cpuSeconds = cpuSince(cpu);
    const left = (
      core.db.prepare('SELECT count(*) AS n FROM outbox WHERE account_id = ?').get(account) as { n: number }
    ).n;
    const synced = (
      core.db
        .prepare(
          "SELECT (SELECT count(*) FROM posts WHERE sync_state = 'synced') + (SELECT count(*) FROM creatives " +
            "WHERE sync_state = 'synced') AS n",
        )
        .get() as { n: number }
    ).n;
    return {
      round,
      queueSeconds: setup.queueSeconds,
      seconds: (ended - started) / 1000,
      cpuSeconds,
      drainSeconds: ((watch.pullStartedAt() ?? ended) - started) / 1000,
      posts: watch.posts(),
      left,
      synced,
      remote: await remoteCount(sandbox),
      replays: sandbox.stats.idempotentReplays,
    };
  } finally {
    await setup.stop();
  }
}
