import { describe, expect, it } from 'vitest';
import { Virtualizer } from '@tanstack/react-virtual';
import { OVERSCAN, rowsWithFocus, windowOf } from './virtual-rows';

/** The rows the views render for a scroll position, computed by the same virtualizer without a page. */
function rendered(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan: number,
  focusRow: number | null = null,
) {
  const v = new Virtualizer<HTMLElement, HTMLElement>({
    count: rowCount,
    getScrollElement: () => null,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: { width: 800, height: viewportHeight },
    initialOffset: scrollTop,
    rangeExtractor: (range) => rowsWithFocus(range, focusRow),
    scrollToFn: () => undefined,
    observeElementRect: () => undefined,
    observeElementOffset: () => undefined,
  });
  const rows = v.getVirtualIndexes();
  return { rows, ...(rows.length ? { start: rows[0]!, end: rows[rows.length - 1]! + 1 } : { start: 0, end: 0 }) };
}

describe('the windowing maths', () => {
  it('renders only the rows in view plus the overscan, clamped to the list', () => {
    expect(rendered(0, 600, 100, 1000, 2)).toMatchObject({ start: 0, end: 8 });
    expect(rendered(5000, 600, 100, 1000, 2)).toMatchObject({ start: 48, end: 58 });
    expect(rendered(99_400, 600, 100, 1000, 2)).toMatchObject({ start: 992, end: 1000 });
  });
  it('stays small at 100,000 rows and with nothing to show', () => {
    const w = rendered(3_600_000, 800, 36, 100_000, 3);
    expect(w.end - w.start).toBeLessThan(40);
    expect(rendered(0, 600, 100, 0, 2).rows).toEqual([]);
  });
  it('keeps the focused row rendered when it is scrolled away, and only once when in view', () => {
    expect(rendered(5000, 600, 100, 1000, 2, 3).rows).toEqual([3, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57]);
    expect(rendered(5000, 600, 100, 1000, 2, 50).rows).toEqual([48, 49, 50, 51, 52, 53, 54, 55, 56, 57]);
    expect(rendered(0, 600, 100, 10, 2, 12).rows).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
  it('keeps several rows when asked (the tab stop and the focus), each once, none past the end', () => {
    const range = { startIndex: 50, endIndex: 55, overscan: 2, count: 1000 };
    expect(rowsWithFocus(range, 3, null, 900, 52, 3, 1000)).toEqual([3, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 900]);
  });
  it('reports the window (in view and the overscan) for fetching, without the focused row', () => {
    expect(windowOf({ startIndex: 50, endIndex: 55 }, 1000)).toEqual({ start: 50 - OVERSCAN, end: 56 + OVERSCAN });
    expect(windowOf({ startIndex: 0, endIndex: 5 }, 4)).toEqual({ start: 0, end: 4 });
    expect(windowOf(null, 1000)).toEqual({ start: 0, end: 0 });
    expect(windowOf({ startIndex: 0, endIndex: 0 }, 0)).toEqual({ start: 0, end: 0 });
  });
});
