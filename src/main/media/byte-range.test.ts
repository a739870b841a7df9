import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

describe('parseByteRange', () => {
  it('serves the whole file without a usable header', () => {
    for (const header of [
      undefined,
      null,
      '',
      'items=0-5',
      'bytes=',
      'bytes=-',
      'bytes=abc-5',
      'bytes=0-1,4-5',
      'bytes=9-3',
    ]) {
      expect(parseByteRange(header, 100)).toBeNull();
    }
  });

  it('reads closed, open and suffix ranges and clamps the end to the file', () => {
    expect(parseByteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=95-500', 100)).toEqual({ start: 95, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuses ranges that start past the end, empty suffixes and any range of an empty file', () => {
    expect(parseByteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=200-300', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-5', 0)).toBe('unsatisfiable');
  });
});
