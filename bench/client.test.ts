import { expect, it } from 'vitest';
import { runClientBench } from './client';
import { PLAIN_CLIENT_NAMES } from './support/plain-clients';

// Smoke test: a few hundred authorized GETs per side (ours with the token expired every 100, so
// refreshes happen), each plain client beside it, the fastest one as the baseline, and a short
// dialect run against that same client; both ratio lines are printed.
it('client benchmark compares ours with the fastest plain client and prints its ratio lines', async () => {
  const lines: string[] = [];
  const result = await runClientBench({
    requests: 300,
    rounds: 1,
    warmup: 50,
    refreshEvery: 100,
    dialectSeconds: 1,
    log: (line) => void lines.push(line),
  });
  expect(result.sides.map((s) => s.side).sort()).toEqual(['ours', ...PLAIN_CLIENT_NAMES].sort());
  expect(result.rounds).toHaveLength(1 + PLAIN_CLIENT_NAMES.length);
  for (const r of result.rounds) expect(r.latencies).toHaveLength(300);
  const plainRates = result.sides.filter((s) => s.side !== 'ours').map((s) => s.rate);
  expect(result.sides.find((s) => s.side === result.fastest)?.rate).toBe(Math.max(...plainRates));
  // Token expired at requests 100 and 200 of the round: a refresh each time.
  expect(result.refreshes).toBeGreaterThanOrEqual(2);
  expect(result.ratio).toBeGreaterThan(0);
  expect(result.minRatio).toBe(result.ratio);
  expect(result.dialect?.ratio).toBeGreaterThan(0);
  expect(lines.some((l) => l.startsWith(`ratio ours/fastest plain client (${result.fastest}): `))).toBe(true);
  expect(lines.some((l) => l === 'target met' || l.startsWith('BELOW TARGET: '))).toBe(true);
  expect(lines.some((l) => l.startsWith(`dialect ratio ours/${result.fastest}: `))).toBe(true);
}, 180_000);
