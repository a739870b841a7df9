// Authenticated requests per second through the app's client (core.session.request, with the access
// token expired every REFRESH_EVERY requests so refreshes are included) against a plain fetch loop
// with a valid bearer token, both hitting the same sandbox endpoint with the same concurrency.
// Rounds alternate between the two sides; the medians are compared. Target: ours/baseline ≥ 0.8.
// Then a dialect run (support/dialect-run.ts): the same against the "camel" reading with 5 s tokens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../src/main/core/app';
import { nodeDeps } from '../src/main/core/node-deps';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { percentile, pool } from './support/load';
import { dialectRun } from './support/dialect-run';
import { login } from './support/sandbox-login';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const CONCURRENCY = 8;
const ROUNDS = 3;
const WARMUP = 1_000;
const REFRESH_EVERY = 500;
const SEEDED_ASSETS = 5;
const TARGET = 0.8;
const PATH = '/v2/assets?limit=1';

interface Round {
  side: 'baseline' | 'ours';
  round: number;
  seconds: number;
  latencies: number[];
  refreshes: number;
}

interface Side {
  name: Round['side'];
  /** Runs before each round, outside the timing. */
  prepare(): Promise<void>;
  /** One authorized request; `i` is its index in the round. */
  once(i: number): Promise<void>;
  /** Refreshes made so far (0 for the baseline). */
  refreshes(): number;
}

async function seed(sandbox: Sandbox): Promise<void> {
  const token = await login(sandbox);
  for (let i = 0; i < SEEDED_ASSETS; i += 1) {
    const res = await fetch(`${sandbox.url}/v2/assets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `seed-${i}.png`, kind: 'image', tags: ['bench'], size_bytes: 1000 + i }),
    });
    if (res.status !== 201) throw new Error(`seed asset: HTTP ${res.status}`);
    await res.arrayBuffer();
  }
}

function checkPage(body: unknown, who: string): void {
  const items = (body as { items?: unknown[] } | null)?.items;
  if (!Array.isArray(items) || items.length !== 1) throw new Error(`${who}: expected one asset in the page`);
}

/** Plain fetch with a bearer token from a direct login; JSON parsed, as any caller would. */
function baselineSide(sandbox: Sandbox): Side {
  const url = `${sandbox.url}${PATH}`;
  let token = '';
  return {
    name: 'baseline',
    // The other side expires every access token in the sandbox, so take a fresh one each round.
    prepare: async () => {
      token = await login(sandbox);
    },
    once: async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      if (res.status !== 200) throw new Error(`baseline: HTTP ${res.status}: ${await res.text()}`);
      checkPage(await res.json(), 'baseline');
    },
    refreshes: () => 0,
  };
}

/** The app's authorized client; the sandbox expires the access token every REFRESH_EVERY requests. */
function oursSide(sandbox: Sandbox, core: Core): Side {
  const url = `${sandbox.url}${PATH}`;
  return {
    name: 'ours',
    prepare: async () => undefined,
    once: async (i) => {
      if (i > 0 && i % REFRESH_EVERY === 0) sandbox.expireAccessTokens();
      const res = await core.session.request({ method: 'GET', url });
      checkPage(res.body, 'ours');
    },
    refreshes: () => core.session.stats.refreshCalls,
  };
}

async function runRound(side: Side, round: number): Promise<Round> {
  await side.prepare();
  const before = side.refreshes();
  const started = performance.now();
  const latencies = await pool(REQUESTS, CONCURRENCY, side.once);
  const seconds = (performance.now() - started) / 1000;
  return { side: side.name, round, seconds, latencies, refreshes: side.refreshes() - before };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

function report(rounds: Round[]): void {
  const rate = (r: Round) => REQUESTS / r.seconds;
  table(
    ['side', 'round', 'seconds', 'req/s', 'p50 ms', 'p95 ms', 'refreshes'],
    rounds.map((r) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      return [
        r.side,
        String(r.round),
        r.seconds.toFixed(2),
        rate(r).toFixed(0),
        percentile(sorted, 50).toFixed(2),
        percentile(sorted, 95).toFixed(2),
        String(r.refreshes),
      ];
    }),
  );
  console.log('');
  const summary = (side: Round['side']) => {
    const mine = rounds.filter((r) => r.side === side);
    const all = mine.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return {
      rate: median(mine.map(rate)),
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      refreshes: mine.reduce((n, r) => n + r.refreshes, 0),
    };
  };
  const base = summary('baseline');
  const ours = summary('ours');
  const ratio = ours.rate / base.rate;
  table(
    ['side (median of rounds)', 'req/s', 'p50 ms', 'p95 ms', 'refreshes'],
    [
      ['plain fetch, valid token', base.rate.toFixed(0), base.p50.toFixed(2), base.p95.toFixed(2), '-'],
      ['core.session.request', ours.rate.toFixed(0), ours.p50.toFixed(2), ours.p95.toFixed(2), String(ours.refreshes)],
    ],
  );
  console.log('');
  console.log(`ratio ours/baseline: ${ratio.toFixed(3)}  (target ≥ ${TARGET})`);
  console.log(
    ratio >= TARGET
      ? 'target met'
      : `BELOW TARGET: ours reaches ${(ratio * 100).toFixed(1)}% of the plain fetch rate, target ${TARGET * 100}%`,
  );
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error('client bench took longer than 180 s; stopping');
    process.exit(1);
  }, 180_000);
  deadline.unref();
  console.log(
    `Client benchmark: node ${process.version}, ${os.cpus().length} CPUs, GET ${PATH}, ` +
      `${REQUESTS} requests × ${ROUNDS} rounds per side, concurrency ${CONCURRENCY}, ` +
      `ours expires the access token every ${REFRESH_EVERY} requests`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-client-'));
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  let core: Core | undefined;
  try {
    await seed(sandbox);
    const deps = nodeDeps({
      dataDir: path.join(dir, 'data'),
      host: 'test',
      quiet: true,
      embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
    });
    core = createCore(deps);
    await core.start();
    const signedIn = await core.dispatch('connection.useSandbox', {});
    if (!signedIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.error)}`);

    const sides = [baselineSide(sandbox), oursSide(sandbox, core)];
    for (const side of sides) {
      await side.prepare();
      await pool(WARMUP, CONCURRENCY, side.once);
    }
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Alternate which side goes first, so neither always runs on a warmer (or hotter) machine.
      const order = round % 2 ? sides : [...sides].reverse();
      for (const side of order) rounds.push(await runRound(side, round));
    }
    rounds.sort((a, b) => a.side.localeCompare(b.side) || a.round - b.round);
    report(rounds);
    const refused = core.session.stats.refreshRefused;
    if (refused > 0) console.log(`warning: ${refused} refreshes were refused by the sandbox`);
  } finally {
    await core?.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await dialectRun();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
