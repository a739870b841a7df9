// AI studio figures, each a ratio against a baseline measured in the same run.
//
// 1. Sending a large media input (AI_BENCH_MB, default 100): our job runner renders the body,
//    streams the stored file base64-encoded inside the JSON and sends it to a sink server in a
//    child process (so the receiving side costs this process nothing). Baseline: reading the same
//    file once from disk. Printed: throughput of each (input MB/s), their ratio, and the peak RSS
//    growth while sending, against the file's size (the promise: about 2× the size at most).
// 2. Queue overhead: AI_BENCH_JOBS (default 200) text2image jobs through the whole queue (submit,
//    durable state, request, download and storing of each output) against a sandbox with zero
//    latency, vs direct client calls doing the same requests (POST, then GET of the output) with
//    the same concurrency (2, the queue's default). Printed: jobs/s of each and the ratio.
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
import { startSandbox } from '../src/sandbox';
import { pool } from './support/load';
import { median, table, type Log } from './support/report';
import { login } from './support/sandbox-login';

const MB = 1024 * 1024;

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

async function queueRound(jobs: number, side: 'queue' | 'direct', round: number): Promise<number> {
  const sandbox = await startSandbox({ port: 0, rateLimit: false, aiLatencyMs: 0 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-aiq-'));
  let core: Core | null = null;
  try {
    const prompts = Array.from({ length: jobs }, (_, i) => `bench ${round} ${side} ${i}`);
    if (side === 'direct') {
      const token = await login(sandbox);
      const client = new HttpClient();
      const auth = { authorization: `Bearer ${token}` };
      const started = performance.now();
      await pool(jobs, 2, async (i) => {
        const prompt = prompts[i] as string;
        const res = await client.request({
          method: 'POST',
          url: `${sandbox.url}/v2/ai/text2image`,
          headers: auth,
          body: { model_id: 'paint-1', image: { prompt, width: 32, height: 32 } },
          idempotencyKey: `direct-${round}-${i}`,
          maxAttempts: 1,
        });
        const url = (res.body as { outputs: { url: string }[] }).outputs[0]?.url;
        if (!url) throw new Error('no output');
        await client.request({ method: 'GET', url, headers: auth });
      });
      return (performance.now() - started) / 1000;
    }
    const deps = nodeDeps({
      dataDir: path.join(dir, 'data'),
      host: 'test',
      quiet: true,
      embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
    });
    deps.sync = { autoStart: false };
    core = createCore(deps);
    await core.start();
    const signedIn = await core.dispatch('connection.useSandbox', {});
    if (!signedIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.error)}`);
    const c = core;
    const done = new Promise<void>((resolve) => {
      const off = c.events.subscribe((event) => {
        if (event !== 'ai.changed') return;
        const s = c.ai.queue.status();
        if (s.queued === 0 && s.running === 0) {
          off();
          resolve();
        }
      });
    });
    const started = performance.now();
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
    const seconds = (performance.now() - started) / 1000;
    const ok = (
      core.db
        .prepare("SELECT COUNT(*) AS n FROM ai_jobs j JOIN ai_outputs o ON o.job_id = j.id WHERE j.state = 'succeeded'")
        .get() as { n: number }
    ).n;
    if (ok !== jobs) throw new Error(`only ${ok} of ${jobs} jobs succeeded with an output`);
    return seconds;
  } finally {
    await core?.close();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function queueBench(jobs: number, rounds: number, log: Log) {
  const q: number[] = [];
  const d: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    for (const side of r % 2 === 0 ? (['direct', 'queue'] as const) : (['queue', 'direct'] as const)) {
      (side === 'queue' ? q : d).push(await queueRound(jobs, side, r));
    }
  }
  const queueJobsPerSecond = jobs / median(q);
  const directJobsPerSecond = jobs / median(d);
  table(
    log,
    [`${jobs} text2image jobs, 2 at a time`, 'median s', 'jobs/s'],
    [
      ['direct client calls (POST + GET output)', median(d).toFixed(2), directJobsPerSecond.toFixed(1)],
      ['through the queue (ours)', median(q).toFixed(2), queueJobsPerSecond.toFixed(1)],
    ],
  );
  log(
    `queue/direct ratio: ${(queueJobsPerSecond / directJobsPerSecond).toFixed(3)}; ` +
      `queue overhead per job: ${(((median(q) - median(d)) / jobs) * 1000).toFixed(2)} ms`,
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
  console.log(`AI benchmark: node ${process.version}, ${os.cpus().length} CPUs, ${inputMb} MB input, ${jobs} jobs`);
  await runAiBench({ inputMb, jobs });
}

if (/[\\/]bench[\\/]ai\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
