import { useCallback, useState } from 'react';
import type { AssetView } from '../../shared/library';

export interface Selection {
  /** Selected asset ids (ids, not positions: they survive refreshes and re-sorting). */
  ids: ReadonlySet<string>;
  /** Where Shift extends from. */
  anchor: number | null;
  /** The position with keyboard focus (the roving tab stop). */
  focus: number | null;
  /** The asset the detail panel shows; it stays put if a refresh moves the asset elsewhere. */
  activeId: string | null;
  /** Focus jumped to a row not loaded yet: what to do with it once it arrives. */
  awaiting: 'select' | 'focus' | null;
}

export interface Modifiers {
  shift: boolean;
  toggle: boolean;
}

const empty: Selection = { ids: new Set(), anchor: null, focus: null, activeId: null, awaiting: null };

/**
 * File-manager selection over a long, partly loaded list: click selects one, Ctrl/Cmd toggles,
 * Shift selects the loaded items between the anchor and the target.
 */
export function useSelection(loadedBetween: (from: number, to: number) => AssetView[]) {
  const [sel, setSel] = useState<Selection>(empty);

  /** A click, or a keyboard move (`select: false` moves focus only, as Ctrl+arrow does). */
  const pick = useCallback(
    (index: number, item: AssetView | undefined, mods: Modifiers, select = true) => {
      setSel((s) => {
        const awaiting = item ? null : select && !mods.toggle ? 'select' : 'focus';
        const activeId = item?.id ?? null;
        if (mods.shift) {
          const anchor = s.anchor ?? index;
          const range = loadedBetween(anchor, index).map((a) => a.id);
          const ids = new Set(mods.toggle ? [...s.ids, ...range] : range);
          return { ids, anchor, focus: index, activeId, awaiting: item ? null : 'focus' };
        }
        if (!select || mods.toggle) {
          const ids = new Set(s.ids);
          if (select && item) {
            if (ids.has(item.id)) ids.delete(item.id);
            else ids.add(item.id);
          }
          return { ids, anchor: select ? index : s.anchor, focus: index, activeId, awaiting };
        }
        return { ids: item ? new Set([item.id]) : new Set(), anchor: index, focus: index, activeId, awaiting };
      });
    },
    [loadedBetween],
  );

  const selectAll = useCallback(
    (items: AssetView[]) => setSel((s) => ({ ...s, ids: new Set(items.map((i) => i.id)) })),
    [],
  );
  /** Focus landed on a position (Tab into the grid): the selection stays. */
  const focusAt = useCallback((index: number) => setSel((s) => (s.focus === index ? s : { ...s, focus: index })), []);
  /** The row under focus arrived after a jump to a page that was not loaded. */
  const arrived = useCallback(
    (item: AssetView) =>
      setSel((s) => {
        if (!s.awaiting) return s;
        const ids = s.awaiting === 'select' ? new Set([item.id]) : s.ids;
        return { ...s, ids, activeId: item.id, awaiting: null };
      }),
    [],
  );
  /** After moving assets away (trash, restore): nothing selected, the detail panel closes. */
  const clearSelection = useCallback(
    () => setSel((s) => ({ ...s, ids: new Set(), activeId: null, awaiting: null })),
    [],
  );
  const reset = useCallback(() => setSel(empty), []);

  return { sel, pick, selectAll, focusAt, arrived, clearSelection, reset };
}
