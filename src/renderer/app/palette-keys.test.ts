import { describe, expect, it } from 'vitest';
import { paletteMove } from './palette-keys';

describe('paletteMove', () => {
  it('wraps with the arrows', () => {
    expect(paletteMove('ArrowDown', 4, 5)).toBe(0);
    expect(paletteMove('ArrowUp', 0, 5)).toBe(4);
    expect(paletteMove('ArrowDown', 1, 5)).toBe(2);
  });

  it('steps five with the page keys, stopping at the ends', () => {
    expect(paletteMove('PageDown', 2, 20)).toBe(7);
    expect(paletteMove('PageDown', 17, 20)).toBe(19);
    expect(paletteMove('PageUp', 3, 20)).toBe(0);
  });

  it('stays at the start when nothing matches, and ignores other keys', () => {
    expect(paletteMove('ArrowDown', 0, 0)).toBe(0);
    expect(paletteMove('a', 1, 5)).toBeNull();
    expect(paletteMove('Enter', 1, 5)).toBeNull();
  });
});
