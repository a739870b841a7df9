import { groupFields, type RecordFields } from '../../shared/records';
import type { ConflictView } from '../../shared/sync';

export type EditMode = 'text' | 'json';
export type Pick = 'local' | 'remote' | 'edited';
/** The user's answer for one differing field: a side, or an edited value as typed. */
export interface FieldChoice {
  pick: Pick;
  text: string;
  mode: EditMode;
}

/** Every field name of either side: this computer's order first, then the platform's extra ones. */
export function fieldNames(c: ConflictView): string[] {
  const names = Object.keys(c.local.fields);
  for (const name of Object.keys(c.remote.fields)) if (!names.includes(name)) names.push(name);
  return names;
}

/** Strings are edited as they are; anything else (numbers, lists, objects) as JSON. */
export function editMode(local: unknown, remote: unknown): EditMode {
  const plain = (v: unknown) => v === undefined || typeof v === 'string';
  return plain(local) && plain(remote) && (typeof local === 'string' || typeof remote === 'string') ? 'text' : 'json';
}

/** A value as the editor shows it; a missing field is empty. */
export function toText(value: unknown, mode: EditMode): string {
  if (value === undefined) return '';
  if (mode === 'text' && typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** A value for display in the comparison (compact JSON for non-strings). */
export function display(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function initialChoices(c: ConflictView): Record<string, FieldChoice> {
  const choices: Record<string, FieldChoice> = {};
  for (const name of c.differing) {
    const mode = editMode(c.local.fields[name], c.remote.fields[name]);
    choices[name] = { pick: 'local', text: toText(c.local.fields[name], mode), mode };
  }
  return choices;
}

/** The chosen side's value, or the parsed edit; `undefined` removes the field. */
export function resolveChoice(
  c: ConflictView,
  name: string,
  choice: FieldChoice,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (choice.pick === 'local') return { ok: true, value: c.local.fields[name] };
  if (choice.pick === 'remote') return { ok: true, value: c.remote.fields[name] };
  if (choice.mode === 'text') return { ok: true, value: choice.text };
  if (choice.text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(choice.text) as unknown };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      message: `This is not valid JSON (${why}). Use "quotes" around text, or leave it empty to remove the field.`,
    };
  }
}

/**
 * The merged record: this computer's fields with each differing one as chosen,
 * checked like any record of its group.
 */
export function buildMerge(
  c: ConflictView,
  choices: Record<string, FieldChoice>,
): { fields: RecordFields; errors: Record<string, string> } {
  const fields: RecordFields = { ...c.local.fields };
  const errors: Record<string, string> = {};
  for (const name of c.differing) {
    const choice = choices[name];
    if (!choice) continue;
    const result = resolveChoice(c, name, choice);
    if (!result.ok) errors[name] = result.message;
    else if (result.value === undefined) delete fields[name];
    else fields[name] = result.value;
  }
  if (Object.keys(errors).length > 0) return { fields, errors };
  const checked = groupFields[c.group].safeParse(fields);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const name = issue.path.length > 0 ? String(issue.path[0]) : '';
      const where = issue.path.length > 1 ? ` (at ${issue.path.slice(1).join('.')})` : '';
      errors[name] ??= `${issue.message}${where}`;
    }
  }
  return { fields, errors };
}
