// AI studio figures, each a ratio against a baseline measured in the same run.
//
// 1. Sending a large media input (AI_BENCH_MB, default 100): our job runner renders the body,
//    streams the stored file base64-encoded inside the JSON and sends it to a sink server in a
//    child process (so the receiving side costs this process nothing). Baseline: reading the same
//    file once from disk. Printed: throughput of each (input MB/s), their ratio, and the peak RSS
//    growth while sending, against the file's size (the promise: about 2× the size at most).
// 2. Queue overhead: AI_BENCH_JOBS (default 200) text2image jobs through the whole queue (submit,
//    durable state, request, download, intake check and durable storing of each output) against a
//    sandbox with zero latency, until the last job's success is committed; vs the same requests
//    (POST, then GET of the output) sent straight with each plain client (fetch, node:http with a
//    keep-alive agent), the fastest being the baseline, with the same concurrency (2, the queue's
//    default). Both sides run one job first to warm up. Printed: seconds and jobs/s of each, the
//    ratio and the overhead per job (median and range over AI_BENCH_ROUNDS rounds, default 5), and
//    the CPU time per job of each side, which other programs on a busy machine do not inflate.
//    Beside them, not a baseline: node:http with each output also written durably (a temp file
//    written, fsynced and renamed), so a reader sees what durability alone costs.
import { fork } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../src/main/core/app';
import { JobRunner } from '../src/main/core/ai/runner';
import { nodeDeps } from '../src/main/core/node-deps';
import { HttpClient } from '../src/main/core/platform/http';
import { sandboxProfile } from '../src/main/core/platform/builtin-profiles';
import { startSandbox, type Sandbox } from '../src/sandbox';
import { directRound, durably, PLAIN_CLIENTS, startTiming, type Timed } from './support/ai-direct';
import { median, table, type Log } from './support/report';
import { signedInCore } from './support/signed-in-core';

const MB = 1024 * 1024;
/** Jobs at a time on both sides: the queue's default. */
const CONCURRENCY = 2;

export interface AiBenchOptions {
  inputMb: number;
  jobs: number;
  rounds?: number;
  log?: Log;
}

export interface AiBenchResult {
  sendMBps: number;
  readMBps: number;
  sendRatio: number;
  /** Peak RSS growth while sending, MB, and as a multiple of the input's size. */
  sendRssGrowthMb: number;
  sendRssPerInput: number;
  queueJobsPerSecond: number;
  directJobsPerSecond: number;
  queueRatio: number;
}

// The sink: a server in its own process that reads every byte and checks the body's shape.
const SINK = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  let size = 0; let head = ''; let tail = '';
  req.on('data', (c) => {
    if (head.length < 200) head += c.subarray(0, 200).toString('latin1');
    size += c.length;
    tail = (tail + c.subarray(-200).toString('latin1')).slice(-200);
  });
  req.on('end', () => {
    const ok = head.startsWith('{"model_id"') && tail.endsWith('}');
    const answer = JSON.stringify({ text: 'received ' + size + ' bytes', outputs: [] });
    res.writeHead(ok ? 200 : 400, { 'content-type': 'application/json' }).end(answer);
  });
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function startSink(): Promise<{ url: string; stop(): void }> {
  const child = fork('-e', [SINK], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execPath: process.execPath,
  });
  // fork('-e', …) runs node with -e: the script is the argument after it.
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sink exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function readOnce(file: string): Promise<number> {
  const started = performance.now();
  let n = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: MB })) n += (chunk as Buffer).length;
  if (n === 0) throw new Error('empty file');
  return (performance.now() - started) / 1000;
}

