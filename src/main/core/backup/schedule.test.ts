import { describe, expect, it, vi } from 'vitest';
import { createLogger, memorySink, type LogRecord } from '../logger';
import { SecretRegistry } from '../redact';
import { BackupSchedule } from './schedule';

const DAY = 86_400_000;

function schedule(last: number | null, take = vi.fn(async () => undefined)) {
  let now = 10 * DAY;
  const records: LogRecord[] = [];
  let newest = last;
  const s = new BackupSchedule({
    take: async () => {
      await take();
      newest = now;
    },
    last: () => newest,
    now: () => now,
    logger: createLogger([memorySink(records)], new SecretRegistry()),
  });
  return { s, take, records, advance: (ms: number) => (now += ms) };
}

describe('BackupSchedule', () => {
  it('backs up at once when there is no backup, then once a day', async () => {
    const { s, take, advance } = schedule(null);
    expect(await s.check()).toBe(true);
    expect(await s.check()).toBe(false);
    advance(DAY - 1);
    expect(await s.check()).toBe(false);
    advance(1);
    expect(await s.check()).toBe(true);
    expect(take).toHaveBeenCalledTimes(2);
  });

  it('leaves a recent backup alone at start, and catches up after the machine slept for days', async () => {
    const { s, take, advance } = schedule(10 * DAY - 3_600_000);
    expect(await s.check()).toBe(false);
    advance(5 * DAY);
    expect(await s.check()).toBe(true);
    expect(take).toHaveBeenCalledTimes(1);
  });

  it('does not count a backup dated in the future as recent', async () => {
    const { s, take } = schedule(10 * DAY + 3_600_000);
    expect(await s.check()).toBe(true);
    expect(take).toHaveBeenCalledTimes(1);
    // The one just taken is now the newest of the past: a day before the next.
    expect(await s.check()).toBe(false);
  });

  it('logs a failed backup and tries again at the next look', async () => {
    const take = vi.fn(async () => undefined).mockRejectedValueOnce(new Error('The disk is full'));
    const { s, records } = schedule(null, take);
    expect(await s.check()).toBe(false);
    expect(records.some((r) => r.msg === 'the daily backup failed')).toBe(true);
    expect(await s.check()).toBe(true);
  });

  it('starts with a delay after start and stops cleanly', () => {
    vi.useFakeTimers();
    try {
      const take = vi.fn(async () => undefined);
      const s = new BackupSchedule({
        take,
        last: () => null,
        now: () => Date.now(),
        logger: createLogger([], new SecretRegistry()),
        startDelayMs: 1000,
      });
      s.start();
      vi.advanceTimersByTime(999);
      expect(take).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(take).toHaveBeenCalledTimes(1);
      s.stop();
      vi.advanceTimersByTime(10 * 3_600_000);
      expect(take).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
