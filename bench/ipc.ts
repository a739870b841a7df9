// Round trips per second through the browser-mode bridge against a bare WebSocket echo, measured in
// the same run at the same concurrency (16 in flight) and with the same message sizes.
//
// Ours: the real web host (token, Origin and Host checks, bridge protocol, dispatch with the
// contract's validation, the settings.get handler). Baseline: a bare `ws` server on 127.0.0.1 that
// sends every frame back with a fixed tail appended, so its request and reply frames are exactly as
// long as ours; it runs twice, writing each reply at once and holding a burst's replies for one
// write (as our bridge does), and the faster of the two in each round is the baseline. Every side
// is called by the same client, in a process of its own as a page would be: one JSON.stringify per
// request, one JSON.parse per reply to match its id. The sides take turns in short slices so load
// from elsewhere on the machine falls on all of them alike.
// Printed: round trips/s of each side per round, and the median and range of the rounds' ratios.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import { createCore, type Core } from '../src/main/core/app';
import { nodeDeps } from '../src/main/core/node-deps';
import { startWebHost, type WebHost } from '../src/main/web/server';
import { median, ms, table, type Log } from './support/report';

export const IN_FLIGHT = 16;
const TARGET = 0.7;
const CHANNEL = 'settings.get';
const REQUEST = { channel: CHANNEL, input: {} };

export interface IpcBenchOptions {
  /** Round trips per side per round. */
  calls: number;
  rounds?: number;
  /** Round trips per side before the first round (JIT and socket warm-up). */
  warmup?: number;
  log?: Log;
}

export type SideName = 'ours' | 'echo' | 'echoCoalesced';

export interface IpcRound {
  /** Round trips per second of each side. */
  perSecond: Record<SideName, number>;
  /** Median of the slices' p50 latencies, ms. */
  p50Ms: Record<SideName, number>;
  /** CPU time of the serving process per round trip, µs (the client runs in its own process). */
  serverCpuUs: Record<SideName, number>;
  /** The faster echo of the round: the baseline. */
  baseline: 'echo' | 'echoCoalesced';
  /** Ours / the baseline. */
  ratio: number;
}

export interface IpcBenchResult {
  calls: number;
  inFlight: number;
  requestBytes: number;
  replyBytes: number;
  rounds: IpcRound[];
  /** Median of the rounds' ratios, and their range. */
  ratio: number;
  minRatio: number;
  maxRatio: number;
}

// The client both sides share, in its own process as the page's would be: numbered requests,
// replies matched by id, IN_FLIGHT callers. Asked over IPC to open a socket and run a number of calls.
const CLIENT = `
const WebSocket = require(${JSON.stringify(createRequire(__filename).resolve('ws'))});
process.on('disconnect', () => process.exit(0));
let ws, nextId = 1;
const waiting = new Map();
const call = (body) => new Promise((resolve) => {
  const id = nextId++;
  waiting.set(id, resolve);
  ws.send(JSON.stringify({ id, ...body }));
});
process.on('message', async (m) => {
  try {
    if (m.kind === 'open') {
      ws = new WebSocket(m.url, { headers: m.headers, perMessageDeflate: false });
      ws.on('message', (data) => {
        const text = data.toString();
        const id = JSON.parse(text).id;
        const resolve = waiting.get(id);
        waiting.delete(id);
        if (resolve) resolve(text);
      });
      await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
      const sample = await call(m.body);
      process.send({ ok: true, sample, requestBytes: Buffer.byteLength(JSON.stringify({ id: 1, ...m.body })) });
    } else if (m.kind === 'run') {
      const latencies = [];
      let left = m.calls;
      const started = performance.now();
      await Promise.all(Array.from({ length: m.inFlight }, async () => {
        while (left > 0) {
          left -= 1;
          const t = performance.now();
          await call(m.body);
          latencies.push(performance.now() - t);
        }
      }));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      process.send({ ok: true, seconds, p50: latencies[Math.floor(latencies.length / 2)] });
    }
  } catch (e) {
    process.send({ ok: false, error: String(e && e.stack || e) });
  }
});
`;

