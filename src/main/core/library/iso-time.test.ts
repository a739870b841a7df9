import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('writes exactly what toISOString writes, across days, leap years and the ends of the range', () => {
    const samples = [
      0,
      1,
      999,
      1000,
      59_999,
      86_399_999,
      86_400_000,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(2026, 10, 24, 22, 5, 7, 40),
      253_402_300_799_999,
      253_402_300_800_000,
      -1,
      -86_400_001,
    ];
    // A walk of uneven steps over sixty years, so consecutive calls share a day or cross one.
    for (
      let ms = Date.UTC(1990, 0, 1), step = 7_777;
      ms < Date.UTC(2050, 0, 1);
      ms += step, step = (step * 13) % 9_999_991
    )
      samples.push(ms);
    for (const ms of samples) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('says an instant out of range the way toISOString does', () => {
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(isoTime(1.5)).toBe(new Date(1.5).toISOString());
  });
});
