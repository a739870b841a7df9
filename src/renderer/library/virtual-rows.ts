import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/** Rows rendered beyond the viewport on each side, so a quick scroll shows no blank strip. */
export const OVERSCAN = 3;

/**
 * The rows to render: the virtualizer's window (rows in view and the overscan) plus the focused
 * row (and any other kept row, such as the tab stop's) wherever it is, so keyboard focus never
 * falls back to the page when it scrolls away.
 */
export function rowsWithFocus(range: Range, ...kept: (number | null)[]): number[] {
  const rows = defaultRangeExtractor(range);
  const extra = kept.filter((r): r is number => r !== null && r >= 0 && r < range.count && !rows.includes(r));
  return extra.length === 0 ? rows : [...new Set([...rows, ...extra])].sort((a, b) => a - b);
}

/** The first and after-last rows of the window (in view and the overscan), for fetching their items. */
export function windowOf(
  visible: { startIndex: number; endIndex: number } | null,
  count: number,
): { start: number; end: number } {
  if (!visible || count === 0) return { start: 0, end: 0 };
  const rows = defaultRangeExtractor({ ...visible, overscan: OVERSCAN, count });
  return { start: rows[0] ?? 0, end: (rows[rows.length - 1] ?? -1) + 1 };
}
