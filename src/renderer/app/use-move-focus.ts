import { useEffect, useState } from 'react';

type Direction = 'up' | 'down';

/**
 * A row moved with "Move up/down" is drawn again in its new place: keep the keyboard on the same
 * button (or its twin when the row reached an end). Buttons carry `data-focus-key="<id>:<dir>"`;
 * `order` is the list's ids in order, so the focus moves once the new order is on screen.
 */
export function useMoveFocus(order: string): (id: string, dir: Direction, nextOrder: string) => void {
  const [refocus, setRefocus] = useState<{ id: string; dir: Direction; order: string } | null>(null);
  useEffect(() => {
    if (!refocus || order !== refocus.order) return;
    setRefocus(null);
    const find = (dir: string) =>
      document.querySelector<HTMLButtonElement>(`[data-focus-key="${CSS.escape(`${refocus.id}:${dir}`)}"]`);
    const again = find(refocus.dir);
    (again && !again.disabled ? again : find(refocus.dir === 'up' ? 'down' : 'up'))?.focus();
  }, [order, refocus]);
  return (id, dir, nextOrder) => setRefocus({ id, dir, order: nextOrder });
}
