// Sync drain throughput: SYNC_BENCH_CHANGES creates (posts and creatives with small fields) queued
// through core.store.create in a core signed in to an in-process sandbox, then core.sync.run() drains
// them with `concurrency` requests in flight (6, the engine's default, passed explicitly) and pulls.
// Baseline: a plain fetch loop with as many workers sending the same requests (POST /v2/<group>, JSON
// body, Idempotency-Key, bearer token from a login) to a second fresh sandbox. Every round uses fresh
// sandboxes (both start empty) and a fresh core; rounds alternate which side goes first, and the
// median of the rounds' ratios is the result. One warm-up round of each side (2,000 changes) runs
// first and is not counted. Target: ours/baseline ≥ 0.8 (changes/s of the whole
// run(), pull included). Both sides share one process and event loop with their sandbox.
// When the target is missed, our drain is profiled (SYNC_BENCH_PROFILE=1 always, =0 never): where its
// synchronous time goes, as is and with the whole database at synchronous=NORMAL for reference. SYNC_BENCH_CHANGES
// (default 10000), SYNC_BENCH_ROUNDS (default 5: single rounds swing by ±0.1 on a small machine).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResourceGroup } from '../src/shared/profile';
import { createCore, type Core } from '../src/main/core/app';
import { nodeDeps } from '../src/main/core/node-deps';
import type { HttpRequest, HttpResponse } from '../src/main/core/platform/http';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { pool } from './support/load';
import { median, ms, spread, table, type Log } from './support/report';
import { login } from './support/sandbox-login';

const TARGET = 0.8;
const DEFAULT_CONCURRENCY = 6;

export interface SyncBenchOptions {
  changes: number;
  /** Rounds per side (default 5, alternating which side goes first); each has fresh sandboxes and a fresh core. */
  rounds?: number;
  /** Requests in flight on both sides (default 6, the engine's default). */
  concurrency?: number;
  /** Profile our drain after the rounds: 'auto' (default) only when the target is missed. */
  profile?: boolean | 'auto';
  log?: Log;
}

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

export interface BaselineRound {
  round: number;
  seconds: number;
  /** CPU time of the process (user + system) over the same span; the sandbox runs in it too. */
  cpuSeconds: number;
  latencies: number[];
  remote: number;
}

export interface Profile {
  label: string;
  /** The plain fetch loop's rate in a round run right next to this one. */
  baselineRate: number;
  drainSeconds: number;
  changesPerSecond: number;
  /** Event loop utilization over the whole run() (0..1). */
  loopBusy: number;
  /**
   * Synchronous time on the event loop, ms (the sandbox shares the loop, so it all counts), of the
   * drain's own transactions: acknowledgements stored with the next batch's freeze, or on their own.
   */
  ackMs: number;
  acks: number;
  ackCommits: number;
  dueHeadsMs: number;
  dueHeadsCalls: number;
  /** Reads of where a record stands with the platform (made in the transaction that freezes a batch). */
  refsMs: number;
  refsCalls: number;
  statusMs: number;
  statusCalls: number;
  logAdds: number;
}

export interface SyncBenchResult {
  changes: number;
  concurrency: number;
  ours: OursRound[];
  baseline: BaselineRound[];
  oursRate: number;
  oursDrainRate: number;
  baselineRate: number;
  ratio: number;
  drainRatio: number;
  met: boolean;
  profiles: Profile[];
}

