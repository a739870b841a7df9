/**
 * The `before` for `ai.reorder` that moves a waiting job one place up or down among the waiting
 * ones: the id it should precede, null for the end, or undefined when it cannot move that way.
 */
export function reorderTarget(
  queuedIds: readonly string[],
  id: string,
  dir: 'up' | 'down',
): { before: string | null } | undefined {
  const at = queuedIds.indexOf(id);
  if (at < 0) return undefined;
  if (dir === 'up') return at === 0 ? undefined : { before: queuedIds[at - 1]! };
  if (at === queuedIds.length - 1) return undefined;
  return { before: queuedIds[at + 2] ?? null };
}

/**
 * The `before` for `ai.reorder` or `planner.queueMove` that puts `id` where `overId` is (a row
 * dropped on another, the others shifting): undefined when nothing moves or either is unknown.
 */
export function dropTarget(ids: readonly string[], id: string, overId: string): { before: string | null } | undefined {
  const from = ids.indexOf(id);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return undefined;
  const rest = ids.filter((x) => x !== id);
  // Moving down, it lands after the row it was dropped on; moving up, before it.
  return { before: rest[to] ?? null };
}
