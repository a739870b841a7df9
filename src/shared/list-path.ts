/**
 * Where a list page keeps its records, from a field the user pointed at in the answer. Pure: the
 * renderer shows the choice as the user clicks, and the core derives the profile from the same
 * rules. Sync reads `records.itemsField` by names joined with dots and `records.idField` as a field
 * of the record itself, so these never produce an index, a `*`, or an id inside a nested object.
 */
import { formatPath, parsePath, readPath, type PathSegment } from './field-path';

export type Found<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Found<T> => ({ ok: true, value });
const no = <T>(problem: string): Found<T> => ({ ok: false, problem });
const isItemStep = (s: PathSegment | undefined): s is number | '*' => typeof s === 'number' || s === '*';

/**
 * The list a field belongs to: the field itself when it holds a list, else the part of its path
 * before the first item ("data.records.0.title" and "data.records.*.id" → "data.records").
 */
export function listPathOf(path: string, answer: unknown): Found<{ path: string; items: unknown[] }> {
  const segments = parsePath(path);
  if (!segments) return no(`"${path}" is not a field path.`);
  const first = segments.findIndex(isItemStep);
  if (first === 0)
    return no(
      'The answer is itself a list, not an object with the list in a field; a profile cannot describe that yet.',
    );
  const list = formatPath(first < 0 ? segments : segments.slice(0, first));
  const items = readPath(answer, list);
  if (Array.isArray(items)) return ok({ path: list, items });
  if (first < 0)
    return no(
      `"${list}" is not a list and is not inside one: point at the list of records, or at a field of one record.`,
    );
  return no(`"${list}" is not a list.`);
}

/**
 * The field of a record that `path` names, relative to the record ("data.records.0.uuid" in the
 * list "data.records" → "uuid"), and which record (an index, or `*` for every one). Only a field
 * of the record itself: that is where sync reads ids.
 */
export function itemFieldOf(listPath: string, path: string): Found<{ field: string; record: number | '*' }> {
  const list = parsePath(listPath);
  const segments = parsePath(path);
  if (!list || !segments) return no(`"${path}" is not a field path.`);
  const record = segments[list.length];
  if (!isItemStep(record) || !list.every((s, i) => segments[i] === s))
    return no(`"${path}" is not a field of a record in "${listPath}".`);
  const rest = segments.slice(list.length + 1);
  if (rest.length === 0) return no(`"${path}" is a whole record: point at the field that holds its id.`);
  const [field] = rest;
  if (rest.length > 1)
    return no(
      `Atelier reads a record's id from a field of the record itself; ` +
        `"${formatPath(rest)}" is inside "${String(field)}".`,
    );
  if (typeof field !== 'string' || field === '*')
    return no(`"${path}" is not a field of a record: point at the field that holds its id.`);
  return ok({ field, record });
}

/** Whether a value can identify a record (sync takes a string or a number). */
export function isRecordId(value: unknown): boolean {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}
