/**
 * The `before` for `ai.reorder` that moves a waiting job one place up or down among the waiting
 * ones: the id it should precede, null for the end, or undefined when it cannot move that way.
 */
export function reorderTarget(queuedIds: readonly string[], id: string, dir: 'up' | 'down'): { before: string | null } | undefined {
  const at = queuedIds.indexOf(id);
  if (at < 0) return undefined;
  if (dir === 'up') return at === 0 ? undefined : { before: queuedIds[at - 1]! };
  if (at === queuedIds.length - 1) return undefined;
  return { before: queuedIds[at + 2] ?? null };
}
