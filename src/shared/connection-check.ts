import { z } from 'zod';
import { SignInInput } from './session';

/** What the connection check is asked to do. */
export const ConnectionCheckInput = z
  .object({
    /** Run one small real job per AI operation (the platform may bill it); otherwise nothing billable is sent. */
    runJobs: z.boolean().default(false),
    /** Sign in with these as part of the check (needed when signed out); never stored. */
    login: SignInInput.optional(),
  })
  .strict();
export type ConnectionCheckInput = z.input<typeof ConnectionCheckInput>;

/** pass ✓, fail ✗, skip – (not checked, with the reason), waiting – (the platform has not specified it yet). */
export const CheckOutcome = z.enum(['pass', 'fail', 'skip', 'waiting']);
export type CheckOutcome = z.infer<typeof CheckOutcome>;

/**
 * A group's list answer the profile could not read, kept for teaching Atelier where the records
 * are: the answer parsed, secrets masked and bounded (long strings cut, long lists shortened), and
 * where the profile looked.
 */
export const ListAnswer = z.object({
  answer: z.unknown(),
  itemsField: z.string(),
  idField: z.string(),
});
export type ListAnswer = z.infer<typeof ListAnswer>;

/** One element of the profile tried against the platform. */
export const CheckLine = z.object({
  /** Stable id: "login", "validate", "refresh", "apiKey", "group.assets", "ai.text2image". */
  id: z.string(),
  section: z.enum(['auth', 'groups', 'ai']),
  label: z.string(),
  outcome: CheckOutcome,
  /** What was sent, e.g. "GET /v2/assets?limit=1" (never a credential). */
  request: z.string().nullable(),
  /** The HTTP status of the answer, when there was one. */
  status: z.number().int().nullable(),
  /** What the check found, in words. */
  summary: z.string(),
  /** The platform's own message, read with the profile's `errors` fields. */
  serverWords: z.string().nullable(),
  /** For a failure: the profile field to change (e.g. "auth.scheme.prefix", "records.itemsField"). */
  field: z.string().nullable(),
  /** What to do, when it is not a profile field (credentials, signing in again). */
  hint: z.string().nullable(),
  /** The answer as received, secrets masked, cut to a few KB. */
  raw: z.string().nullable(),
  /** Only on a group whose list or record ids were not where the profile says. */
  listAnswer: ListAnswer.optional(),
});
export type CheckLine = z.infer<typeof CheckLine>;

export const ConnectionCheckResult = z.object({
  checkedAt: z.string(),
  baseUrl: z.string().nullable(),
  profile: z.object({ id: z.string(), name: z.string() }),
  /** Whether real (possibly billed) AI jobs were run. */
  ranJobs: z.boolean(),
  /** One cause behind several failures, said once (e.g. the Authorization scheme). */
  diagnosis: z.object({ message: z.string(), field: z.string().nullable() }).nullable(),
  lines: z.array(CheckLine),
});
export type ConnectionCheckResult = z.infer<typeof ConnectionCheckResult>;
