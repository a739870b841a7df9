import fs from 'node:fs';
import { expect, it } from 'vitest';
import { runBackupBench } from './backup';

// Smoke test: the benchmark runs end to end on a small database, both sides back up, the writer
// writes during its rounds, and the temp folder is removed.
it('backup benchmark runs on a small database and removes its files', async () => {
  const lines: string[] = [];
  const result = await runBackupBench({ sizeMb: 8, rounds: 1, log: (line) => lines.push(line) });
  expect(result.sizeBytes).toBeGreaterThanOrEqual(8 * 1024 * 1024);
  expect(result.records).toBeGreaterThan(1000);
  expect(result.floorMBps).toBeGreaterThan(0);
  expect(result.withWriterMBps).toBeGreaterThan(0);
  expect(result.ratio).toBeCloseTo(result.withWriterMBps / result.floorMBps);
  expect(result.writes).toBeGreaterThan(0);
  expect(result.longestPauseMs).toBeGreaterThan(0);
  expect(lines.some((line) => line.startsWith('ratio with writer/floor: '))).toBe(true);
  expect(lines.some((line) => line.startsWith('longest pause the writer saw: '))).toBe(true);
  expect(lines.some((line) => line === 'targets met' || line.startsWith('BELOW TARGET: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
}, 120_000);
