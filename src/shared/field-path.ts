/**
 * Field paths: where a value sits in a JSON answer, as profiles write it. Dots reach into objects
 * (`data.access_token`), numbers or `[n]` into lists (`errors.0.message`, `errors[0].message`),
 * and `*` or `[]` take every item of a list (`result.images.*.url`). Pure functions, no I/O: the
 * core reads answers with them and the renderer builds them when the user points at a field.
 */

export type PathSegment = string | number | '*';

const SEGMENT = /^[^.[\]]+$/;

/** Split a path into segments; null when it is not a path (empty parts, unclosed brackets). */
export function parsePath(path: string): PathSegment[] | null {
  if (path.length === 0 || path.length > 300) return null;
  const out: PathSegment[] = [];
  // "a[0].b" → "a.[0].b": brackets become their own parts.
  for (const part of path.replace(/\[/g, '.[').split('.')) {
    if (part === '') {
      if (out.length === 0 && path.startsWith('[')) continue; // a path may start with "[0]"
      return null;
    }
    if (part.startsWith('[')) {
      const inner = /^\[(\d*|\*)\]$/.exec(part)?.[1];
      if (inner === undefined) return null;
      out.push(inner === '' || inner === '*' ? '*' : Number(inner));
    } else if (part === '*') out.push('*');
    else if (/^\d+$/.test(part)) out.push(Number(part));
    else if (SEGMENT.test(part)) out.push(part);
    else return null;
  }
  return out.length > 0 ? out : null;
}

/** Whether a string can name a field to send: names joined by dots, no indexes, no "*", nothing inherited. */
export function isRequestField(path: string): boolean {
  const segments = parsePath(path);
  return (
    segments !== null &&
    segments.every((s) => typeof s === 'string' && s !== '*' && !/^\d+$/.test(s) && !FORBIDDEN.has(s))
  );
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether a string is a well-formed path (for schemas). */
export function isFieldPath(path: string): boolean {
  return parsePath(path) !== null;
}

/** Write segments back as the canonical path (`errors.0.message`, `items.*.url`). */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments.map((s) => (typeof s === 'number' ? String(s) : s)).join('.');
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function step(value: unknown, segment: PathSegment): unknown {
  if (typeof segment === 'number')
    return Array.isArray(value) ? value[segment] : isRecord(value) ? value[String(segment)] : undefined;
  if (segment === '*') return value;
  if (!isRecord(value) || !Object.hasOwn(value, segment)) return undefined;
  return value[segment];
}

function walk(value: unknown, segments: readonly PathSegment[], from: number): unknown {
  let cur = value;
  for (let i = from; i < segments.length; i++) {
    const segment = segments[i] as PathSegment;
    if (segment === '*') {
      if (!Array.isArray(cur)) return undefined;
      const found = cur.map((item) => walk(item, segments, i + 1)).filter((v) => v !== undefined && v !== null);
      return found.length > 0 ? found : undefined;
    }
    cur = step(cur, segment);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** The value at a path, or undefined. A `*` makes the result a list of what each item holds. */
export function readPath(body: unknown, path: string): unknown {
  const segments = parsePath(path);
  return segments ? walk(body, segments, 0) : undefined;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The first alias that holds a value (not null, not an empty string). */
export function readFirst(body: unknown, aliases: readonly string[] | undefined): unknown {
  for (const alias of aliases ?? []) {
    const v = readPath(body, alias);
    if (present(v)) return v;
  }
  return undefined;
}

/** Like readFirst, but only a string (numbers become text) counts; objects are skipped. */
export function readFirstText(body: unknown, aliases: readonly string[] | undefined): string | undefined {
  for (const alias of aliases ?? []) {
    const v = readPath(body, alias);
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

/** The alias that matched, with its value: for explaining where a value came from. */
export function findFirst(
  body: unknown,
  aliases: readonly string[] | undefined,
): { path: string; value: unknown } | null {
  for (const alias of aliases ?? []) {
    const v = readPath(body, alias);
    if (present(v)) return { path: alias, value: v };
  }
  return null;
}

/**
 * Put a value at a path inside a request body, making the objects on the way
 * (`data.username` → `{data:{username}}`). Only names: lists and `*` are refused.
 */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = parsePath(path);
  if (!segments || segments.some((s) => typeof s !== 'string' || s === '*'))
    throw new Error(`"${path}" cannot name a field to send`);
  let cur = target;
  for (const [i, seg] of (segments as string[]).entries()) {
    if (seg === '__proto__' || seg === 'constructor' || seg === 'prototype')
      throw new Error(`"${path}" cannot name a field to send`);
    if (i === segments.length - 1) {
      cur[seg] = value;
      return;
    }
    const next = cur[seg];
    if (isRecord(next)) cur = next;
    else {
      const made: Record<string, unknown> = {};
      cur[seg] = made;
      cur = made;
    }
  }
}

/** Every leaf of a JSON value with its path (for the answer tree the user points into). */
export function leaves(body: unknown, limit = 2000): { path: string; value: unknown }[] {
  const out: { path: string; value: unknown }[] = [];
  const visit = (value: unknown, prefix: PathSegment[]) => {
    if (out.length >= limit) return;
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...prefix, i]));
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) visit(v, [...prefix, k]);
    else out.push({ path: formatPath(prefix), value });
  };
  visit(body, []);
  return out;
}
