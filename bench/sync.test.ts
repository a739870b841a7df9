import { expect, it } from 'vitest';
import { runSyncBench } from './sync';

// Smoke test: 300 changes drained by the engine and sent by the plain loop, each to its own fresh
// sandbox; everything arrives once, and the profile (as is, and its reference run) runs too.
it('sync benchmark drains every change and both sandboxes hold them all', async () => {
  const lines: string[] = [];
  const result = await runSyncBench({ changes: 300, rounds: 1, profile: true, log: (line) => lines.push(line) });
  expect(result.changes).toBe(300);
  expect(result.concurrency).toBe(6);
  const [ours] = result.ours;
  const [baseline] = result.baseline;
  expect(ours?.posts).toBe(300);
  expect(ours?.left).toBe(0);
  expect(ours?.synced).toBe(300);
  expect(ours?.remote).toBe(300);
  expect(ours?.replays).toBe(0);
  expect(ours!.drainSeconds).toBeGreaterThan(0);
  expect(ours!.drainSeconds).toBeLessThanOrEqual(ours!.seconds);
  expect(baseline?.remote).toBe(300);
  expect(baseline?.latencies).toHaveLength(300);
  expect(result.baselineRate).toBeGreaterThan(0);
  expect(result.oursRate).toBeGreaterThan(0);
  expect(result.ratio).toBeCloseTo(result.oursRate / result.baselineRate);
  expect(result.profiles).toHaveLength(2);
  for (const p of result.profiles) {
    expect(p.acks).toBe(300);
    // Each record's remote id and version read once, when its entry was frozen for sending.
    expect(p.refsCalls).toBe(300);
    expect(p.ackCommits).toBeGreaterThan(0);
    expect(p.ackCommits).toBeLessThanOrEqual(300);
  }
  expect(lines.some((line) => line.startsWith("ratio ours/baseline (median of the rounds' ratios): "))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);
}, 180_000);
