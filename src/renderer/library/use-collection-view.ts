import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { CollectionViewProps, ItemHandlers } from './collection';
import { OVERSCAN, rowsWithFocus, windowOf } from './virtual-rows';

/**
 * What the grid and list share: the row window (TanStack Virtual, fixed-height rows, the
 * columns following the width), reporting the visible items for fetching, scrolling to the top
 * on new results, and moving DOM focus where the keyboard asked.
 */
export function useCollectionView(
  ref: RefObject<HTMLElement | null>,
  props: CollectionViewProps,
  rowHeight: number,
  columnsFor: (width: number) => number,
) {
  const { total, sel, resetKey, focusRequest, onRange } = props;
  const [width, setWidth] = useState(0);
  const columns = columnsFor(width);
  const rows = Math.ceil(total / columns);
  const focusRow = sel.focus !== null && sel.focus < total ? Math.floor(sel.focus / columns) : null;
  const virtual = useVirtualizer({
    count: rows,
    getScrollElement: () => ref.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    rangeExtractor: (range) => rowsWithFocus(range, focusRow),
    // The library watches the size for the rows; the width also sets the grid's columns.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => {
        setWidth(rect.width);
        cb(rect);
      }),
  });
  // Reading the rows first brings the virtualizer's range up to date for this render.
  const rowList = virtual.getVirtualItems().map((r) => r.index);
  const { start, end } = windowOf(virtual.range, rows);
  const firstItem = start * columns;
  const endItem = Math.min(total, end * columns);

  useEffect(() => onRange(firstItem, endItem), [onRange, firstItem, endItem]);
  useEffect(() => virtual.scrollToOffset(0), [resetKey, virtual]);

  useEffect(() => {
    if (focusRequest === 0 || sel.focus === null) return;
    virtual.scrollToIndex(Math.floor(sel.focus / columns), { align: 'auto' });
    ref.current?.querySelector<HTMLElement>(`[data-index="${sel.focus}"]`)?.focus({ preventScroll: true });
    // Only a new request moves focus (its render carries the new focus); a re-render never steals it.
  }, [focusRequest]);

  // Handlers that never change identity, reading the latest props through a ref.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const handlers = useRef<ItemHandlers>({
    pick: (i, item, mods) => latest.current.onPick(i, item, mods),
    focusAt: (i) => latest.current.onFocusAt(i),
    open: () => latest.current.onOpen(),
  }).current;

  const tabStop = sel.focus !== null && sel.focus < total ? sel.focus : firstItem;
  const height = virtual.scrollRect?.height ?? 0;
  return {
    rows,
    columns,
    rowList,
    handlers,
    tabStop,
    totalHeight: virtual.getTotalSize(),
    pageRows: Math.max(1, Math.floor(height / rowHeight)),
  };
}
