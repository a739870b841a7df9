import type { KeyboardEvent } from 'react';

export type CollectionAction =
  | { type: 'move'; to: number; shift: boolean; select: boolean }
  | { type: 'select'; toggle: boolean }
  | { type: 'open' }
  | { type: 'delete' }
  | { type: 'selectAll' }
  | { type: 'clear' };

export interface CollectionShape {
  total: number;
  /** Items per row (1 in the list). */
  columns: number;
  /** Rows that fit the viewport, for PageUp/PageDown. */
  pageRows: number;
}

/** What a key press in the grid or list means (null: not ours, let it through). */
export function collectionAction(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
  focus: number | null,
  shape: CollectionShape,
): CollectionAction | null {
  const { total, columns, pageRows } = shape;
  if (e.altKey || total === 0) return null;
  const mod = e.ctrlKey || e.metaKey;
  const at = focus ?? -1;
  const clamp = (n: number) => Math.max(0, Math.min(total - 1, n));
  const move = (to: number): CollectionAction => ({ type: 'move', to: clamp(to), shift: e.shiftKey, select: !mod });
  const rowStart = Math.floor(Math.max(at, 0) / columns) * columns;
  switch (e.key) {
    case 'ArrowRight':
      return columns > 1 ? move(at + 1) : null;
    case 'ArrowLeft':
      return columns > 1 ? move(Math.max(at - 1, 0)) : null;
    case 'ArrowDown':
      return move(focus === null ? 0 : at + columns);
    case 'ArrowUp':
      return move(focus === null ? 0 : at - columns);
    case 'PageDown':
      return move(focus === null ? 0 : at + columns * Math.max(1, pageRows - 1));
    case 'PageUp':
      return move(at - columns * Math.max(1, pageRows - 1));
    case 'Home':
      return move(columns > 1 && !mod ? rowStart : 0);
    case 'End':
      return move(columns > 1 && !mod ? rowStart + columns - 1 : total - 1);
    case ' ':
      return { type: 'select', toggle: mod };
    case 'Enter':
      return { type: 'open' };
    case 'Delete':
      return { type: 'delete' };
    case 'Backspace':
      // Cmd+Backspace is "move to trash" on macOS keyboards without a Delete key.
      return e.metaKey ? { type: 'delete' } : null;
    case 'a':
    case 'A':
      return mod && !e.shiftKey ? { type: 'selectAll' } : null;
    case 'Escape':
      return { type: 'clear' };
    default:
      return null;
  }
}
