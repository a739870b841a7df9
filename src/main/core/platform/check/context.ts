import { setPath } from '../../../../shared/field-path';
import type { PlatformProfile } from '../../../../shared/profile';
import type { SessionView } from '../../../../shared/session';
import { toAppError } from '../../errors';
import type { SecretRegistry } from '../../redact';
import type { AuthSession } from '../session';
import { noAnswer, wordsOf, type Answer } from './answer';
import type { Line } from './diagnose';
import { skipped, type CredentialKind, type Verdict } from './verdict';

/** What the check needs of the session: the same paths every request takes, nothing of its own. */
export type CheckSession = Pick<AuthSession, 'view' | 'signIn' | 'rotateNow' | 'probe' | 'addSecretsTo'>;

export interface CheckContext {
  session: CheckSession;
  profile: PlatformProfile;
  baseUrl: string;
  now: () => number;
  /** Every secret seen so far (tokens before and after rotation, the password typed in). */
  registry: SecretRegistry;
  /** The credential requests carry, or null with the reason in words. */
  credential: { kind: CredentialKind } | { kind: null; why: string };
}

/** Which credential requests carry now, or why there is none. */
export function credentialOf(view: SessionView): CheckContext['credential'] {
  if (view.state === 'active' && view.mode === 'apiKey') return { kind: 'apiKey' };
  if (view.state === 'active' && view.mode === 'token') return { kind: 'token' };
  if (view.state === 'needs_sign_in')
    return { kind: null, why: 'Skipped: the session has ended; enter your login to sign in again.' };
  if (view.state === 'api_key_expired' || view.state === 'api_key_denied')
    return { kind: null, why: 'Skipped: the API key expired or was refused; paste a new one in Settings → API key.' };
  return { kind: null, why: 'Skipped: sign in first (enter your login above) or add an API key.' };
}

export function url(ctx: CheckContext, path: string): URL {
  return new URL(path, ctx.baseUrl);
}

/** A request body from the profile's constant fields (`grant_type: "password"`…). */
export function extras(extra: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra ?? {})) setPath(out, k, v);
  return out;
}

export type LineHead = Pick<Line, 'id' | 'section' | 'label' | 'request' | 'credentialed'>;

export const line = (head: LineHead, answer: Answer | null, verdict: Verdict): Line => ({ ...head, answer, verdict });

/** A line not sent, with the reason. */
export const notSent = (head: LineHead, summary: string, hint: string | null = null): Line => ({
  ...head,
  request: null,
  credentialed: false,
  answer: null,
  verdict: skipped(summary, hint),
});

/**
 * Collects the answer a session call shows its observer; when the call failed without an answer
 * (offline, no client secret), the failure itself stands in for it.
 */
export function observer(ctx: CheckContext) {
  let seen: Answer | null = null;
  return {
    observe: (a: { status: number | null; body: unknown }) => {
      seen = {
        status: a.status,
        body: a.body,
        words: a.status === null ? null : wordsOf(a.body, ctx.profile.errors),
        problem: null,
      };
    },
    /** The answer seen, or null (a renewal already under way was joined). */
    answer: (): Answer | null => seen,
    /** After the call threw: the answer seen, else the failure in its place. */
    answerAfter(thrown: unknown): Answer {
      if (seen !== null && seen.status !== null) return seen;
      return noAnswer(toAppError(thrown).error);
    },
  };
}
