import fs from 'node:fs';
import { expect, it } from 'vitest';
import { runPreviewBench, typedText } from './preview';

it('types text with hashtags, mentions, links and line breaks, to the length asked', () => {
  const text = typedText(2000);
  expect(text).toHaveLength(2000);
  expect(text).toContain('#handmade');
  expect(text).toContain('@ada_k');
  expect(text).toContain('https://example.com/drop');
  expect(text).toContain('\n');
});

// Smoke test: the benchmark builds its page, types a short text into the composer, the panel and the
// baseline in Chromium, times every keystroke, prints a row for each, its ratio and target lines, and
// removes its files.
it('preview benchmark times every keystroke of the composer, the panel and the baseline, and cleans up', async () => {
  const lines: string[] = [];
  const result = await runPreviewBench({ chars: 40, log: (line) => lines.push(line) });
  expect(result.keystrokes).toEqual({ composer: 40, ours: 40, baseline: 40 });
  expect(result.composer.p50).toBeGreaterThan(0);
  expect(result.composer.p95).toBeGreaterThanOrEqual(result.composer.p50);
  expect(lines.some((line) => line.includes('composer: post editor, 4 channels'))).toBe(true);
  expect(lines.some((line) => line.includes('panel: previews, 4 channels'))).toBe(true);
  expect(result.ours.p50).toBeGreaterThan(0);
  expect(result.ours.p95).toBeGreaterThanOrEqual(result.ours.p50);
  expect(result.baseline.p95).toBeGreaterThan(0);
  expect(lines.some((line) => line.startsWith('ratio composer/baseline (p95): '))).toBe(true);
  expect(lines.some((line) => line === 'target met' || line.startsWith('target missed: '))).toBe(true);
  expect(fs.existsSync(result.workDir)).toBe(false);
}, 180_000);
