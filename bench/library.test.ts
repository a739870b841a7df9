import fs from 'node:fs';
import { expect, it } from 'vitest';
import { runLibraryBench } from './library';

// Smoke test: the benchmark seeds a small library, measures both sides of every query, checks that
// the raw SQL answers exactly like Library.query (it throws otherwise), and cleans up.
it('library benchmark runs on a small library and removes its files', async () => {
  const lines: string[] = [];
  const result = await runLibraryBench({ assets: 2_000, iterations: 20, warmup: 3, log: (line) => lines.push(line) });
  expect(result.assets).toBe(2_000);
  expect(result.cases.map((c) => c.name)).toEqual([
    'first page (newest 200)',
    "search 'sun bea' (FTS)",
    "tag 'travel'",
  ]);
  for (const c of result.cases) {
    expect(c.runs).toBe(20);
    expect(c.rows).toBeGreaterThan(0);
    expect(c.rows).toBeLessThanOrEqual(200);
    expect(c.total).toBeGreaterThanOrEqual(c.rows);
    expect(c.total).toBeLessThan(2_000);
    expect(c.ours.p95).toBeGreaterThan(0);
    expect(c.raw.p95).toBeGreaterThan(0);
    expect(c.ours.p95).toBeGreaterThanOrEqual(c.ours.p50);
    expect(c.ratio).toBeCloseTo(c.ours.p95 / c.raw.p95);
    expect(c.parts.toView).toBeGreaterThan(0);
  }
  // The first page is the newest 200 of what is not in the trash.
  expect(result.cases[0]!.rows).toBe(200);
  expect(lines.some((line) => line.startsWith('ratio ours/raw (p95): '))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
}, 120_000);
