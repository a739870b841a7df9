import fs from 'node:fs';
import { expect, it } from 'vitest';
import { runImportBench } from './import';

// Smoke test: the benchmark runs end to end on ~20 MB, checks our hashes against sha256sum, and cleans up.
it('import benchmark runs on a small data set and removes its files', async () => {
  const lines: string[] = [];
  const result = await runImportBench({ totalMb: 20, rounds: 1, log: (line) => lines.push(line) });
  expect(result.files).toBeGreaterThan(1);
  expect(result.totalBytes).toBe(20 * 1024 * 1024);
  expect(result.baselineMBps).toBeGreaterThan(0);
  expect(result.oursMBps).toBeGreaterThan(0);
  expect(result.ratio).toBeCloseTo(result.oursMBps / result.baselineMBps);
  expect(result.rssGrowthMb).toBeLessThan(64);
  expect(lines.some((line) => line.startsWith('ratio ours/baseline: '))).toBe(true);
  expect(lines.some((line) => line.startsWith('peak RSS during ours: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
});
