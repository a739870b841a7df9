import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { CollectionViewProps, ItemHandlers } from './collection';
import { useScrollWindow } from './use-scroll-window';

/**
 * What the grid and list share: the row window, reporting the visible items for fetching,
 * scrolling to the top on new results, and moving DOM focus where the keyboard asked.
 */
export function useCollectionView(ref: RefObject<HTMLElement | null>, props: CollectionViewProps, rowHeight: number, columnsFor: (width: number) => number) {
  const { total, sel, resetKey, focusRequest, onRange } = props;
  const win = useScrollWindow(ref, rowHeight, (width) => Math.ceil(total / columnsFor(width)));
  const columns = columnsFor(win.width);
  const rows = Math.ceil(total / columns);
  const { scrollToTop, scrollRowIntoView } = win;
  const firstItem = win.start * columns;
  const endItem = Math.min(total, win.end * columns);

  useEffect(() => onRange(firstItem, endItem), [onRange, firstItem, endItem]);
  useEffect(() => scrollToTop(), [resetKey, scrollToTop]);

  useEffect(() => {
    if (focusRequest === 0 || sel.focus === null) return;
    scrollRowIntoView(Math.floor(sel.focus / columns));
    ref.current?.querySelector<HTMLElement>(`[data-index="${sel.focus}"]`)?.focus({ preventScroll: true });
    // Only a new request moves focus (its render carries the new focus); a re-render never steals it.
  }, [focusRequest]);

  // The focused row is always rendered, even scrolled away, so focus never falls back to the page.
  const rowList: number[] = [];
  for (let r = win.start; r < win.end; r++) rowList.push(r);
  const focusRow = sel.focus !== null && sel.focus < total ? Math.floor(sel.focus / columns) : null;
  if (focusRow !== null && (focusRow < win.start || focusRow >= win.end)) rowList.push(focusRow);

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
  return { win, rows, columns, rowList, handlers, tabStop, pageRows: Math.max(1, Math.floor(win.height / rowHeight)) };
}
