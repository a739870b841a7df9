import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSize, runImportCurve } from './import';

describe('import benchmark', () => {
  // Smoke test: the curve runs end to end at two small sizes, our hashes are checked against openssl's,
  // every part of both sides is timed, and the temp folders are removed.
  it('runs at small sizes, prints its ratio and its curve, and removes its files', async () => {
    const lines: string[] = [];
    const { points, growth, baselineGrowth } = await runImportCurve({
      sizesMb: [24, 8],
      rounds: 1,
      log: (line) => lines.push(line),
    });
    expect(points.map((p) => p.totalBytes)).toEqual([8 * 1024 * 1024, 24 * 1024 * 1024]);
    for (const p of points) {
      expect(p.files).toBeGreaterThan(1);
      // Half the bytes are one long file.
      expect(p.largestFileBytes).toBe(p.totalBytes / 2);
      expect(p.baselineMBps).toBeGreaterThan(0);
      expect(p.oursMBps).toBeGreaterThan(0);
      expect(p.ratio).toBeCloseTo(p.oursMBps / p.baselineMBps);
      expect(p.msPerMb).toBeCloseTo(1000 / p.oursMBps);
      for (const part of [...Object.values(p.baselineParts), ...Object.values(p.oursParts)])
        expect(part).toBeGreaterThanOrEqual(0);
      expect(p.baselineParts.hash).toBeGreaterThan(0);
      expect(p.oursParts.copy).toBeGreaterThan(0);
      expect(p.rssGrowthMb).toBeLessThan(64);
      expect(p.byFile.longMBps).toBeGreaterThan(0);
      expect(p.byFile.cameraMBps).toBeGreaterThan(0);
      expect(fs.existsSync(p.workDir)).toBe(false);
    }
    expect(growth).toBeCloseTo(points[1]!.msPerMb / points[0]!.msPerMb);
    expect(baselineGrowth).toBeCloseTo(points[0]!.baselineMBps / points[1]!.baselineMBps);
    expect(lines.filter((line) => line.startsWith('ratio ours/baseline: '))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('peak RSS during ours: '))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('ours by file: the long video '))).toHaveLength(2);
    expect(lines.some((line) => line.startsWith('openssl dgst + cp + sync (fsync) '))).toBe(true);
    expect(lines.some((line) => line.startsWith('cost per MB, largest/smallest size: '))).toBe(true);
    expect(lines.some((line) => line.startsWith('baseline cost per MB, largest/smallest size: '))).toBe(true);
  }, 120_000);

  it('reads sizes in MB or GB and refuses anything else in words', () => {
    expect(parseSize('100MB')).toBe(100);
    expect(parseSize('4GB')).toBe(4096);
    expect(parseSize('1 g')).toBe(1024);
    expect(parseSize('250')).toBe(250);
    expect(() => parseSize('lots')).toThrow('an import size must be a positive number of megabytes');
    expect(() => parseSize('0MB')).toThrow('got "0MB"');
  });
});
