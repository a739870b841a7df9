import fs from 'node:fs';
import { expect, it } from 'vitest';
import { parseSize, runLibraryBench, runLibraryScale } from './library';

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
    expect(c.cpuRatio).toBeGreaterThan(0);
    expect(c.parts.toView).toBeGreaterThan(0);
    // Most seeded files are on disk; the rest are asked about on every query.
    expect(c.missingFiles).toBeLessThan(c.rows / 2);
    expect(c.plan.count).toMatch(/SEARCH|SCAN/);
  }
  // The tag filter is one range of the index migration 7 adds, for the count and for the page.
  expect(result.cases[2]!.plan.count).toContain('asset_tags_filter');
  expect(result.cases[2]!.plan.page).toContain('asset_tags_filter');
  expect(lines.some((line) => line.startsWith('plan choice, tag: '))).toBe(true);
  // The search's total walks the full-text matches into assets_live (migration 8), and answers as before.
  expect(result.cases[1]!.plan.count).toMatch(/SCAN f VIRTUAL TABLE.*COVERING INDEX assets_live/);
  expect(result.oldSearchCount.plan).toContain('LIST SUBQUERY');
  expect(lines.some((line) => line.startsWith('plan choice, search total: '))).toBe(true);
  // The first page is the newest 200 of what is not in the trash.
  expect(result.cases[0]!.rows).toBe(200);
  expect(lines.some((line) => line.startsWith('ratio ours/raw (p95): '))).toBe(true);
  expect(lines.some((line) => line.startsWith('CPU-time ratio ours/raw (p95'))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
}, 120_000);

// The scale curve at its smallest size: one run, and the line that says how the cost per item grows.
it('library scale curve runs at its smallest size and prints the growth line', async () => {
  const lines: string[] = [];
  const result = await runLibraryScale([10_000], { iterations: 20, warmup: 3, log: (line) => lines.push(line) });
  expect(result.runs.map((r) => r.assets)).toEqual([10_000]);
  expect(result.growth.map((g) => g.growth)).toEqual([1, 1, 1]);
  for (const c of result.runs[0]!.cases) expect(c.nsPerItem).toBeCloseTo((c.ours.p50 * 1e6) / c.total);
  expect(lines.some((line) => line.startsWith('scale 10k → 10k, cost per matching asset: '))).toBe(true);
  expect(lines.some((line) => line.startsWith('ratio ours/raw (p95): '))).toBe(true);
}, 120_000);

it('reads library sizes as counts, 10k or 1M, and refuses anything else in words', () => {
  expect(['10k', '100k', '1M', '2000'].map(parseSize)).toEqual([10_000, 100_000, 1_000_000, 2_000]);
  expect(() => parseSize('lots')).toThrow(
    'A library size must be a positive count such as 10k, 100k or 1M; got "lots"',
  );
});
