import { expect, it } from 'vitest';
import { runSyncBench, runSyncCurve } from './sync';
import { PLAIN_CLIENT_NAMES } from './support/plain-clients';

// Smoke test: 300 changes drained by the engine and sent by each plain client, each to its own
// fresh sandbox; everything arrives once, the fastest plain client is the baseline, the profile
// (as is, and its reference run) runs too, and the cost curve prints its line.
it('sync benchmark drains every change, every sandbox holds them all, and it prints its ratio and curve', async () => {
  const lines: string[] = [];
  const log = (line: string) => void lines.push(line);
  const result = await runSyncBench({ changes: 300, rounds: 1, profile: true, log });
  expect(result.changes).toBe(300);
  expect(result.concurrency).toBe(6);
  const [ours] = result.ours;
  expect(ours?.posts).toBe(300);
  expect(ours?.left).toBe(0);
  expect(ours?.synced).toBe(300);
  expect(ours?.remote).toBe(300);
  expect(ours?.replays).toBe(0);
  expect(ours!.drainSeconds).toBeGreaterThan(0);
  expect(ours!.drainSeconds).toBeLessThanOrEqual(ours!.seconds);
  expect(result.plain.map((p) => p.client).sort()).toEqual([...PLAIN_CLIENT_NAMES].sort());
  for (const p of result.plain) {
    expect(p.remote).toBe(300);
    expect(p.latencies).toHaveLength(300);
  }
  const best = Math.max(...result.clients.map((c) => c.rate));
  expect(result.baselineRate).toBe(best);
  expect(result.clients.find((c) => c.name === result.fastest)?.rate).toBe(best);
  expect(result.ratio).toBeCloseTo(result.oursRate / result.baselineRate);
  expect(result.minRatio).toBeLessThanOrEqual(result.ratio);
  expect(result.profiles).toHaveLength(2);
  for (const p of result.profiles) {
    expect(p.acks).toBe(300);
    // Each record's remote id and version read once, when its entry was frozen for sending.
    expect(p.refsCalls).toBe(300);
    expect(p.ackCommits).toBeGreaterThan(0);
    expect(p.ackCommits).toBeLessThanOrEqual(300);
  }
  expect(lines.some((line) => line.startsWith(`ratio ours/fastest plain client (${result.fastest}): `))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);

  const curve = await runSyncCurve({ sizes: [200, 300], client: result.fastest, log });
  expect(curve.map((p) => p.changes)).toEqual([200, 300]);
  for (const p of curve) {
    expect(p.oursUs).toBeGreaterThan(0);
    expect(p.plainUs).toBeGreaterThan(0);
  }
  expect(lines.some((line) => line.startsWith('curve: ours costs '))).toBe(true);
}, 300_000);
