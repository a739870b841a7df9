import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';
import { parseRetryAfter } from './retry-after';

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP-date against the local clock, or against the answer Date header when present', () => {
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5000);
    // The server's clock is 1 h behind ours: the wait is still 5 s.
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:00:05 GMT', now, 'Mon, 31 Dec 2029 23:00:00 GMT')).toBe(5000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
  });

  it('ignores absent and unreadable values', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('is full jitter over a capped exponential', () => {
    expect(backoffDelay(0, () => 0.5, 250, 5000)).toBe(125);
    expect(backoffDelay(1, () => 0.5, 250, 5000)).toBe(250);
    expect(backoffDelay(3, () => 0.999, 250, 5000)).toBe(1998);
    expect(backoffDelay(0, () => 0, 250, 5000)).toBe(0);
  });

  it('never exceeds the cap, however many retries', () => {
    for (let retry = 0; retry < 100; retry += 1)
      expect(backoffDelay(retry, () => 0.9999, 250, 5000)).toBeLessThan(5000);
  });
});
