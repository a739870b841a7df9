import { expect, it } from 'vitest';
import { runAiBench } from './ai';

// Smoke test: both AI figures run end to end on small sizes and print their ratios.
it('AI benchmark runs on a small input and a few jobs', async () => {
  const lines: string[] = [];
  const r = await runAiBench({ inputMb: 8, jobs: 6, rounds: 1, log: (line) => lines.push(line) });
  expect(r.sendMBps).toBeGreaterThan(0);
  expect(r.readMBps).toBeGreaterThan(0);
  expect(r.sendRatio).toBeCloseTo(r.sendMBps / r.readMBps);
  // Streamed: far below the 2× of the input the issue allows, even on a small file.
  expect(r.sendRssGrowthMb).toBeLessThan(2 * 8 + 48);
  expect(r.queueRatio).toBeCloseTo(r.queueJobsPerSecond / r.directJobsPerSecond);
  expect(lines.some((l) => l.startsWith('send/read throughput ratio: '))).toBe(true);
  expect(lines.some((l) => l.startsWith('queue/direct ratio: '))).toBe(true);
  expect(lines.some((l) => l.startsWith('CPU per job (this process'))).toBe(true);
}, 120_000);
