/**
 * A `$ref` loop that never reaches a schema (A → B → A) cannot be resolved, and the parser keeps
 * it silently. Recursive schemas (a tree whose children are trees) do reach one and are fine.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The value at a local JSON pointer ("#/components/schemas/A"), or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let cur: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(cur) || !Object.hasOwn(cur, key)) return undefined;
    cur = cur[key];
  }
  return cur;
}

const refOf = (v: unknown): string | undefined => (isObject(v) && typeof v.$ref === 'string' ? v.$ref : undefined);

/** The first local `$ref` chain that comes back to itself, as the pointers it goes through; null if none. */
export function findRefLoop(doc: unknown): string[] | null {
  const safe = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    const ref = refOf(node);
    if (ref?.startsWith('#') && !safe.has(ref)) {
      const loop = follow(doc, ref, safe);
      if (loop) return loop;
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  return null;
}

function follow(doc: unknown, start: string, safe: Set<string>): string[] | null {
  const chain: string[] = [];
  for (let ref: string | undefined = start; ref?.startsWith('#'); ref = refOf(resolvePointer(doc, ref))) {
    if (chain.includes(ref)) return [...chain.slice(chain.indexOf(ref)), ref];
    if (safe.has(ref)) break;
    chain.push(ref);
  }
  for (const r of chain) safe.add(r);
  return null;
}
