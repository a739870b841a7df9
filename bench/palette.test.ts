import { expect, it } from 'vitest';
import { QUERIES, runPaletteBench } from './palette';

// Smoke test: the benchmark fills a small library, times both sides of every query and prints the figures.
it('palette benchmark runs on a small library', async () => {
  const lines: string[] = [];
  const result = await runPaletteBench({
    assets: 2_000,
    posts: 100,
    jobs: 100,
    iterations: 10,
    warmup: 2,
    log: (l) => lines.push(l),
  });
  expect(result.cases.map((c) => c.query)).toEqual(QUERIES);
  for (const c of result.cases) {
    expect(c.ours.p95).toBeGreaterThan(0);
    expect(c.raw.p95).toBeGreaterThan(0);
    expect(c.ratio).toBeCloseTo(c.ours.p95 / c.raw.p95);
  }
  // A word the filler uses finds records; a made-up one finds none.
  expect(result.cases.find((c) => c.query === 'sunset')!.hits).toBeGreaterThan(0);
  expect(result.cases.find((c) => c.query === 'zzqx')!.hits).toBe(0);
  expect(lines.some((l) => l.startsWith('palette.search p95 worst '))).toBe(true);
  expect(lines.some((l) => l.startsWith('ratio ours/raw SQL (p95) worst '))).toBe(true);
}, 120_000);
