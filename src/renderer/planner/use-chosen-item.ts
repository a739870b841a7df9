import { useState } from 'react';
import type { OpenRequest } from './tabs';
import { NEW } from './use-list-editor';
import { useSelected } from './use-open-request';

/**
 * A list-and-editor tab's choice: the item open in the editor (one just saved counts before the list
 * shows it), a new one, or one that is gone; and the notice of the last save, for its own editor.
 */
export function useChosenItem<T extends { id: string }>(request: OpenRequest | null, items: readonly T[] | undefined) {
  const [selected, setSelected] = useSelected(request);
  const [fresh, setFresh] = useState<{ item: T; notice: string } | null>(null);
  const [newEditor, setNewEditor] = useState(0);
  const chosen =
    selected && selected !== NEW
      ? (items?.find((i) => i.id === selected) ?? (fresh?.item.id === selected ? fresh.item : null))
      : null;
  return {
    selected,
    chosen,
    /** A new editor each time "New" is chosen, so a half-filled one never comes back. */
    editorKey: chosen ? chosen.id : `new-${newEditor}`,
    missing: selected !== null && selected !== NEW && chosen === null && items !== undefined,
    notice: fresh && chosen && fresh.item.id === chosen.id ? fresh.notice : null,
    select(id: string) {
      if (id === NEW) setNewEditor((n) => n + 1);
      setSelected(id);
    },
    saved(item: T, notice: string) {
      setFresh({ item, notice });
      setSelected(item.id);
    },
    close: () => setSelected(null),
  };
}
