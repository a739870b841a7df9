import { describe, expect, it, vi } from 'vitest';
import { nextStepPages, pacedProgress } from './pacing';

describe('pacing an online backup', () => {
  it('sizes steps to about 5 ms, within bounds', () => {
    expect(nextStepPages(10, 200)).toBe(100);
    expect(nextStepPages(1, 200)).toBe(1000);
    expect(nextStepPages(0.01, 900)).toBe(1024);
    expect(nextStepPages(500, 100)).toBe(16);
  });

  it('flushes the copy as it grows, and takes the last step only after a flush, with a short tail', async () => {
    let finish: () => void = () => undefined;
    const datasync = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const progress = pacedProgress({ datasync } as unknown as Parameters<typeof pacedProgress>[0]);
    const total = 5000;
    // Far from the end: a normal step, and a flush once 1024 pages are copied.
    expect(progress({ totalPages: total, remainingPages: 4000 })).toBeGreaterThan(0);
    expect(datasync).toHaveBeenCalledTimes(0);
    expect(progress({ totalPages: total, remainingPages: 3900 })).toBeGreaterThan(0);
    expect(datasync).toHaveBeenCalledTimes(1);
    // Near the end: leave a short tail rather than copy it all in the last step.
    expect(progress({ totalPages: total, remainingPages: 40 })).toBe(8);
    // The tail waits (0 pages) while the flush runs…
    expect(progress({ totalPages: total, remainingPages: 32 })).toBe(0);
    finish();
    await new Promise((r) => setImmediate(r));
    // …then flushes what was copied since, waits again, and only then copies the rest.
    expect(progress({ totalPages: total, remainingPages: 32 })).toBe(0);
    expect(datasync).toHaveBeenCalledTimes(2);
    finish();
    await new Promise((r) => setImmediate(r));
    expect(progress({ totalPages: total, remainingPages: 32 })).toBe(32);
  });
});
