import { z } from 'zod';

/** Every failure that may cross a process boundary. `code` drives UI behaviour; `message` is for people. */
export const appErrorCodes = [
  'validation', // input did not match the contract
  'unknown_channel', // no such channel in the contract
  'too_large', // payload over the transport limit
  'forbidden', // sender or caller not allowed
  'not_found',
  'conflict',
  'auth', // signed out, token refused
  'denied', // the platform refused with its own message
  'offline', // no network or platform unreachable
  'rate_limited',
  'unavailable', // platform 5xx or malformed answer
  'storage', // disk full, database refused, file unreadable
  'internal', // a bug: logged, shown generically
] as const;

export const AppErrorCode = z.enum(appErrorCodes);
export type AppErrorCode = z.infer<typeof AppErrorCode>;

export const ValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const AppError = z.object({
  code: AppErrorCode,
  message: z.string(),
  /** What the user can do about it, when there is something. */
  hint: z.string().optional(),
  issues: z.array(ValidationIssue).optional(),
  retryAfterMs: z.number().int().nonnegative().optional(),
  /** HTTP status from the platform, when the failure came from it. */
  status: z.number().int().optional(),
  /** The platform's machine code for the failure (e.g. "invalid_client"), when it gave one. */
  serverCode: z.string().max(200).optional(),
});
export type AppError = z.infer<typeof AppError>;

/** The result envelope every channel returns on every transport. */
export type Envelope<T> = { ok: true; data: T } | { ok: false; error: AppError };

export const EnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppError }),
]);
