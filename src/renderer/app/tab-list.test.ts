import { describe, expect, it } from 'vitest';
import { tabTarget } from './TabList';

describe('tabTarget', () => {
  it('wraps with the arrows, jumps with Home and End, ignores other keys', () => {
    expect(tabTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabTarget('ArrowDown', 0, 3)).toBe(1);
    expect(tabTarget('Home', 2, 3)).toBe(0);
    expect(tabTarget('End', 0, 3)).toBe(2);
    expect(tabTarget('a', 1, 3)).toBe(-1);
  });
});
