import { z } from 'zod';
import type { AuthErrorCode, BodyFields } from '../dialects/dialect';
import type { HttpError } from '../http/errors';
import { parseWith } from '../http/validate';

export interface FieldLimit {
  max: number;
  optional?: boolean;
}

export type Refuse = (code: AuthErrorCode, status: number, message: string) => HttpError;

/** Constants first (OAuth servers look at grant_type before anything else), then the named fields. */
function checkConstants(body: Record<string, unknown>, constants: Record<string, string>, refuse: Refuse): void {
  for (const [field, value] of Object.entries(constants)) {
    const sent = body[field];
    if (sent === undefined) throw refuse('missing_field', 400, `${field} is required: send "${field}": "${value}"`);
    if (sent !== value)
      throw refuse(
        'unsupported_value',
        400,
        `${field} ${JSON.stringify(sent)} is not accepted here: send "${field}": "${value}"`,
      );
  }
}

/** Reads a request body by a dialect's field names; a missing or bad field is a 400 naming it. */
export function readFields<Role extends string>(
  body: Record<string, unknown>,
  fields: BodyFields<Role>,
  limits: Record<Role, FieldLimit>,
  refuse: Refuse,
): Record<Role, string | undefined> {
  checkConstants(body, fields.constants ?? {}, refuse);
  const roles = Object.keys(limits) as Role[];
  const shape: Record<string, z.ZodType<string | undefined>> = {};
  for (const role of roles) {
    const name = fields.names[role];
    if (name === null) continue;
    const text = z.string().min(1).max(limits[role].max);
    shape[name] = limits[role].optional ? text.optional() : text;
  }
  const parsed = parseWith(z.object(shape), body);
  const out = {} as Record<Role, string | undefined>;
  for (const role of roles) {
    const name = fields.names[role];
    out[role] = name === null ? undefined : parsed[name];
  }
  return out;
}
