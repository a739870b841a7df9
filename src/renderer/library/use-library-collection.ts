import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { CollectionViewProps } from './collection';
import type { FilterInput } from './filters';
import { useAssetPages } from './use-asset-pages';
import { useLibraryKeys } from './use-library-keys';
import { useTrashActions } from './use-trash-actions';
import { useSelection } from './use-selection';

/**
 * The assets of a query as the grid and the list see them: the pages loaded around the window in
 * view, the selection, keyboard focus, the keys, and the trash actions on the selection.
 */
export function useLibraryCollection(input: FilterInput, trash: boolean, panelRef: RefObject<HTMLElement | null>) {
  const [range, setRange] = useState({ start: 0, end: 0 });
  const onRange = useCallback(
    (start: number, end: number) => setRange((r) => (r.start === start && r.end === end ? r : { start, end })),
    [],
  );
  const pages = useAssetPages(input, range);
  const { total, itemAt, loadedBetween } = pages;
  const selection = useSelection(loadedBetween);
  const { sel, pick, selectAll, focusAt, arrived, reset } = selection;
  const actions = useTrashActions(selection.clearSelection);
  const resetKey = JSON.stringify(pages.shown);
  useEffect(() => reset(), [resetKey, reset]);

  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = useCallback(() => setFocusRequest((n) => n + 1), []);
  const focused = sel.focus === null ? undefined : itemAt(sel.focus);
  useEffect(() => {
    if (sel.awaiting && focused) arrived(focused);
  }, [sel.awaiting, focused, arrived]);

  const openPanel = () => panelRef.current?.focus();
  const onKey = useLibraryKeys({
    sel,
    total: total ?? 0,
    trash,
    focused,
    itemAt,
    loadedBetween,
    pick,
    selectAll,
    requestFocus,
    openPanel,
    trashIds: (ids) => void actions.trash(ids),
  });
  const viewProps: CollectionViewProps = {
    total: total ?? 0,
    itemAt,
    sel,
    busy: pages.refreshing,
    resetKey,
    focusRequest,
    onRange,
    onPick: pick,
    onFocusAt: focusAt,
    onOpen: openPanel,
    onKey,
  };
  return { pages, selection, actions, viewProps, requestFocus };
}
