import type { KeyboardEvent } from 'react';
import type { AssetView } from '../../shared/library';
import { collectionAction, type CollectionShape } from './collection-keys';
import type { Modifiers, Selection } from './use-selection';

interface Deps {
  sel: Selection;
  total: number;
  trash: boolean;
  focused: AssetView | undefined;
  itemAt(index: number): AssetView | undefined;
  loadedBetween(from: number, to: number): AssetView[];
  pick(index: number, item: AssetView | undefined, mods: Modifiers, select?: boolean): void;
  selectAll(items: AssetView[]): void;
  requestFocus(): void;
  openPanel(): void;
  trashIds(ids: string[]): void;
}

/** The ids a keyboard action applies to: the selection, or else the focused asset. */
const targetIds = (sel: Selection, focused: AssetView | undefined): string[] =>
  sel.ids.size ? [...sel.ids] : focused ? [focused.id] : [];

/** Keys in the grid and the list (arrows, Home/End, pages, selection, open, delete) carried out on the section. */
export function useLibraryKeys(d: Deps) {
  return (e: KeyboardEvent, shape: Omit<CollectionShape, 'total'>) => {
    const { sel, focused } = d;
    const action = collectionAction(e, sel.focus, { ...shape, total: d.total });
    if (!action) return;
    e.preventDefault();
    switch (action.type) {
      case 'move':
        d.pick(action.to, d.itemAt(action.to), { shift: action.shift, toggle: !action.select }, action.select);
        d.requestFocus();
        break;
      case 'select':
        if (sel.focus !== null) d.pick(sel.focus, focused, { shift: false, toggle: action.toggle });
        break;
      case 'open':
        if (focused && sel.activeId !== focused.id) d.pick(sel.focus ?? 0, focused, { shift: false, toggle: false });
        if (focused || sel.activeId) d.openPanel();
        break;
      case 'delete': {
        const ids = targetIds(sel, focused);
        if (!d.trash && ids.length) d.trashIds(ids);
        break;
      }
      case 'selectAll':
        d.selectAll(d.loadedBetween(0, d.total - 1));
        break;
      case 'clear':
        d.selectAll([]);
        break;
    }
  };
}