const ClientAnswer = z.union([
  z.object({ ok: z.literal(true), sample: z.string(), requestBytes: z.number() }),
  z.object({ ok: z.literal(true), seconds: z.number(), p50: z.number() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** A client process connected to one server. */
class Client {
  private constructor(private readonly child: ChildProcess) {}

  static async open(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<{ client: Client; sample: string; requestBytes: number }> {
    const child = fork('-e', [CLIENT], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const client = new Client(child);
    const answer = await client.ask({ kind: 'open', url, headers, body: REQUEST });
    if (!('sample' in answer)) throw new Error('The client did not answer its opening call.');
    return { client, sample: answer.sample, requestBytes: answer.requestBytes };
  }

  async run(calls: number): Promise<{ seconds: number; p50: number }> {
    const answer = await this.ask({ kind: 'run', calls, inFlight: IN_FLIGHT, body: REQUEST });
    if (!('seconds' in answer)) throw new Error('The client did not report its run.');
    return { seconds: answer.seconds, p50: answer.p50 };
  }

  close(): void {
    this.child.kill();
  }

  private ask(message: object): Promise<z.infer<typeof ClientAnswer>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`The benchmark client exited (${code}).`));
      this.child.once('exit', onExit);
      this.child.once('message', (m) => {
        this.child.off('exit', onExit);
        const answer = ClientAnswer.parse(m);
        if (!answer.ok) reject(new Error(`The benchmark client failed: ${answer.error}`));
        else resolve(answer);
      });
      this.child.send(message);
    });
  }
}

/**
 * The baseline servers: each frame goes straight back, its closing brace replaced by `tail`. The
 * coalescing one also holds its socket's writes until the turn's messages are all answered (one
 * write for a burst), as our bridge does; whichever echo is faster in a round is the baseline.
 */
async function startEcho(tail: Buffer, coalesce: boolean): Promise<{ port: number; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  wss.on('connection', (ws, req) => {
    const socket = req.socket;
    let held = false;
    const release = () => {
      held = false;
      socket.uncork();
    };
    ws.on('message', (data: Buffer) => {
      if (coalesce && !held) {
        held = true;
        socket.cork();
        setImmediate(release);
      }
      ws.send(Buffer.concat([data.subarray(0, -1), tail]), { binary: false });
    });
  });
  const { port } = wss.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => wss.close(() => resolve())) };
}

interface Sides {
  clients: Record<SideName, Client>;
  requestBytes: number;
  replyBytes: number;
  close: () => Promise<void>;
}

/** Our host and its client, then the echoes built to the sizes of our frames, and their clients. */
async function openSides(dir: string): Promise<Sides> {
  const renderer = path.join(dir, 'renderer');
  fs.mkdirSync(renderer);
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html>');
  const deps = nodeDeps({ dataDir: path.join(dir, 'data'), host: 'web', quiet: true });
  const core: Core = createCore(deps);
  await core.start();
  const host: WebHost = await startWebHost({ core, logger: deps.logger, rendererDir: renderer });
  const ours = await Client.open(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, { Origin: host.origin });
  if (!ours.sample.includes('"ok":true')) throw new Error(`${CHANNEL} failed over the bridge: ${ours.sample}`);
  const replyBytes = Buffer.byteLength(ours.sample);
  // `,"pad":"…"}` in place of the request's closing brace makes the echo's reply as long as ours.
  const padLength = replyBytes - ours.requestBytes - ',"pad":""'.length;
  if (padLength < 0) throw new Error('The reply is shorter than the request: the echo cannot match its size.');
  const tail = Buffer.from(`,"pad":"${'x'.repeat(padLength)}"}`);
  const servers = [await startEcho(tail, false), await startEcho(tail, true)];
  const echoes = await Promise.all(servers.map((server) => Client.open(`ws://127.0.0.1:${server.port}/`)));
  for (const echo of echoes) {
    if (Buffer.byteLength(echo.sample) !== replyBytes) throw new Error('The echo reply is not the size of ours.');
  }
  const clients = { ours: ours.client, echo: echoes[0]!.client, echoCoalesced: echoes[1]!.client };
  return {
    clients,
    requestBytes: ours.requestBytes,
    replyBytes,
    close: async () => {
      for (const client of Object.values(clients)) client.close();
      for (const server of servers) await server.close();
      await host.close();
      await core.close();
    },
  };
}

const SIDES: SideName[] = ['echo', 'echoCoalesced', 'ours'];
/** Slices per round: the sides take turns often, so a burst of load elsewhere hits them alike. */
const SLICES = 10;

