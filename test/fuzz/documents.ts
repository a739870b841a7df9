// Text inputs that parse (CSV, JSON rows, profiles, OpenAPI documents) and near-misses of them:
// random strings alone almost never get past a parser's first line.
import fc from 'fast-check';
import { hostileString, hostileValue } from './hostile';

/** A copy of `doc` with a few nodes replaced, removed or joined by unexpected keys. */
export function mutated(doc: unknown): fc.Arbitrary<unknown> {
  const edit = fc.record({
    at: fc.nat(),
    kind: fc.constantFrom('replace', 'remove', 'add', 'retype'),
    value: hostileValue,
    key: fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor')),
  });
  return fc.array(edit, { minLength: 1, maxLength: 4 }).map((edits) => {
    const copy: unknown = structuredClone(doc);
    for (const e of edits) applyEdit(copy, e);
    return copy;
  });
}

interface Edit {
  at: number;
  kind: 'replace' | 'remove' | 'add' | 'retype';
  value: unknown;
  key: string;
}

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number };

/** Every slot (object property or array item) of a document; iterative, as edits may nest thousands deep. */
function slots(root: unknown): Slot[] {
  const out: Slot[] = [];
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length > 0 && out.length < 50_000) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach((child: unknown, i) => {
        out.push({ parent: node, key: i });
        stack.push(child);
      });
    } else if (Object.getPrototypeOf(node) === Object.prototype || Object.getPrototypeOf(node) === null) {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        out.push({ parent: record, key });
        stack.push(record[key]);
      }
    }
  }
  return out;
}

function applyEdit(root: unknown, e: Edit): void {
  const all = slots(root);
  if (all.length === 0) return;
  const slot = all[e.at % all.length] as Slot;
  const { parent, key } = slot;
  if (Array.isArray(parent) && typeof key === 'number') {
    if (e.kind === 'remove') parent.splice(key, 1);
    else if (e.kind === 'add') parent.push(e.value);
    else parent[key] = e.kind === 'retype' ? retype(parent[key]) : e.value;
    return;
  }
  const record = parent as Record<string, unknown>;
  if (e.kind === 'remove') delete record[key];
  else if (e.kind === 'add')
    Object.defineProperty(record, e.key, { value: e.value, enumerable: true, writable: true, configurable: true });
  else record[key as string] = e.kind === 'retype' ? retype(record[key as string]) : e.value;
}

/** The same information in the wrong type: "3" for 3, [x] for x, {} for a list. */
function retype(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value === '' ? 0 : [value];
  if (typeof value === 'boolean') return value ? 'true' : 0;
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]));
  if (value === null) return 'null';
  return [value];
}

/** JSON text of any generated value; cycles, BigInts and 5,000-deep nesting become a stand-in object. */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '{"unserialisable": true}';
  }
}

/** JSON text of a document: as is, mutated, or cut short. */
export function documentText(doc: unknown): fc.Arbitrary<string> {
  const json = toJson;
  const whole = JSON.stringify(doc, null, 1);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(whole) },
    { weight: 6, arbitrary: mutated(doc).map(json) },
    { weight: 1, arbitrary: fc.nat({ max: whole.length }).map((n) => whole.slice(0, n)) },
  );
}

const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  hostileString.filter((s) => s.length < 5_000),
  fc.constantFrom('"', '""', 'a,b', 'line\nbreak', '2026-05-01T10:00:00Z', 'tomorrow', '-1', '1e400'),
);

/** CSV text with some of the given column names, quoting, ragged rows and odd cells. */
export function csvText(columns: readonly string[]): fc.Arbitrary<string> {
  const header = fc.uniqueArray(fc.oneof(fc.constantFrom(...columns), fc.string({ maxLength: 8 })), {
    minLength: 1,
    maxLength: 6,
  });
  const quote = (c: string) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return header.chain((names) => {
    const rows = fc.array(fc.array(cell, { minLength: Math.max(0, names.length - 1), maxLength: names.length + 1 }), {
      maxLength: 8,
    });
    return fc
      .tuple(rows, fc.constantFrom('\n', '\r\n'))
      .map(([body, eol]) => [names, ...body].map((row) => row.map(quote).join(',')).join(eol));
  });
}

/** A JSON array of rows keyed by some of the given names. */
export function jsonRowsText(columns: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(fc.jsonValue({ maxDepth: 1 }), cell);
  const row = fc.dictionary(fc.oneof(fc.constantFrom(...columns), fc.string({ maxLength: 8 })), value, { maxKeys: 6 });
  return fc.oneof(
    fc.array(row, { maxLength: 6 }).map((rows) => JSON.stringify(rows)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  );
}
