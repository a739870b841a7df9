import { describe, expect, it } from 'vitest';
import { exceedsValues } from './value-count';

describe('exceedsValues', () => {
  it('counts shared parts once per place they appear', () => {
    const leaf = [1, 2, 3]; // 4 values
    const doc = { a: leaf, b: leaf }; // 1 + 4 + 4
    expect(exceedsValues(doc, 9)).toBe(false);
    expect(exceedsValues(doc, 8)).toBe(true);
  });

  it('stops on a structure that contains itself', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(exceedsValues(loop, 1000)).toBe(true);
  });
});
