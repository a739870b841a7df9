import fs from 'node:fs';
import { expect, it } from 'vitest';
import { runMediaFixBench } from './media-fix';

// Smoke test: the benchmark runs end to end at its smallest size, times each fix both ways, prints
// the ratios and removes its temp folder.
it('media-fix benchmark runs on a small picture and video and removes its files', async () => {
  const lines: string[] = [];
  const result = await runMediaFixBench({
    megapixels: 0.3,
    videoSeconds: 4,
    videoSize: { width: 320, height: 240 },
    rounds: 1,
    log: (line) => lines.push(line),
  });
  expect(result.figures.map((f) => f.fix.split(' ')[0])).toEqual(['crop', 'resize', 'trim']);
  for (const f of result.figures) {
    expect(f.directMs).toBeGreaterThan(0);
    expect(f.jobMs).toBeGreaterThan(0);
    expect(f.ratio).toBeCloseTo(f.directMs / f.jobMs);
  }
  expect(lines.filter((line) => line.startsWith('ratio direct/job, '))).toHaveLength(3);
  expect(lines).toContain('what the job adds, each step timed alone on the direct result:');
  // The job's own steps, one row per fix under their header.
  const steps = lines.findIndex((line) => line.startsWith('the job’s steps, median ms'));
  expect(steps).toBeGreaterThan(-1);
  expect(lines[steps + 1]?.split(/\s+/)).toEqual(['fix', 'check', 'wait', 'prepare', 'tool', 'store', 'reply']);
  expect(lines.some((line) => line === 'targets met' || line.startsWith('BELOW TARGET: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
}, 180_000);
