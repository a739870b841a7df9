import { expect, it } from 'vitest';
import { IN_FLIGHT, runIpcBench } from './ipc';

// Smoke test: a few hundred round trips on each side (the bridge and both echoes) print their ratio line.
it('IPC benchmark runs the bridge and the echoes with frames of the same sizes', async () => {
  const lines: string[] = [];
  const result = await runIpcBench({ calls: 300, rounds: 1, warmup: 50, log: (line) => lines.push(line) });
  expect(result.inFlight).toBe(IN_FLIGHT);
  expect(result.requestBytes).toBeGreaterThan(0);
  expect(result.replyBytes).toBeGreaterThan(result.requestBytes);
  expect(result.rounds).toHaveLength(1);
  const [round] = result.rounds;
  for (const rate of Object.values(round!.perSecond)) expect(rate).toBeGreaterThan(0);
  // The baseline is the faster echo, and the ratio is against it.
  expect(round!.perSecond[round!.baseline]).toBe(Math.max(round!.perSecond.echo, round!.perSecond.echoCoalesced));
  expect(result.ratio).toBeCloseTo(round!.perSecond.ours / round!.perSecond[round!.baseline]);
  expect(lines.some((line) => line.startsWith('ratio bridge/bare ws echo (median of 1 rounds): '))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);
}, 60_000);
