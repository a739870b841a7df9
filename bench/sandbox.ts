// Throughput of the sandbox itself over loopback, so the client and sync benchmarks can be read
// against it. The floor beside it is a bare node:http server answering the same requests with a
// fixed answer of the same shape: no routing, no store, no tokens — the fastest any server here can
// answer. Both are driven by the same plain client (undici over a keep-alive Pool), the fastest
// plain client the client benchmark finds. Ratio = sandbox requests/s ÷ bare server requests/s.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { pool } from './support/load';
import { plainClient, type PlainClient, type PlainRequest } from './support/plain-clients';
import { ms, spread, table, type Log } from './support/report';

const CONCURRENCY = 16;

export interface SandboxBenchSettings {
  /** Login + validate pairs. */
  logins: number;
  /** Asset creations per store (memory, data folder). */
  creates: number;
  warmup: number;
  log: Log;
}

export interface Scenario {
  scenario: string;
  requests: number;
  seconds: number;
  floorSeconds: number;
  /** Sandbox requests/s ÷ bare server requests/s. */
  ratio: number;
  latencies: number[];
}

/** A bare server that answers every request at once with the JSON the sandbox would give it. */
async function bareServer(answer: (path: string) => { status: number; body: string }): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body } = answer(req.url ?? '/');
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function expectStatus(actual: number, expected: number, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected HTTP ${expected}, got ${actual}`);
}

const json = (body: unknown): PlainRequest['headers'] => ({
  'content-type': 'application/json',
  ...(typeof body === 'string' ? { authorization: `Bearer ${body}` } : {}),
});

/** Times `total` tasks of `requestsPerTask` requests each at CONCURRENCY, after a warm-up. */
async function timed(total: number, warmup: number, task: (i: number) => Promise<void>) {
  await pool(warmup, CONCURRENCY, task);
  const started = performance.now();
  const latencies = await pool(total, CONCURRENCY, task);
  return { seconds: (performance.now() - started) / 1000, latencies };
}

async function loginValidate(client: PlainClient, username: string, password: string, s: SandboxBenchSettings) {
  const credentials = JSON.stringify({ username, password });
  return timed(s.logins, s.warmup, async () => {
    const login = await client.send({ method: 'POST', path: '/user/login', headers: json(null), body: credentials });
    expectStatus(login.status, 200, 'login');
    const token = (login.body as { access_token?: unknown }).access_token;
    if (typeof token !== 'string') throw new Error('login answered without an access token');
    const check = await client.send({
      method: 'POST',
      path: '/user/token/validate',
      headers: json(null),
      body: JSON.stringify({ token }),
    });
    expectStatus(check.status, 200, 'validate');
    if ((check.body as { valid?: unknown }).valid !== true) throw new Error('validate said a fresh token is invalid');
  });
}

async function createAssets(client: PlainClient, token: string, s: SandboxBenchSettings) {
  return timed(s.creates, s.warmup, async (i) => {
    const body = JSON.stringify({ name: `asset-${i}.png`, kind: 'image', tags: ['bench'], size_bytes: i });
    const res = await client.send({ method: 'POST', path: '/v2/assets', headers: json(token), body });
    expectStatus(res.status, 201, 'create asset');
  });
}

/** The bare server's answers: the shapes the sandbox gives (so both sides parse the same JSON). */
function floorAnswer(path: string): { status: number; body: string } {
  if (path === '/user/login')
    return { status: 200, body: JSON.stringify({ access_token: 'a'.repeat(43), refresh_token: 'r', expires_in: 900 }) };
  if (path === '/user/token/validate') return { status: 200, body: JSON.stringify({ valid: true }) };
  return { status: 201, body: JSON.stringify({ id: 'x'.repeat(21), name: 'asset-1.png', version: 1 }) };
}

async function scenarios(sandbox: Sandbox, floorUrl: string, s: SandboxBenchSettings, label: string) {
  const ours = plainClient('undici', sandbox.url, CONCURRENCY);
  const floor = plainClient('undici', floorUrl, CONCURRENCY);
  const { username, password } = sandbox.demo;
  try {
    const out: Scenario[] = [];
    const pair = async (scenario: string, requests: number, run: (c: PlainClient) => ReturnType<typeof timed>) => {
      const a = await run(ours);
      const b = await run(floor);
      out.push({
        scenario,
        requests,
        seconds: a.seconds,
        floorSeconds: b.seconds,
        ratio: b.seconds / a.seconds,
        latencies: a.latencies,
      });
    };
    if (label === 'memory')
      await pair('login + validate', 2 * s.logins, (c) => loginValidate(c, username, password, s));
    const login = await ours.send({
      method: 'POST',
      path: '/user/login',
      headers: json(null),
      body: JSON.stringify({ username, password }),
    });
    const token = String((login.body as { access_token?: unknown }).access_token);
    await pair(`asset create (${label})`, s.creates, (c) => createAssets(c, token, s));
    return out;
  } finally {
    await ours.close();
    await floor.close();
  }
}

export async function runSandboxBench(settings: Partial<SandboxBenchSettings> = {}): Promise<Scenario[]> {
  const s: SandboxBenchSettings = { logins: 500, creates: 3000, warmup: 100, log: console.log, ...settings };
  s.log(`Sandbox benchmark: node ${process.version}, ${cpus().length} CPUs, loopback HTTP, rate limit off`);
  s.log(`client: undici.request over a keep-alive Pool, ${CONCURRENCY} in flight, on both sides`);
  const floor = await bareServer(floorAnswer);
  const results: Scenario[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-bench-'));
  try {
    for (const [label, dataDir] of [
      ['memory', undefined],
      ['data folder', dir],
    ] as const) {
      const sandbox = await startSandbox({ rateLimit: false, dataDir });
      try {
        results.push(...(await scenarios(sandbox, floor.url, s, label)));
      } finally {
        await sandbox.stop();
      }
    }
  } finally {
    await floor.close();
    await rm(dir, { recursive: true, force: true });
  }
  print(results, s.log);
  return results;
}

function print(results: Scenario[], log: Log): void {
  const rows = results.map((r) => {
    const { p50, p95 } = spread(r.latencies);
    return [
      r.scenario,
      String(r.requests),
      (r.requests / r.seconds).toFixed(0),
      (r.requests / r.floorSeconds).toFixed(0),
      ms(p50),
      ms(p95),
      r.ratio.toFixed(2),
    ];
  });
  table(log, ['scenario', 'requests', 'sandbox req/s', 'bare server req/s', 'p50 ms', 'p95 ms', 'ratio'], rows);
  log('(latency per task: one login + validate pair, or one create)');
  for (const r of results) log(`ratio sandbox/bare server, ${r.scenario}: ${r.ratio.toFixed(2)}`);
}

// Run only as a script (`tsx bench/sandbox.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]sandbox\.ts$/.test(process.argv[1] ?? '')) {
  const deadline = setTimeout(() => {
    console.error('sandbox bench took longer than 120 s; stopping');
    process.exit(1);
  }, 120_000);
  deadline.unref();
  runSandboxBench().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
