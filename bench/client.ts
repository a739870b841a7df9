// Authenticated requests per second through the app's client (core.session.request, with the access
// token expired every REFRESH_EVERY requests so refreshes are included) against the fastest plain
// client (support/plain-clients.ts: fetch, node:http with a keep-alive Agent, undici.request over a
// Pool, each with as many connections as requests in flight) sending the same GET with a valid
// bearer token, all hitting the same sandbox endpoint with the same concurrency. The order of the
// sides rotates each round; the plain client with the highest median rate is the baseline, and the
// median of the rounds' ratios ours/baseline is the result. Target: ≥ 0.9.
// Then a dialect run (support/dialect-run.ts): the same against the "camel" reading with 5 s
// tokens, its plain side the same fastest client. BENCH_REQUESTS (default 4000 per round).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { percentile, pool } from './support/load';
import { dialectRun } from './support/dialect-run';
import {
  fastest,
  PLAIN_CLIENT_NAMES,
  plainClient,
  type PlainClient,
  type PlainClientName,
} from './support/plain-clients';
import { median, table, type Log } from './support/report';
import { login } from './support/sandbox-login';
import type { Core } from '../src/main/core/app';
import { signedInCore } from './support/signed-in-core';

const TARGET = 0.9;
const SEEDED_ASSETS = 5;
const PATH = '/v2/assets?limit=1';

export interface ClientBenchOptions {
  requests?: number;
  rounds?: number;
  concurrency?: number;
  warmup?: number;
  /** The access token is expired in the sandbox every this many of our requests. */
  refreshEvery?: number;
  /** Seconds per side and round of the dialect run; 0 skips it. */
  dialectSeconds?: number;
  log?: Log;
}

type SideName = PlainClientName | 'ours';

interface Round {
  side: SideName;
  round: number;
  seconds: number;
  latencies: number[];
  refreshes: number;
}

interface Side {
  name: SideName;
  label: string;
  /** Runs before each round, outside the timing. */
  prepare(): Promise<void>;
  /** One authorized request; `i` is its index in the round. */
  once(i: number): Promise<void>;
  /** Refreshes made so far (0 for the plain clients). */
  refreshes(): number;
}

export interface SideSummary {
  side: SideName;
  label: string;
  rate: number;
  p50: number;
  p95: number;
  refreshes: number;
}

export interface ClientBenchResult {
  requests: number;
  rounds: Round[];
  sides: SideSummary[];
  fastest: PlainClientName;
  ratio: number;
  minRatio: number;
  met: boolean;
  refreshes: number;
  dialect: { ratio: number; baselineRate: number; oursRate: number } | null;
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
  const items = body !== null && typeof body === 'object' && 'items' in body ? body.items : undefined;
  if (!Array.isArray(items) || items.length !== 1) throw new Error(`${who}: expected one asset in the page`);
}

/** A plain client with a bearer token from a direct login; JSON parsed, as any caller would. */
function plainSide(sandbox: Sandbox, client: PlainClient): Side {
  let token = '';
  return {
    name: client.name,
    label: client.label,
    // Our side expires every access token in the sandbox, so take a fresh one each round.
    prepare: async () => {
      token = await login(sandbox);
    },
    once: async () => {
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
      const res = await client.send({ method: 'GET', path: PATH, headers });
      if (res.status !== 200) throw new Error(`${client.name}: HTTP ${res.status}`);
      checkPage(res.body, client.name);
    },
    refreshes: () => 0,
  };
}

/** The app's authorized client; the sandbox expires the access token every `refreshEvery` requests. */
function oursSide(sandbox: Sandbox, core: Core, refreshEvery: number): Side {
  const url = `${sandbox.url}${PATH}`;
  return {
    name: 'ours',
    label: 'core.session.request',
    prepare: async () => undefined,
    once: async (i) => {
      if (i > 0 && i % refreshEvery === 0) sandbox.expireAccessTokens();
      const res = await core.session.request({ method: 'GET', url });
      checkPage(res.body, 'ours');
    },
    refreshes: () => core.session.stats.refreshCalls,
  };
}

async function runRound(side: Side, round: number, requests: number, concurrency: number): Promise<Round> {
  await side.prepare();
  const before = side.refreshes();
  const started = performance.now();
  const latencies = await pool(requests, concurrency, side.once);
  const seconds = (performance.now() - started) / 1000;
  return { side: side.name, round, seconds, latencies, refreshes: side.refreshes() - before };
}

function summarise(sides: Side[], rounds: Round[], requests: number): SideSummary[] {
  return sides.map((side) => {
    const mine = rounds.filter((r) => r.side === side.name);
    const all = mine.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return {
      side: side.name,
      label: side.label,
      rate: median(mine.map((r) => requests / r.seconds)),
      p50: percentile(all, 50),
      p95: percentile(all, 95),
      refreshes: mine.reduce((n, r) => n + r.refreshes, 0),
    };
  });
}

