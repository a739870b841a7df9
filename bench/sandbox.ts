// Throughput of the sandbox itself over loopback, so benchmarks of the app's client can be read against it.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { percentile, pool } from './support/load';

const LOGIN_ITERATIONS = 500; // each is one login plus one validate
const LOGIN_CONCURRENCY = 8;
const CREATES = 3000;
const CREATE_CONCURRENCY = 16;
const WARMUP = 100;

interface Result {
  scenario: string;
  requests: number;
  concurrency: number;
  seconds: number;
  latencies: number[];
}

async function post(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function expectStatus(actual: number, expected: number, what: string): void {
  if (actual !== expected) throw new Error(`${what}: expected HTTP ${expected}, got ${actual}`);
}

async function measure(
  scenario: string,
  requestsPerTask: number,
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<Result> {
  const started = performance.now();
  const latencies = await pool(total, concurrency, task);
  return {
    scenario,
    requests: total * requestsPerTask,
    concurrency,
    seconds: (performance.now() - started) / 1000,
    latencies,
  };
}

async function loginValidate(sandbox: Sandbox): Promise<Result> {
  const credentials = { username: sandbox.demo.username, password: sandbox.demo.password };
  const once = async () => {
    const login = await post(`${sandbox.url}/user/login`, credentials);
    expectStatus(login.status, 200, 'login');
    const check = await post(`${sandbox.url}/user/token/validate`, { token: login.body.access_token as string });
    expectStatus(check.status, 200, 'validate');
    if (check.body.valid !== true) throw new Error('validate said the fresh token is invalid');
  };
  await pool(WARMUP / 2, LOGIN_CONCURRENCY, once);
  return measure('login + validate', 2, LOGIN_ITERATIONS, LOGIN_CONCURRENCY, once);
}

async function createAssets(sandbox: Sandbox, label: string): Promise<Result> {
  const login = await post(`${sandbox.url}/user/login`, {
    username: sandbox.demo.username,
    password: sandbox.demo.password,
  });
  const token = login.body.access_token as string;
  const create = async (i: number) => {
    const res = await post(
      `${sandbox.url}/v2/assets`,
      { name: `asset-${i}.png`, kind: 'image', tags: ['bench'], size_bytes: i },
      token,
    );
    expectStatus(res.status, 201, 'create asset');
  };
  await pool(WARMUP, CREATE_CONCURRENCY, create);
  return measure(label, 1, CREATES, CREATE_CONCURRENCY, create);
}

function print(results: Result[]): void {
  const header = ['scenario', 'requests', 'conc.', 'seconds', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'];
  const rows = results.map((r) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    return [
      r.scenario,
      String(r.requests),
      String(r.concurrency),
      r.seconds.toFixed(2),
      (r.requests / r.seconds).toFixed(0),
      percentile(sorted, 50).toFixed(2),
      percentile(sorted, 95).toFixed(2),
      percentile(sorted, 99).toFixed(2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log('(latency per task: one login + validate pair, or one create)');
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error('sandbox bench took longer than 60 s; stopping');
    process.exit(1);
  }, 60_000);
  deadline.unref();
  console.log(`Sandbox benchmark: node ${process.version}, ${cpus().length} CPUs, loopback HTTP, rate limit off`);
  const results: Result[] = [];
  const memory = await startSandbox({ rateLimit: false });
  try {
    results.push(await loginValidate(memory));
    results.push(await createAssets(memory, 'asset create (memory)'));
  } finally {
    await memory.stop();
  }
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-bench-'));
  const onDisk = await startSandbox({ rateLimit: false, dataDir: dir });
  try {
    results.push(await createAssets(onDisk, 'asset create (data folder)'));
  } finally {
    await onDisk.stop();
    await rm(dir, { recursive: true, force: true });
  }
  print(results);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
