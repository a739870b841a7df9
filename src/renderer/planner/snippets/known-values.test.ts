import { describe, expect, it } from 'vitest';
import { dayIn, knownValues } from './known-values';

describe('known values for snippet variables', () => {
  const late = new Date('2026-11-25T23:30:00Z');

  it('gives today in the creator’s zone, the same when asked again', () => {
    expect(dayIn('Asia/Tokyo', late)).toBe('2026-11-26');
    expect(dayIn('America/New_York', late)).toBe('2026-11-25');
    expect(dayIn('Asia/Tokyo', new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25');
    expect(dayIn('Asia/Tokyo', late)).toBe('2026-11-26');
  });

  it('falls back to the UTC day for a zone Intl does not know, every time', () => {
    expect(dayIn('Not/AZone', late)).toBe('2026-11-25');
    expect(dayIn('Not/AZone', new Date('2026-11-26T01:00:00Z'))).toBe('2026-11-26');
  });

  it('takes the scheduled day for {{date}}, else today, and the first channel for {{channel}}', () => {
    expect(knownValues({ scheduledAt: '2026-12-01T09:00', channel: 'Shop', zone: 'UTC' })).toEqual({
      date: '2026-12-01',
      channel: 'Shop',
    });
    expect(knownValues({ zone: 'Not/AZone' }).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(knownValues({ zone: 'UTC' })).not.toHaveProperty('channel');
  });
});