async function round(sides: Sides, calls: number): Promise<IpcRound> {
  const per = Math.max(1, Math.floor(calls / SLICES));
  const seconds: Record<SideName, number> = { ours: 0, echo: 0, echoCoalesced: 0 };
  const p50s: Record<SideName, number[]> = { ours: [], echo: [], echoCoalesced: [] };
  const cpu: Record<SideName, number> = { ours: 0, echo: 0, echoCoalesced: 0 };
  for (let slice = 0; slice < SLICES; slice += 1) {
    // Rotate which side goes first, so none always meets a warmer or busier machine.
    for (let k = 0; k < SIDES.length; k += 1) {
      const name = SIDES[(slice + k) % SIDES.length]!;
      const before = process.cpuUsage();
      const got = await sides.clients[name].run(per);
      const used = process.cpuUsage(before);
      cpu[name] += used.user + used.system;
      seconds[name] += got.seconds;
      p50s[name].push(got.p50);
    }
  }
  const rate = (name: SideName) => (per * SLICES) / seconds[name];
  const perSecond = { ours: rate('ours'), echo: rate('echo'), echoCoalesced: rate('echoCoalesced') };
  const baseline = perSecond.echoCoalesced > perSecond.echo ? 'echoCoalesced' : 'echo';
  return {
    perSecond,
    p50Ms: { ours: median(p50s.ours), echo: median(p50s.echo), echoCoalesced: median(p50s.echoCoalesced) },
    serverCpuUs: {
      ours: cpu.ours / (per * SLICES),
      echo: cpu.echo / (per * SLICES),
      echoCoalesced: cpu.echoCoalesced / (per * SLICES),
    },
    baseline,
    ratio: perSecond.ours / perSecond[baseline],
  };
}

function report(log: Log, rounds: IpcRound[]): void {
  const rate = (n: number) => Math.round(n).toLocaleString('en-US');
  table(
    log,
    [
      'round',
      'bare echo /s',
      'coalescing echo /s',
      'bridge (ours) /s',
      'p50 ms (echo, coal., ours)',
      'server CPU µs/call (echo, coal., ours)',
      'ratio',
    ],
    rounds.map((r, i) => [
      String(i + 1),
      rate(r.perSecond.echo) + (r.baseline === 'echo' ? '*' : ' '),
      rate(r.perSecond.echoCoalesced) + (r.baseline === 'echoCoalesced' ? '*' : ' '),
      rate(r.perSecond.ours),
      [r.p50Ms.echo, r.p50Ms.echoCoalesced, r.p50Ms.ours].map(ms).join(', '),
      [r.serverCpuUs.echo, r.serverCpuUs.echoCoalesced, r.serverCpuUs.ours].map((us) => us.toFixed(1)).join(', '),
      r.ratio.toFixed(3),
    ]),
  );
  log('* the baseline of the round: the faster echo');
}

export async function runIpcBench(opts: IpcBenchOptions): Promise<IpcBenchResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const roundCount = opts.rounds ?? 5;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-ipc-'));
  try {
    const sides = await openSides(dir);
    try {
      const warmup = opts.warmup ?? Math.min(opts.calls, 5_000);
      for (const name of SIDES) await sides.clients[name].run(warmup);
      const rounds: IpcRound[] = [];
      for (let r = 0; r < roundCount; r += 1) rounds.push(await round(sides, opts.calls));
      log(
        `${CHANNEL} round trips, ${IN_FLIGHT} in flight, ${opts.calls.toLocaleString('en-US')} per side per round; ` +
          `request ${sides.requestBytes} B, reply ${sides.replyBytes} B on every side`,
      );
      report(log, rounds);
      const ratios = rounds.map((r) => r.ratio);
      const result: IpcBenchResult = {
        calls: opts.calls,
        inFlight: IN_FLIGHT,
        requestBytes: sides.requestBytes,
        replyBytes: sides.replyBytes,
        rounds,
        ratio: median(ratios),
        minRatio: Math.min(...ratios),
        maxRatio: Math.max(...ratios),
      };
      log(
        `ratio bridge/bare ws echo (median of ${roundCount} rounds): ${result.ratio.toFixed(3)} ` +
          `(range ${result.minRatio.toFixed(3)}–${result.maxRatio.toFixed(3)})`,
      );
      log(result.ratio >= TARGET ? 'target met' : `target missed: ${TARGET} wanted`);
      return result;
    } finally {
      await sides.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const calls = Number(process.env.IPC_BENCH_CALLS ?? 30_000);
  const rounds = Number(process.env.IPC_BENCH_ROUNDS ?? 5);
  if (!Number.isInteger(calls) || calls < 1 || !Number.isInteger(rounds) || rounds < 1) {
    throw new Error('IPC_BENCH_CALLS and IPC_BENCH_ROUNDS must be whole numbers of at least 1.');
  }
  console.log(`IPC benchmark: node ${process.version}, ${os.cpus().length} CPUs`);
  await runIpcBench({ calls, rounds });
}

if (/[\\/]bench[\\/]ipc\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
