/**
 * A JSON value cut down to a size worth sending to the screen, keeping its shape: every kept
 * value stays at the same path, so a field the user points at in the copy is the same field in
 * the answer. Lists keep their first items, long strings their start.
 */
export interface JsonBounds {
  maxItems: number;
  maxString: number;
  maxDepth: number;
  /** Values kept in all; past it, the remaining fields and items are left out. */
  maxNodes: number;
}

export const LIST_ANSWER_BOUNDS: JsonBounds = { maxItems: 20, maxString: 200, maxDepth: 16, maxNodes: 1000 };

/** Keys longer than this are left out rather than cut: a cut key would name another field. */
const MAX_KEY = 200;

export function boundJson(value: unknown, bounds: JsonBounds = LIST_ANSWER_BOUNDS): unknown {
  let nodes = 0;
  const visit = (v: unknown, depth: number): unknown => {
    nodes += 1;
    if (typeof v === 'string')
      return v.length > bounds.maxString ? `${v.slice(0, bounds.maxString)}… (${v.length} characters)` : v;
    if (v === null || typeof v !== 'object') return v;
    if (depth >= bounds.maxDepth) return Array.isArray(v) ? [] : {};
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v.slice(0, bounds.maxItems)) {
        if (nodes >= bounds.maxNodes) break;
        out.push(visit(item, depth + 1));
      }
      return out;
    }
    // Entries, not assignment: a "__proto__" key in an answer must stay a plain field.
    const out: [string, unknown][] = [];
    for (const [k, item] of Object.entries(v)) {
      if (nodes >= bounds.maxNodes) break;
      if (k.length <= MAX_KEY) out.push([k, visit(item, depth + 1)]);
    }
    return Object.fromEntries(out);
  };
  return visit(value, 0);
}
