import type { CheckOutcome } from '../../../../shared/connection-check';
import type { Answer } from './answer';

/** A judgement of one line: the outcome, in words, and what to change. */
export interface Verdict {
  outcome: CheckOutcome;
  summary: string;
  field: string | null;
  hint: string | null;
}

export type CredentialKind = 'token' | 'apiKey';

export const pass = (summary: string, hint: string | null = null): Verdict => ({
  outcome: 'pass',
  summary,
  field: null,
  hint,
});
export const failed = (summary: string, field: string | null, hint: string | null = null): Verdict => ({
  outcome: 'fail',
  summary,
  field,
  hint,
});
export const skipped = (summary: string, hint: string | null = null): Verdict => ({
  outcome: 'skip',
  summary,
  field: null,
  hint,
});

/** Where the credential goes in requests: the field to change when the platform refuses it there. */
export const schemeField = (kind: CredentialKind) => (kind === 'apiKey' ? 'auth.apiKeyScheme' : 'auth.scheme');

export const isRefusal = (status: number | null) => status === 401 || status === 403;
export const isBadRequest = (status: number | null) => status === 400 || status === 422;

/** The Authorization header was refused: the scheme (header name or prefix) is the likely cause. */
export function credentialRefused(a: Answer, kind: CredentialKind): Verdict {
  const what = kind === 'apiKey' ? 'API key' : 'access token';
  return failed(
    `The platform refused the ${what} in the Authorization header (${a.status}): ` +
      `the header's name or prefix is likely wrong.`,
    schemeField(kind),
    kind === 'apiKey'
      ? 'If the key itself expired or was revoked, generate a new one in your account and paste it in Settings.'
      : null,
  );
}

/**
 * What every request has in common: no answer, a refused credential, a wrong path, a request to
 * slow down, a server error. Null when the answer needs the caller's own judging (2xx, 400/422).
 */
export function commonVerdict(a: Answer, pathField: string, kind: CredentialKind | null): Verdict | null {
  const s = a.status;
  if (s === null)
    return failed(
      a.problem?.message ?? 'The platform did not answer.',
      null,
      a.problem?.hint ?? 'Check the platform address and your internet connection.',
    );
  if (s >= 200 && s < 300) return null;
  if (isRefusal(s) && kind) return credentialRefused(a, kind);
  if (s === 404 || s === 405 || s === 410) {
    return failed(`The platform has no endpoint there (${s}): the path is likely wrong.`, pathField);
  }
  if (s === 429)
    return skipped(
      `The platform asked Atelier to slow down (${s}); this was not checked.`,
      'Run the check again in a minute.',
    );
  if (s >= 500)
    return failed(
      `The platform had a problem answering (${s}); this says nothing about the profile.`,
      null,
      'Try again in a few minutes.',
    );
  return null;
}
