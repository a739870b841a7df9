/**
 * Turn what the user typed into an FTS5 query: every word must match, each as a prefix, and
 * nothing they type can be read as FTS syntax (quotes, AND/OR/NEAR, column filters).
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 20);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replaceAll('"', '""')}"*`).join(' ');
}
