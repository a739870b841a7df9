/**
 * Where a key moves the palette's choice among `count` entries (arrows wrap, pages step five), or
 * null for other keys.
 */
export function paletteMove(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return count ? (at + 1) % count : 0;
  if (key === 'ArrowUp') return count ? (at - 1 + count) % count : 0;
  if (key === 'PageDown') return Math.min(count - 1, at + 5);
  if (key === 'PageUp') return Math.max(0, at - 5);
  return null;
}
