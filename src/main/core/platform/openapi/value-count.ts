/**
 * YAML aliases let a small file stand for a huge tree (a "billion laughs" document), and the
 * parser's later passes walk every copy. Count the tree as those passes see it, stopping early.
 */
export const MAX_VALUES = 4_000_000;

/** Whether the document, aliases expanded, holds more than `limit` values. */
export function exceedsValues(doc: unknown, limit = MAX_VALUES): boolean {
  let count = 0;
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const value = stack.pop();
    count += 1;
    if (count > limit) return true;
    if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) stack.push(child);
  }
  return false;
}
