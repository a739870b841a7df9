import { get, set, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { AppError } from '../../shared/errors';
import type { ResourceGroup } from '../../shared/profile';
import { groupFields, type RecordFields, type RecordView } from '../../shared/records';
import { toAppError } from '../library/app-error';
import { createFields, patchOf } from '../planner/fields';

export interface Issue {
  path: string;
  message: string;
}

/**
 * The top-level form field an issue path belongs to ("actions.0.name" → "actions");
 * records.update names fields under "fields.".
 */
export function fieldOfIssue(path: string, names: readonly string[]): string | undefined {
  const bare = path.startsWith('fields.') ? path.slice('fields.'.length) : path;
  return names.find((n) => bare === n || bare.startsWith(`${n}.`));
}

/**
 * Splits a failure into the messages the form can show beside its fields and the error left to show
 * under the form: the core's own message, always, with only the issues no field takes.
 */
export function splitFailure(e: unknown, names: readonly string[]): { placed: Issue[]; rest: AppError | null } {
  const error = toAppError(e);
  if (error.code !== 'validation' || !error.issues) return { placed: [], rest: error };
  const placed: Issue[] = [];
  const unplaced: Issue[] = [];
  for (const issue of error.issues) {
    const field = fieldOfIssue(issue.path, names);
    if (field && !placed.some((p) => p.path === field)) placed.push({ path: field, message: issue.message });
    else if (!field) unplaced.push(issue);
  }
  return { placed, rest: { ...error, issues: unplaced } };
}

/** The first message at a field or anywhere beneath it (an action of a list, a parameter). */
export function messageAt(errors: FieldErrors, name: string): string | undefined {
  const found: unknown = get(errors, name);
  const first = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    if ('message' in node && typeof node.message === 'string' && node.message) return node.message;
    for (const child of Object.values(node)) {
      if (child && typeof child === 'object' && !('nodeType' in child)) {
        const m = first(child);
        if (m) return m;
      }
    }
    return undefined;
  };
  return first(found);
}

/** A resolver that also runs checks no schema states (one value against another); their messages win. */
export function withChecks<V extends FieldValues>(
  resolver: Resolver<V, unknown, V>,
  check?: (values: V) => Partial<Record<string, string>>,
): Resolver<V, unknown, V> {
  if (!check) return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const extra = Object.entries(check(values)).filter((e): e is [string, string] => typeof e[1] === 'string');
    if (extra.length === 0) return result;
    const errors: FieldErrors<V> = {};
    Object.assign(errors, result.errors);
    for (const [path, message] of extra) set(errors, path, { type: 'check', message });
    return { values: {}, errors };
  };
}

/** The values' stored fields checked against the record group's schema (issues named by stored field). */
export function recordSchema<V>(group: ResourceGroup, fields: (values: V) => Record<string, unknown>) {
  return z
    .custom<V>()
    .transform((v) => fields(v))
    .pipe(groupFields[group]);
}

/**
 * What saving sends: every non-empty field for a new record; for a stored one the merge patch.
 * `always` keys are sent as they are (a post's text, even empty) when new or changed.
 */
export function changesOf(
  record: RecordView | null,
  fields: Record<string, unknown>,
  always: readonly string[] = [],
): RecordFields {
  const rest = Object.fromEntries(Object.entries(fields).filter(([k]) => !always.includes(k)));
  const out = record ? patchOf(record.fields, rest) : createFields(rest);
  for (const k of always) if (!record || record.fields[k] !== fields[k]) out[k] = fields[k];
  return out;
}
