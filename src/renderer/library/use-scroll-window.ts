import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First row to render (inclusive). */
  start: number;
  /** Row after the last one to render (exclusive). */
  end: number;
}

/** The rows a viewport shows, with `overscan` extra rows on each side, clamped to the list. */
export function rowWindow(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan: number): RowWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(viewportHeight, rowHeight)) / rowHeight);
  return { start: Math.max(0, Math.min(first - overscan, rowCount - 1)), end: Math.min(rowCount, last + overscan) };
}

interface Measure {
  top: number;
  height: number;
  width: number;
}

/**
 * A small windowing hook: watches a scroll container (scroll position and size) and says which
 * fixed-height rows to render (`rowsFor` gives the row count for a width, as a grid's columns
 * follow the width). State changes only when the row window or the width changes, so
 * scrolling inside a row costs no render.
 */
export function useScrollWindow(ref: RefObject<HTMLElement | null>, rowHeight: number, rowsFor: (width: number) => number, overscan = 3) {
  const [m, setM] = useState<Measure>({ top: 0, height: 0, width: 0 });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const read = () => {
      // Quantise the position to whole rows: the window only moves when a row boundary is crossed.
      const top = Math.floor(el.scrollTop / rowHeight) * rowHeight;
      const next = { top, height: el.clientHeight, width: el.clientWidth };
      setM((prev) => (prev.top === next.top && prev.height === next.height && prev.width === next.width ? prev : next));
    };
    read();
    el.addEventListener('scroll', read, { passive: true });
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      observer.disconnect();
    };
  }, [ref, rowHeight]);

  const rowCount = rowsFor(m.width);
  const win = rowWindow(m.top, m.height, rowHeight, rowCount, overscan);

  /** Scroll just enough for a row to be fully visible. */
  const scrollRowIntoView = useCallback(
    (row: number) => {
      const el = ref.current;
      if (!el) return;
      const top = row * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
    },
    [ref, rowHeight],
  );

  const scrollToTop = useCallback(() => {
    if (ref.current) ref.current.scrollTop = 0;
  }, [ref]);

  return { ...win, width: m.width, height: m.height, totalHeight: rowCount * rowHeight, scrollRowIntoView, scrollToTop };
}
