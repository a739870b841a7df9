import fs from 'node:fs';
import { expect, it } from 'vitest';
import { runColdStartBench } from './cold-start';

// Smoke test: the benchmark builds and launches the browser-mode host on a small library, opens it in
// Chromium, sees the first cards of both sides, prints its ratio line, and cleans up.
it('cold-start benchmark runs on a small library and removes its files', async () => {
  const lines: string[] = [];
  const result = await runColdStartBench({ assets: 2_000, rounds: 1, log: (line) => lines.push(line) });
  expect(result.ours).toHaveLength(1);
  expect(result.baseline).toHaveLength(1);
  for (const run of [...result.ours, ...result.baseline]) {
    expect(run.cards).toBeGreaterThan(0);
    expect(run.total).toBeGreaterThan(run.listening);
    expect(run.hostRssMb).toBeGreaterThan(0);
  }
  // Both sides show the same cards: the baseline renders as many as ours painted.
  expect(result.baseline[0]!.cards).toBe(result.ours[0]!.cards);
  expect(result.ours[0]!.queryMs).toBeGreaterThan(0);
  expect(lines.some((line) => line.startsWith('ratio ours/baseline (median total): '))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
}, 240_000);
