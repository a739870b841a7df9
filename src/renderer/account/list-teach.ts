/**
 * "Teach Atelier where the records are" in the connection check (pure: the component only draws
 * it). The user points into a group's list answer, either at the list (any field of a record
 * chooses the list holding it) or at a record's id; the core derives the profile by the same rules.
 */
import type { ConnectionCheckResult, ListAnswer } from '../../shared/connection-check';
import { readPath } from '../../shared/field-path';
import { isRecordId, itemFieldOf, listPathOf } from '../../shared/list-path';
import { ResourceGroup } from '../../shared/profile';
import type { TeachListApplied, TeachListInput } from '../../shared/teach-list';

export type PointMode = 'items' | 'id';

export interface ListChoice {
  /** The list of records, as a path in the answer. */
  items: string | null;
  /** The field holding a record's id, as a path in the answer ("items.0.uuid"), or null to keep the profile's. */
  id: string | null;
  /** Why the last field pointed at was not taken, in words. */
  problem: string | null;
}

/** The group a checklist line is about ("group.posts" → "posts"), or null. */
export function groupOfLine(lineId: string): ResourceGroup | null {
  const parsed = ResourceGroup.safeParse(lineId.replace(/^group\./, ''));
  return lineId.startsWith('group.') && parsed.success ? parsed.data : null;
}

/** Where the choice starts: the profile's own list when the answer has one there (only the ids were missing). */
export function initialChoice(source: ListAnswer): ListChoice {
  const found = listPathOf(source.itemsField, source.answer);
  return { items: found.ok ? found.value.path : null, id: null, problem: null };
}

/** Pointing at the list first, unless the profile's list was right and only the id is left. */
export const initialMode = (choice: ListChoice): PointMode => (choice.items === null ? 'items' : 'id');

/** The choice after the user pointed at `path`: the list holding it, or (for an id) the record's field and its list. */
export function pointAt(choice: ListChoice, mode: PointMode, path: string, answer: unknown): ListChoice {
  const list = listPathOf(path, answer);
  if (!list.ok) return { ...choice, problem: list.problem };
  const items = list.value.path;
  if (mode === 'items') {
    const keepId = choice.id !== null && itemFieldOf(items, choice.id).ok;
    return { items, id: keepId ? choice.id : null, problem: null };
  }
  const field = itemFieldOf(items, path);
  if (!field.ok) return { ...choice, problem: field.problem };
  if (!isRecordId(readPath(answer, path)))
    return { ...choice, problem: `"${field.value.field}" does not hold an id here (a string or a number).` };
  return { items, id: path, problem: null };
}

/** What the profile would say: the list's field and the records' id field. */
export function describeChoice(source: ListAnswer, choice: ListChoice): { itemsField: string | null; idField: string } {
  const field = choice.items !== null && choice.id !== null ? itemFieldOf(choice.items, choice.id) : null;
  return { itemsField: choice.items, idField: field?.ok ? field.value.field : source.idField };
}

/** The channel's input, or null until a list is chosen. */
export function teachInput(group: ResourceGroup, choice: ListChoice): TeachListInput | null {
  if (choice.items === null) return null;
  return choice.id === null
    ? { group, itemsPath: choice.items }
    : { group, itemsPath: choice.items, idPath: choice.id };
}

/**
 * The checklist after saving: the lines checked again replace theirs, the profile is the new one,
 * and a shared cause no line fails on any more is no longer said.
 */
export function mergeRecheck(result: ConnectionCheckResult, applied: TeachListApplied): ConnectionCheckResult {
  const fresh = new Map(applied.lines.map((l) => [l.id, l]));
  const lines = result.lines.map((l) => fresh.get(l.id) ?? l);
  const cause = result.diagnosis;
  const stands =
    cause !== null && (cause.field === null || lines.some((l) => l.outcome === 'fail' && l.field === cause.field));
  return { ...result, profile: applied.profile, lines, diagnosis: stands ? cause : null };
}
