// Round trips per second through the browser-mode bridge (WebSocket → dispatch → handler) against a
// direct in-process call of the same handler, measured in one run and printed as a ratio.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { createCore } from '../src/main/core/app';
import { nodeDeps } from '../src/main/core/node-deps';
import { startWebHost } from '../src/main/web/server';

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const IN_FLIGHT = 16;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-ipc-'));
  const renderer = path.join(dir, 'renderer');
  fs.mkdirSync(renderer);
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html>');
  const deps = nodeDeps({ dataDir: path.join(dir, 'data'), host: 'web', quiet: true });
  const core = createCore(deps);
  const host = await startWebHost({ core, logger: deps.logger, rendererDir: renderer });

  // Baseline: the handler itself, called directly.
  const handler = core.handlers['settings.get'];
  for (let i = 0; i < 2000; i += 1) await handler({});
  let t = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) await handler({});
  const directSec = Number(process.hrtime.bigint() - t) / 1e9;

  // Through dispatch in-process (validation both ways), for the breakdown.
  t = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) await core.dispatch('settings.get', {});
  const dispatchSec = Number(process.hrtime.bigint() - t) / 1e9;

  // Through the WebSocket bridge, sequential (latency) and with IN_FLIGHT concurrent callers (throughput).
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`, {
    headers: { Origin: host.origin },
  });
  await new Promise((r) => ws.once('open', r));
  let id = 0;
  const waiting = new Map<number, () => void>();
  ws.on('message', (d) => {
    const msg = JSON.parse(d.toString()) as { id: number };
    waiting.get(msg.id)?.();
    waiting.delete(msg.id);
  });
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      id += 1;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, channel: 'settings.get', input: {} }));
    });
  for (let i = 0; i < 1000; i += 1) await roundTrip();
  t = process.hrtime.bigint();
  for (let i = 0; i < CALLS / 4; i += 1) await roundTrip();
  const wsSeqSec = Number(process.hrtime.bigint() - t) / 1e9;
  t = process.hrtime.bigint();
  let sent = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (sent < CALLS) {
        sent += 1;
        await roundTrip();
      }
    }),
  );
  const wsParSec = Number(process.hrtime.bigint() - t) / 1e9;

  ws.close();
  await host.close();
  await core.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const rate = (n: number, s: number) => n / s;
  const direct = rate(CALLS, directSec);
  const viaDispatch = rate(CALLS, dispatchSec);
  const wsSeq = rate(CALLS / 4, wsSeqSec);
  const wsPar = rate(CALLS, wsParSec);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(12);
  console.log('bench/ipc — settings.get round trips per second');
  console.log(`  direct handler call        ${fmt(direct)} /s  (baseline)`);
  console.log(`  dispatch in-process        ${fmt(viaDispatch)} /s  ratio ${(viaDispatch / direct).toFixed(3)}`);
  console.log(
    `  WebSocket bridge, 1 caller ${fmt(wsSeq)} /s  ratio ${(wsSeq / direct).toFixed(4)}  ` +
      `(${((wsSeqSec / (CALLS / 4)) * 1e6).toFixed(0)} µs per call)`,
  );
  console.log(`  WebSocket bridge, ${IN_FLIGHT} in flight ${fmt(wsPar)} /s  ratio ${(wsPar / direct).toFixed(4)}`);
}

void main();