async function sendOnce(core: Core, sinkUrl: string, jobId: string, rss: { peak: number }): Promise<number> {
  const runner = new JobRunner({
    send: (req) => new HttpClient().request(req),
    fetchPlain: (req) => new HttpClient().request(req),
    target: async () => ({ profile: sandboxProfile, baseUrl: sinkUrl }),
    blobs: core.blobs,
    jobs: core.ai.jobs,
    tools: async () => ({ ffmpeg: null, ffprobe: null }),
    now: () => Date.now(),
    logger: { log() {}, debug() {}, info() {}, warn() {}, error() {} },
  });
  core.db.prepare("UPDATE ai_jobs SET state = 'running' WHERE id = ?").run(jobId);
  const job = core.ai.jobs.get(jobId);
  if (!job) throw new Error('job missing');
  const sampler = setInterval(() => (rss.peak = Math.max(rss.peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const outcome = await runner.run(job, new AbortController().signal, () => undefined);
    if (outcome.kind !== 'succeeded') throw new Error(`send failed: ${JSON.stringify(outcome)}`);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const text = core.ai.jobs.get(jobId)?.result_text ?? '';
  const expected = Math.ceil(fs.statSync(core.media.blobPath(job.input_sha256 as string) as string).size / 3) * 4;
  if (!text.includes(String(expected)) && !(Number(/received (\d+)/.exec(text)?.[1]) > expected))
    throw new Error(`sink saw an unexpected body: ${text}`);
  return seconds;
}

async function sendBench(inputMb: number, rounds: number, log: Log) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-ai-'));
  const sink = await startSink();
  const deps = nodeDeps({ dataDir: path.join(dir, 'data'), host: 'test', quiet: true });
  deps.ai = { autoStart: false };
  deps.sync = { autoStart: false };
  const core = createCore(deps);
  try {
    await core.start();
    // A file of random bytes (incompressible, like video), stored as the app stores inputs.
    const file = path.join(dir, 'input.mp4');
    const fd = fs.openSync(file, 'w');
    const chunk = Buffer.alloc(MB);
    for (let i = 0; i < inputMb; i += 1) fs.writeSync(fd, randomFillSync(chunk));
    fs.closeSync(fd);
    const put = await core.blobs.putFile(file);
    const size = inputMb * MB;
    core.ai.jobs.insert({
      id: 'bench-send',
      account_id: core.workspace.account(),
      operation: 'video2text',
      model_id: 'describe-1',
      prompt: null,
      params: '{}',
      input_sha256: put.sha256,
      input_name: 'input.mp4',
      input_mime: 'video/mp4',
      input_kind: 'video',
      input_size: size,
      input_url: null,
      source_text: null,
      fingerprint: 'bench',
      idempotency_key: 'bench-send',
      profile: 'sandbox',
      state: 'queued',
      position: 1,
      created_at: Date.now(),
    });
    const stored = core.media.blobPath(put.sha256) as string;
    const reads: number[] = [];
    const sends: number[] = [];
    const rss = { peak: 0 };
    let before = Number.POSITIVE_INFINITY;
    for (let r = 0; r < rounds; r += 1) {
      const order = r % 2 === 0 ? ['read', 'send'] : ['send', 'read'];
      for (const side of order) {
        if (side === 'read') reads.push(await readOnce(stored));
        else {
          global.gc?.();
          before = Math.min(before, process.memoryUsage().rss);
          sends.push(await sendOnce(core, sink.url, 'bench-send', rss));
        }
      }
    }
    const readMBps = inputMb / median(reads);
    const sendMBps = inputMb / median(sends);
    const growth = Math.max(0, rss.peak - before) / MB;
    table(
      log,
      ['100 MB-class input', 'median s', 'MB/s (input)'],
      [
        ['read the file once', median(reads).toFixed(3), readMBps.toFixed(0)],
        ['encode + send (ours)', median(sends).toFixed(3), sendMBps.toFixed(0)],
      ],
    );
    log(
      `send/read throughput ratio: ${(sendMBps / readMBps).toFixed(3)} (base64 makes the body 4/3 of the input; ` +
        `the sink runs in another process)`,
    );
    log(
      `peak RSS growth while sending ${inputMb} MB: ${growth.toFixed(1)} MB = ${(growth / inputMb).toFixed(2)}× the ` +
        `input (promise: about 2× at most)`,
    );
    return {
      readMBps,
      sendMBps,
      sendRatio: sendMBps / readMBps,
      sendRssGrowthMb: growth,
      sendRssPerInput: growth / inputMb,
    };
  } finally {
    sink.stop();
    await core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A core signed in to the sandbox, its queue running; `close` removes everything it made. */
async function queueCore(sandbox: Sandbox): Promise<{ core: Core; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-aiq-'));
  try {
    const core = await signedInCore(sandbox, dir);
    return { core, close: async () => (await core.close(), fs.rmSync(dir, { recursive: true, force: true })) };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Submits every prompt and resolves when the last job's result is stored for good (its success
 * committed), or when the queue ran dry without them all succeeding (the caller counts then).
 */
async function throughQueue(core: Core, prompts: string[]): Promise<void> {
  let succeeded = 0;
  const offs: (() => void)[] = [];
  const done = new Promise<void>((resolve) => {
    offs.push(
      core.bus.on('ai.jobSucceeded', () => {
        succeeded += 1;
        if (succeeded === prompts.length) resolve();
      }),
      core.events.subscribe((event) => {
        const s = core.ai.queue.status();
        if (event === 'ai.changed' && s.queued === 0 && s.running === 0) resolve();
      }),
    );
  });
  try {
    for (const prompt of prompts) {
      const r = await core.dispatch('ai.submit', {
        operation: 'text2image',
        modelId: 'paint-1',
        prompt,
        params: { width: 32, height: 32 },
      });
      if (!r.ok) throw new Error(`submit: ${JSON.stringify(r.error)}`);
    }
    await done;
  } finally {
    for (const off of offs) off();
  }
}

/** Time for `jobs` text2image jobs through the whole queue (after one job that warms it up). */
async function queueRound(sandbox: Sandbox, jobs: number, round: number): Promise<Timed> {
  const { core, close } = await queueCore(sandbox);
  try {
    await throughQueue(core, [`bench ${round} warm`]);
    const started = startTiming();
    await throughQueue(
      core,
      Array.from({ length: jobs }, (_, i) => `bench ${round} queue ${i}`),
    );
    const timed = started.stop();
    const ok = Number(
      core.db
        .prepare("SELECT COUNT(*) FROM ai_jobs j JOIN ai_outputs o ON o.job_id = j.id WHERE j.state = 'succeeded'")
        .pluck()
        .get(),
    );
    if (ok !== jobs + 1) throw new Error(`only ${ok - 1} of ${jobs} jobs succeeded with an output`);
    return timed;
  } finally {
    await close();
  }
}

const range = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

/**
 * Each round runs every plain client and the queue, in an order that turns each round; the
 * baseline is the plain client with the best median. The overhead per job is the queue's time
 * less the baseline's, over the jobs, round by round.
 */
async function queueBench(jobs: number, rounds: number, log: Log) {
  const sandbox = await startSandbox({ port: 0, rateLimit: false, aiLatencyMs: 0 });
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-aiw-'));
  const http = PLAIN_CLIENTS.find((c) => c.name.startsWith('node:http'));
  if (!http) throw new Error('no node:http client');
  const reference = durably(http, outDir);
  const clients = [...PLAIN_CLIENTS, reference];
  const sides = ['queue', ...clients.map((c) => c.name)];
  const times = new Map<string, number[]>(sides.map((side) => [side, []]));
  const cpu = new Map<string, number[]>(sides.map((side) => [side, []]));
  try {
    for (let r = 0; r < rounds; r += 1) {
      for (const [k] of sides.entries()) {
        const side = sides[(k + r) % sides.length] as string;
        const client = clients.find((c) => c.name === side);
        const timed = client
          ? await directRound(sandbox, client, jobs, CONCURRENCY, `r${r}`)
          : await queueRound(sandbox, jobs, r);
        times.get(side)?.push(timed.seconds);
        cpu.get(side)?.push(timed.cpuMs / jobs);
      }
    }
  } finally {
    await sandbox.stop();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const q = times.get('queue') ?? [];
  const base = PLAIN_CLIENTS.map((c) => ({ name: c.name, s: times.get(c.name) ?? [] })).sort(
    (a, b) => median(a.s) - median(b.s),
  )[0];
  if (!base) throw new Error('no baseline ran');
  // Paired by round: the queue and its baseline ran next to each other, under the same load.
  const overheads = q.map((s, r) => ((s - (base.s[r] ?? 0)) / jobs) * 1000);
  const ratios = q.map((s, r) => (base.s[r] ?? 0) / s);
  table(
    log,
    [`${jobs} text2image jobs, ${CONCURRENCY} at a time`, 'median s', 'range s', 'jobs/s'],
    [
      ...PLAIN_CLIENTS.map((c) => {
        const s = times.get(c.name) ?? [];
        const label = `direct, ${c.name}${c.name === base.name ? ' (baseline)' : ''}`;
        return [label, median(s).toFixed(3), range(s, 3), (jobs / median(s)).toFixed(1)];
      }),
      ['through the queue (ours)', median(q).toFixed(3), range(q, 3), (jobs / median(q)).toFixed(1)],
      ...[reference].map((c) => {
        const s = times.get(c.name) ?? [];
        return [
          `reference, not a baseline: ${c.name}`,
          median(s).toFixed(3),
          range(s, 3),
          (jobs / median(s)).toFixed(1),
        ];
      }),
    ],
  );
  const queueJobsPerSecond = jobs / median(q);
  const directJobsPerSecond = jobs / median(base.s);
  log(
    `queue/direct ratio: ${(queueJobsPerSecond / directJobsPerSecond).toFixed(3)} (rounds ${range(ratios, 2)}); ` +
      `queue overhead per job: ${median(overheads).toFixed(2)} ms (rounds ${range(overheads, 2)}); ` +
      `baseline: ${base.name}, ${rounds} rounds`,
  );
  // On a shared machine elapsed time also counts other programs; the CPU this process used does not.
  const cpuOverheads = (cpu.get('queue') ?? []).map((c, r) => c - (cpu.get(base.name)?.[r] ?? 0));
  log(
    'CPU per job (this process, sandbox included on both sides): ' +
      `queue ${median(cpu.get('queue') ?? []).toFixed(2)} ms, ` +
      `baseline ${median(cpu.get(base.name) ?? []).toFixed(2)} ms; queue CPU overhead per job: ` +
      `${median(cpuOverheads).toFixed(2)} ms (rounds ${range(cpuOverheads, 2)})`,
  );
  const durable = times.get(reference.name) ?? [];
  const durability = durable.map((s, r) => ((s - (base.s[r] ?? 0)) / jobs) * 1000);
  log(
    `durable write alone (${reference.name} vs the baseline): ${median(durability).toFixed(2)} ms per job ` +
      `(rounds ${range(durability, 2)}); the ratio above stays against the baseline`,
  );
  return { queueJobsPerSecond, directJobsPerSecond, queueRatio: queueJobsPerSecond / directJobsPerSecond };
}

export async function runAiBench(opts: AiBenchOptions): Promise<AiBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const rounds = opts.rounds ?? 3;
  const send = await sendBench(opts.inputMb, rounds, log);
  log('');
  const queue = await queueBench(opts.jobs, rounds, log);
  return { ...send, ...queue };
}

async function main(): Promise<void> {
  const inputMb = Number(process.env.AI_BENCH_MB ?? 100);
  const jobs = Number(process.env.AI_BENCH_JOBS ?? 200);
  const rounds = Number(process.env.AI_BENCH_ROUNDS ?? 5);
  console.log(`AI benchmark: node ${process.version}, ${os.cpus().length} CPUs, ${inputMb} MB input, ${jobs} jobs`);
  await runAiBench({ inputMb, jobs, rounds });
}

if (/[\\/]bench[\\/]ai\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