interface Change {
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
function plan(count: number): Change[] {
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
// Baseline: plain fetch, same requests, same concurrency.

async function baselineRound(changes: Change[], concurrency: number, round: number): Promise<BaselineRound> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  try {
    const token = await login(sandbox);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const latencies = await pool(changes.length, concurrency, async (i) => {
      const c = changes[i]!;
      const res = await fetch(`${sandbox.url}${c.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': c.key,
        },
        body: JSON.stringify(c.fields),
      });
      const body = (await res.json()) as { id?: unknown };
      if (res.status !== 201 || typeof body.id !== 'string') throw new Error(`baseline: HTTP ${res.status}`);
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSince(cpu);
    return { round, seconds, cpuSeconds, latencies, remote: await remoteCount(sandbox) };
  } finally {
    await sandbox.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Ours: a real core, signed in to its own fresh sandbox.

interface OursSetup {
  core: Core;
  sandbox: Sandbox;
  account: string;
  queueSeconds: number;
  stop(): Promise<void>;
}

async function oursSetup(changes: Change[], concurrency: number): Promise<OursSetup> {
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
function watchPull(core: Core): { pullStartedAt(): number | null; posts(): number } {
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

async function oursRound(changes: Change[], concurrency: number, round: number): Promise<OursRound> {
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

// ---------------------------------------------------------------------------------------------
// Profile: where our drain spends the event loop (the sandbox runs on the same loop).

type Patchable = Record<string, unknown>;

interface EngineInternals {
  deps: { writer: Patchable; log: Patchable };
}

function timed<T extends (...args: never[]) => unknown>(fn: T, into: { ms: number; calls: number }): T {
  return ((...args: never[]) => {
    const started = performance.now();
    try {
      return fn(...args);
    } finally {
      into.ms += performance.now() - started;
      into.calls++;
    }
  }) as T;
}

type Variant = 'as-is' | 'all-normal';

async function profileRun(
  changes: Change[],
  concurrency: number,
  label: string,
  variant: Variant,
): Promise<Omit<Profile, 'baselineRate'>> {
  const setup = await oursSetup(changes, concurrency);
  const { core } = setup;
  try {
    const engine = core.sync as unknown as Patchable & EngineInternals;
    const { writer, log } = engine.deps;
    const store = core.store as unknown as Patchable;
    if (variant === 'all-normal') core.db.pragma('synchronous = NORMAL');
    const ack = { ms: 0, calls: 0, commits: 0 };
    const due = { ms: 0, calls: 0 };
    const refs = { ms: 0, calls: 0 };
    const status = { ms: 0, calls: 0 };
    const logs = { ms: 0, calls: 0 };
    engine.dueHeads = timed((engine.dueHeads as (...a: never[]) => unknown).bind(engine), due);
    engine.status = timed((engine.status as (...a: never[]) => unknown).bind(engine), status);
    store.remoteRef = timed((store.remoteRef as (...a: never[]) => unknown).bind(store), refs);
    log.add = timed((log.add as (...a: never[]) => unknown).bind(log), logs);
    for (const name of ['ackMany', 'ackThen'] as const) {
      const inner = (writer[name] as (acks: unknown[], ...rest: unknown[]) => unknown).bind(writer);
      writer[name] = (acks: unknown[], ...rest: unknown[]) => {
        const started = performance.now();
        try {
          return inner(acks, ...rest);
        } finally {
          ack.ms += performance.now() - started;
          ack.calls += acks.length;
          ack.commits++;
        }
      };
    }
    const watch = watchPull(core);
    const elu = performance.eventLoopUtilization();
    const started = performance.now();
    await core.sync.run();
    const drainSeconds = ((watch.pullStartedAt() ?? performance.now()) - started) / 1000;
    const loopBusy = performance.eventLoopUtilization(elu).utilization;
    const left = (core.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
    if (left !== 0) throw new Error(`profile (${label}): ${left} changes left in the outbox`);
    return {
      label,
      drainSeconds,
      changesPerSecond: changes.length / drainSeconds,
      loopBusy,
      ackMs: ack.ms,
      acks: ack.calls,
      ackCommits: ack.commits,
      dueHeadsMs: due.ms,
      dueHeadsCalls: due.calls,
      refsMs: refs.ms,
      refsCalls: refs.calls,
      statusMs: status.ms,
      statusCalls: status.calls,
      logAdds: logs.calls,
    };
  } finally {
    await setup.stop();
  }
}

/** The cost of one small commit (a one-row upsert) on a fresh core database, for scale. */
async function commitCost(synchronous: 'FULL' | 'NORMAL'): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-fsync-'));
  try {
    const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
    deps.sync = { autoStart: false };
    const core = createCore(deps);
    core.db.pragma(`synchronous = ${synchronous}`);
    const stmt = core.db.prepare(
      "INSERT INTO app_meta (key, value) VALUES ('bench', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    );
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      core.db.transaction(() => stmt.run(JSON.stringify(i)))();
      times.push(performance.now() - started);
    }
    await core.close();
    return median(times);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

/** Runs the benchmark; every sandbox and data folder it makes is removed before it returns. */
export async function runSyncBench(options: SyncBenchOptions): Promise<SyncBenchResult> {
  const log = options.log ?? console.log;
  const rounds = options.rounds ?? 5;
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const changes = plan(options.changes);

  // A warm-up of each side first, not counted: otherwise whichever side runs first in round 1 pays
  // for the cold JIT (both sides' code, and the sandbox's) and round 1 flatters the other.
  const warmup = changes.slice(0, Math.min(changes.length, 2_000));
  await baselineRound(warmup, concurrency, 0);
  await oursRound(warmup, concurrency, 0);

  const ours: OursRound[] = [];
  const baseline: BaselineRound[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 ? (['baseline', 'ours'] as const) : (['ours', 'baseline'] as const);
    for (const side of order) {
      if (side === 'ours') ours.push(await oursRound(changes, concurrency, round));
      else baseline.push(await baselineRound(changes, concurrency, round));
    }
  }

  const n = changes.length;
  log(
    `${n} changes (${changes.filter((c) => c.group === 'posts').length} posts, ` +
      `${changes.filter((c) => c.group === 'creatives').length} creatives), concurrency ${concurrency}, ` +
      `${rounds} round(s) per side`,
  );
  log('');
  table(
    log,
    [
      'side',
      'round',
      'seconds',
      'CPU s',
      'changes/s',
      'drain s',
      'pull s',
      'POSTs',
      'left',
      'synced',
      'in sandbox',
      'replays',
    ],
    [...baseline, ...ours].map((r) =>
      'drainSeconds' in r
        ? [
            'ours',
            String(r.round),
            r.seconds.toFixed(2),
            r.cpuSeconds.toFixed(2),
            (n / r.seconds).toFixed(0),
            r.drainSeconds.toFixed(2),
            (r.seconds - r.drainSeconds).toFixed(2),
            String(r.posts),
            String(r.left),
            String(r.synced),
            String(r.remote),
            String(r.replays),
          ]
        : [
            'baseline',
            String(r.round),
            r.seconds.toFixed(2),
            r.cpuSeconds.toFixed(2),
            (n / r.seconds).toFixed(0),
            '-',
            '-',
            String(n),
            '-',
            '-',
            String(r.remote),
            '-',
          ],
    ),
  );
  log(
    `(ours queued each round's ${n} changes with core.store.create in one outer transaction: ` +
      `${ms(median(ours.map((o) => o.queueSeconds)) * 1000)} ms median)`,
  );
  log('');

  // Each round's two sides ran back to back, so their ratio is the least disturbed by the machine's
  // drift; the median of the rounds' ratios is the result.
  const paired = ours.map((o, i) => {
    const b = baseline[i]!;
    return {
      round: o.round,
      ratio: b.seconds / o.seconds,
      drainRatio: b.seconds / o.drainSeconds,
      cpuRatio: b.cpuSeconds / o.cpuSeconds,
    };
  });
  const baselineRate = n / median(baseline.map((b) => b.seconds));
  const oursRate = n / median(ours.map((o) => o.seconds));
  const oursDrainRate = n / median(ours.map((o) => o.drainSeconds));
  const lat = spread(baseline.flatMap((b) => b.latencies));
  const ratio = median(paired.map((p) => p.ratio));
  const drainRatio = median(paired.map((p) => p.drainRatio));
  table(
    log,
    ['round', 'ours/baseline (run)', 'ours/baseline (drain)', 'by CPU time'],
    paired.map((p) => [String(p.round), p.ratio.toFixed(3), p.drainRatio.toFixed(3), p.cpuRatio.toFixed(3)]),
  );
  log('');
  table(
    log,
    ['side (median of rounds)', 'changes/s'],
    [
      [
        `plain fetch, ${concurrency} workers (p50 ${ms(lat.p50)} ms, p95 ${ms(lat.p95)} ms per request)`,
        baselineRate.toFixed(0),
      ],
      ['core.sync.run() (drain + pull)', oursRate.toFixed(0)],
      ['  of which the drain alone', oursDrainRate.toFixed(0)],
    ],
  );
  log('');
  log(
    `ratio ours/baseline (median of the rounds' ratios): ${ratio.toFixed(3)}  (target ≥ ${TARGET}; ` +
      `drain alone ${drainRatio.toFixed(3)})`,
  );
  const met = ratio >= TARGET;
  log(
    met
      ? 'target met'
      : `target missed: core.sync.run() reaches ${(ratio * 100).toFixed(1)}% of the plain fetch rate, ` +
          `target ${TARGET * 100}%`,
  );

  const profiles: Profile[] = [];
  if (options.profile === true || (options.profile !== false && !met)) {
    log('');
    log('profile of our drain (one run each; ms of synchronous work on the event loop the sandbox shares):');
    // The machine's speed drifts (other work, disk flushes): each profile run is paired with a
    // baseline round run right next to it (alternating which goes first), and compared with that.
    const variants: [string, Variant][] = [
      ['as is: acks stored with the next batch (FULL), or on their own with synchronous=NORMAL', 'as-is'],
      ['reference: whole database synchronous=NORMAL', 'all-normal'],
    ];
    for (const [i, [label, variant]] of variants.entries()) {
      let adjacent: BaselineRound;
      let profile: Omit<Profile, 'baselineRate'>;
      if (i % 2 === 0) {
        adjacent = await baselineRound(changes, concurrency, 0);
        profile = await profileRun(changes, concurrency, label, variant);
      } else {
        profile = await profileRun(changes, concurrency, label, variant);
        adjacent = await baselineRound(changes, concurrency, 0);
      }
      profiles.push({ ...profile, baselineRate: n / adjacent.seconds });
    }
    table(
      log,
      [
        'drain',
        'seconds',
        'changes/s',
        'adjacent baseline/s',
        'ratio',
        'loop busy',
        'ack+freeze tx ms (acks/commits)',
        'dueHeads ms (calls)',
        'remoteRef ms (calls)',
        'status() ms (calls)',
        'log.add calls',
      ],
      profiles.map((p) => [
        p.label,
        p.drainSeconds.toFixed(2),
        p.changesPerSecond.toFixed(0),
        p.baselineRate.toFixed(0),
        (p.changesPerSecond / p.baselineRate).toFixed(2),
        `${(p.loopBusy * 100).toFixed(0)}%`,
        `${p.ackMs.toFixed(0)} (${p.acks}/${p.ackCommits})`,
        `${p.dueHeadsMs.toFixed(0)} (${p.dueHeadsCalls})`,
        `${p.refsMs.toFixed(0)} (${p.refsCalls})`,
        `${p.statusMs.toFixed(0)} (${p.statusCalls})`,
        String(p.logAdds),
      ]),
    );
    const full = await commitCost('FULL');
    const normal = await commitCost('NORMAL');
    log(
      `one small commit on this disk: ${ms(full)} ms with synchronous=FULL, ${ms(normal)} ms with NORMAL (WAL); ` +
        `median of 200`,
    );
    const asIs = profiles[0]!;
    log(
      `as is, the drain's transactions (acknowledgements, ` +
        `reading and freezing batches) hold the event loop ${(asIs.ackMs / 1000).toFixed(2)} s ` +
        `of the ${asIs.drainSeconds.toFixed(2)} s drain (${asIs.acks} acks in ${asIs.ackCommits} commits)`,
    );
  }

  return {
    changes: n,
    concurrency,
    ours,
    baseline,
    oursRate,
    oursDrainRate,
    baselineRate,
    ratio,
    drainRatio,
    met,
    profiles,
  };
}

async function main(): Promise<void> {
  const count = Number(process.env.SYNC_BENCH_CHANGES ?? 10_000);
  if (!Number.isInteger(count) || count <= 0)
    throw new Error(`SYNC_BENCH_CHANGES must be a positive integer, got "${process.env.SYNC_BENCH_CHANGES}"`);
  const rounds = Number(process.env.SYNC_BENCH_ROUNDS ?? 5);
  const profileEnv = process.env.SYNC_BENCH_PROFILE;
  const deadline = setTimeout(() => {
    console.error('sync bench took longer than 900 s; stopping');
    process.exit(1);
  }, 900_000);
  deadline.unref();
  console.log(
    `Sync benchmark: node ${process.version}, ${os.cpus().length} CPUs, sandbox in-process, ` +
      `temp folders in ${os.tmpdir()}`,
  );
  await runSyncBench({
    changes: count,
    rounds,
    profile: profileEnv === '1' ? true : profileEnv === '0' ? false : 'auto',
  });
}

// Run only as a script (`tsx bench/sync.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]sync\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