function report(log: Log, result: ClientBenchResult, paired: { round: number; ratio: number }[]): void {
  const { requests } = result;
  table(
    log,
    ['side', 'round', 'seconds', 'req/s', 'p50 ms', 'p95 ms', 'refreshes'],
    result.rounds.map((r) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      return [
        r.side,
        String(r.round),
        r.seconds.toFixed(2),
        (requests / r.seconds).toFixed(0),
        percentile(sorted, 50).toFixed(2),
        percentile(sorted, 95).toFixed(2),
        String(r.refreshes),
      ];
    }),
  );
  log('');
  table(
    log,
    ['side (median of rounds)', 'req/s', 'p50 ms', 'p95 ms', 'refreshes'],
    result.sides.map((s) => [
      `${s.label}${s.side === result.fastest ? '  <- fastest plain client' : ''}`,
      s.rate.toFixed(0),
      s.p50.toFixed(2),
      s.p95.toFixed(2),
      s.side === 'ours' ? String(s.refreshes) : '-',
    ]),
  );
  log('');
  log(`rounds' ratios ours/${result.fastest}: ${paired.map((p) => p.ratio.toFixed(3)).join(', ')}`);
  log(
    `ratio ours/fastest plain client (${result.fastest}): ${result.ratio.toFixed(3)} median, ` +
      `${result.minRatio.toFixed(3)} lowest round  (target ≥ ${TARGET})`,
  );
  log(
    result.met
      ? 'target met'
      : `BELOW TARGET: ours reaches ${(result.ratio * 100).toFixed(1)}% of ${result.fastest}, target ${TARGET * 100}%`,
  );
}

async function compare(sandbox: Sandbox, core: Core, options: Required<Omit<ClientBenchOptions, 'log'>>, log: Log) {
  const { requests, rounds: count, concurrency, warmup, refreshEvery } = options;
  const clients = PLAIN_CLIENT_NAMES.map((name) => plainClient(name, sandbox.url, concurrency));
  try {
    const sides = [oursSide(sandbox, core, refreshEvery), ...clients.map((c) => plainSide(sandbox, c))];
    for (const side of sides) {
      await side.prepare();
      await pool(warmup, concurrency, side.once);
    }
    const rounds: Round[] = [];
    for (let round = 1; round <= count; round += 1) {
      // Rotate the order, so no side always runs on a warmer (or hotter) machine.
      const shift = (round - 1) % sides.length;
      for (const side of [...sides.slice(shift), ...sides.slice(0, shift)])
        rounds.push(await runRound(side, round, requests, concurrency));
    }
    const summaries = summarise(sides, rounds, requests);
    const plain = summaries.flatMap((s) => (s.side === 'ours' ? [] : [{ ...s, name: s.side }]));
    const best = fastest(plain);
    const paired = rounds
      .filter((r) => r.side === 'ours')
      .map((o) => {
        const b = rounds.find((r) => r.side === best.name && r.round === o.round)!;
        return { round: o.round, ratio: b.seconds / o.seconds };
      });
    const ratio = median(paired.map((p) => p.ratio));
    const result: ClientBenchResult = {
      requests,
      rounds,
      sides: summaries,
      fastest: best.name,
      ratio,
      minRatio: Math.min(...paired.map((p) => p.ratio)),
      met: ratio >= TARGET,
      refreshes: summaries.find((s) => s.side === 'ours')?.refreshes ?? 0,
      dialect: null,
    };
    report(log, result, paired);
    return result;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

/** Runs the benchmark (and the dialect run unless its seconds are 0); removes what it made. */
export async function runClientBench(options: ClientBenchOptions = {}): Promise<ClientBenchResult> {
  const log = options.log ?? console.log;
  const settings = {
    requests: options.requests ?? 4_000,
    rounds: options.rounds ?? 5,
    concurrency: options.concurrency ?? 8,
    warmup: options.warmup ?? 2_000,
    refreshEvery: options.refreshEvery ?? 500,
    dialectSeconds: options.dialectSeconds ?? 11,
  };
  log(
    `Client benchmark: node ${process.version}, ${os.cpus().length} CPUs, GET ${PATH}, ` +
      `${settings.requests} requests × ${settings.rounds} rounds per side, concurrency ${settings.concurrency}, ` +
      `ours expires the access token every ${settings.refreshEvery} requests`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-client-'));
  const sandbox = await startSandbox({ port: 0, rateLimit: false });
  let core: Core | undefined;
  let result: ClientBenchResult;
  try {
    await seed(sandbox);
    core = await signedInCore(sandbox, dir);
    result = await compare(sandbox, core, settings, log);
    const refused = core.session.stats.refreshRefused;
    if (refused > 0) log(`warning: ${refused} refreshes were refused by the sandbox`);
  } finally {
    await core?.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (settings.dialectSeconds > 0)
    result.dialect = await dialectRun({ client: result.fastest, seconds: settings.dialectSeconds, log });
  return result;
}

// Run only as a script (`tsx bench/client.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]client\.ts$/.test(process.argv[1] ?? '')) {
  const deadline = setTimeout(() => {
    console.error('client bench took longer than 300 s; stopping');
    process.exit(1);
  }, 300_000);
  deadline.unref();
  const requests = Number(process.env.BENCH_REQUESTS ?? 4_000);
  const dialectSeconds = Number(process.env.BENCH_DIALECT_SECONDS ?? 11);
  runClientBench({ requests, dialectSeconds }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
