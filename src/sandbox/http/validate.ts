import type { z } from 'zod';
import { HttpError } from './errors';

/** Parses with a zod schema; failures become 400 validation_failed naming each bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(body)',
    message: issue.message,
  }));
  const message = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  throw new HttpError(400, 'validation_failed', message, { details });
}
