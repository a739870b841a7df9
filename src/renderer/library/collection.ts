import type { KeyboardEvent } from 'react';
import type { AssetView } from '../../shared/library';
import type { CollectionShape } from './collection-keys';
import type { Modifiers, Selection } from './use-selection';

/** What the grid and the list views both take from the section. */
export interface CollectionViewProps {
  total: number;
  itemAt(index: number): AssetView | undefined;
  sel: Selection;
  /** New results are on their way: the view says so to assistive technology. */
  busy: boolean;
  /** When it changes (other filters, the trash), the view scrolls back to the top. */
  resetKey: string;
  /** Bumped when keyboard focus should move to `sel.focus` (scrolled into view first). */
  focusRequest: number;
  onRange(start: number, end: number): void;
  onPick(index: number, item: AssetView | undefined, mods: Modifiers): void;
  onFocusAt(index: number): void;
  onOpen(): void;
  onKey(e: KeyboardEvent, shape: Omit<CollectionShape, 'total'>): void;
}

/** Item-level handlers, stable across renders so memoised cards and rows skip re-rendering. */
export interface ItemHandlers {
  pick(index: number, item: AssetView | undefined, mods: Modifiers): void;
  focusAt(index: number): void;
  open(): void;
}

export const modifiersOf = (e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): Modifiers => ({
  shift: e.shiftKey,
  toggle: e.ctrlKey || e.metaKey,
});
