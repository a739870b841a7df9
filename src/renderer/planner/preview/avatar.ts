/** A channel's initials for its avatar: the first letters of its first two words ("Ada's Kitchen" → "AK"). */
export function initialsOf(name: string, handle = ''): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const source = words.length > 0 ? words : [handle.replace(/^@+/u, '')].filter(Boolean);
  const letters = source.slice(0, 2).map((word) => Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '');
  return letters.join('').toLocaleUpperCase() || '?';
}

/** Black or white, whichever reads better on `#rrggbb` (WCAG relative luminance). */
export function inkOn(colour: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/iu.exec(colour);
  if (!match) return '#ffffff';
  const linear = match.slice(1).map((hex) => {
    const c = parseInt(hex, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = linear;
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** The handle as feeds print it: with one leading @ (a Mastodon address keeps its server). */
export function handleOf(handle: string): string {
  const bare = handle.trim().replace(/^@+/u, '');
  return bare ? `@${bare}` : '';
}
