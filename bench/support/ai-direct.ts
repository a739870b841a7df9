// The AI queue's baselines: the same requests a text2image job makes (POST, then GET of the output
// it names), sent straight with a plain client. Each plain client is run; the fastest is the baseline.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Sandbox } from '../../src/sandbox';
import { pool } from './load';
import { login } from './sandbox-login';

/** One job's two requests with one plain client; resolves with the output's bytes. */
type DirectJob = (prompt: string, key: string) => Promise<Buffer>;

export interface PlainClient {
  name: string;
  open(base: string, token: string): { job: DirectJob; close(): void };
}

const body = (prompt: string) => JSON.stringify({ model_id: 'paint-1', image: { prompt, width: 32, height: 32 } });

/** The output URL of a text2image answer, or a clear error. */
function outputUrl(text: string): string {
  const parsed: unknown = JSON.parse(text);
  const outputs = typeof parsed === 'object' && parsed !== null && 'outputs' in parsed ? parsed.outputs : null;
  const first: unknown = Array.isArray(outputs) ? outputs[0] : null;
  const url = typeof first === 'object' && first !== null && 'url' in first ? first.url : null;
  if (typeof url !== 'string') throw new Error(`the answer names no output: ${text.slice(0, 200)}`);
  return url;
}

const viaFetch: PlainClient = {
  name: 'fetch',
  open: (base, token) => ({
    job: async (prompt, key) => {
      const headers = { authorization: `Bearer ${token}` };
      const res = await fetch(`${base}/v2/ai/text2image`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
        body: body(prompt),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`POST: HTTP ${res.status}`);
      const out = await fetch(outputUrl(text), { headers });
      const bytes = Buffer.from(await out.arrayBuffer());
      if (out.status !== 200) throw new Error(`GET: HTTP ${out.status}`);
      return bytes;
    },
    close: () => undefined,
  }),
};

/** One request over a keep-alive agent; resolves with the status and the whole body. */
function send(
  agent: http.Agent,
  url: string,
  opts: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method, headers: opts.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const viaNodeHttp: PlainClient = {
  name: 'node:http keep-alive',
  open: (base, token) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const auth = { authorization: `Bearer ${token}` };
    return {
      job: async (prompt, key) => {
        const payload = body(prompt);
        const res = await send(agent, `${base}/v2/ai/text2image`, {
          method: 'POST',
          headers: {
            ...auth,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
            'idempotency-key': key,
          },
          body: payload,
        });
        if (res.status !== 200) throw new Error(`POST: HTTP ${res.status}`);
        const out = await send(agent, outputUrl(res.body.toString('utf8')), { method: 'GET', headers: auth });
        if (out.status !== 200) throw new Error(`GET: HTTP ${out.status}`);
        return out.body;
      },
      close: () => agent.destroy(),
    };
  },
};

export const PLAIN_CLIENTS: readonly PlainClient[] = [viaFetch, viaNodeHttp];

/**
 * Not a baseline, a reference beside it: a plain client that also writes each output durably, as
 * the queue does (a temp file written and fsynced, then renamed into `dir`), so what durability
 * alone costs can be read off. The queue also checks each output and keeps its state in SQLite.
 */
export function durably(client: PlainClient, dir: string): PlainClient {
  return {
    name: `${client.name} + durable write`,
    open: (base, token) => {
      const opened = client.open(base, token);
      return {
        job: async (prompt, key) => {
          const bytes = await opened.job(prompt, key);
          const temp = path.join(dir, `${randomUUID()}.part`);
          const file = await fs.open(temp, 'wx');
          try {
            await file.writeFile(bytes);
            await file.sync();
          } finally {
            await file.close();
          }
          await fs.rename(temp, path.join(dir, randomUUID()));
          return bytes;
        },
        close: () => opened.close(),
      };
    },
  };
}

/** Elapsed seconds and this process's CPU time (ms, every thread: the sandbox's too) over one timed stretch. */
export interface Timed {
  seconds: number;
  cpuMs: number;
}

export function startTiming(): { stop(): Timed } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  return {
    stop: () => {
      const used = process.cpuUsage(cpu);
      return { seconds: (performance.now() - started) / 1000, cpuMs: (used.user + used.system) / 1000 };
    },
  };
}

/** `jobs` direct jobs, `concurrency` at a time, with one plain client: elapsed and CPU time. */
export async function directRound(
  sandbox: Sandbox,
  client: PlainClient,
  jobs: number,
  concurrency: number,
  tag: string,
): Promise<Timed> {
  const token = await login(sandbox);
  const { job, close } = client.open(sandbox.url, token);
  try {
    // One job first, so the connection and the sandbox's first answer are not in the timing.
    await job(`${tag} warm`, `${tag}-warm`);
    const started = startTiming();
    await pool(jobs, concurrency, async (i) => {
      if ((await job(`${tag} ${i}`, `${tag}-${i}`)).length === 0) throw new Error('an empty output');
    });
    return started.stop();
  } finally {
    close();
  }
}
