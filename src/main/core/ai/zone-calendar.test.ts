import { describe, expect, it } from 'vitest';
import { dayBounds, monthBounds } from './zone-calendar';

const iso = (t: number) => new Date(t).toISOString();

describe('zone calendar', () => {
  it('finds the local midnight of a non-UTC zone', () => {
    // 23:30 in Tokyo on 24 November is still the 24th there.
    const b = dayBounds(Date.parse('2026-11-24T14:30:00Z'), 'Asia/Tokyo');
    expect(iso(b.start)).toBe('2026-11-23T15:00:00.000Z');
    expect(iso(b.end)).toBe('2026-11-24T15:00:00.000Z');
  });

  it('gives a DST day its real length (23 and 25 hours)', () => {
    const spring = dayBounds(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = dayBounds(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Paris');
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
    expect(iso(autumn.end)).toBe('2026-10-25T23:00:00.000Z');
  });

  it('ends a month at the local start of the next, across a year end', () => {
    const b = monthBounds(Date.parse('2026-12-31T23:30:00Z'), 'America/New_York');
    expect(iso(b.start)).toBe('2026-12-01T05:00:00.000Z');
    expect(iso(b.end)).toBe('2027-01-01T05:00:00.000Z');
  });

  it('starts a day whose midnight a DST change skips at the first moment it has', () => {
    // Santiago moves its clocks from 24:00 to 01:00 on 6 September 2026.
    const b = dayBounds(Date.parse('2026-09-06T15:00:00Z'), 'America/Santiago');
    expect(iso(b.start)).toBe('2026-09-06T04:00:00.000Z');
  });
});
