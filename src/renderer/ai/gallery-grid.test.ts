import { describe, expect, it } from 'vitest';
import { galleryStep } from './GalleryGrid';

describe('keys in the results gallery', () => {
  it('moves by tiles and rows, to the first and the last, clamped', () => {
    expect(galleryStep('ArrowRight', 4, 10, 3)).toBe(5);
    expect(galleryStep('ArrowDown', 4, 10, 3)).toBe(7);
    expect(galleryStep('ArrowDown', 8, 10, 3)).toBe(9);
    expect(galleryStep('ArrowUp', 1, 10, 3)).toBe(0);
    expect(galleryStep('ArrowLeft', 0, 10, 3)).toBe(0);
    expect(galleryStep('Home', 7, 10, 3)).toBe(0);
    expect(galleryStep('End', 2, 10, 3)).toBe(9);
    expect(galleryStep('Enter', 2, 10, 3)).toBeUndefined();
  });
});
