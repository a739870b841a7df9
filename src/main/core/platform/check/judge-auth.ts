import { findFirst } from '../../../../shared/field-path';
import type { PlatformProfile } from '../../../../shared/profile';
import { readDuration, readMoment } from '../response-fields';
import { blamesClient } from '../session';
import { keysOf, type Answer } from './answer';
import {
  commonVerdict,
  failed,
  isBadRequest,
  isRefusal,
  pass,
  schemeField,
  type CredentialKind,
  type Verdict,
} from './verdict';

type Auth = PlatformProfile['auth'];

const CLIENT = 'the client ID and client secret in Settings → Connection (the platform issues them for Atelier)';

/** "5 s", "15 min", "3 h", "30 days". */
export function inWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (Math.abs(s) < 120) return `${s} s`;
  if (Math.abs(s) < 7200) return `${Math.round(s / 60)} min`;
  if (Math.abs(s) < 172_800) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} days`;
}

const list = (aliases: readonly string[] | undefined) => (aliases ?? []).map((a) => `"${a}"`).join(', ');

/** The first field the words name, among candidates; the fallback when they name none. */
export function guessField(
  words: string | null,
  candidates: [field: string, pattern: RegExp][],
  fallback: string,
): string {
  if (words) for (const [field, pattern] of candidates) if (pattern.test(words)) return field;
  return fallback;
}

/** When the access token expires and where that was read, as readExpiry reads it. */
export function expiryNote(body: unknown, auth: Auth, now: number): string {
  const at = findFirst(body, auth.responseFields.expiresAt);
  const atMs = at ? readMoment(at.value, auth.expiry.expiresAt) : null;
  if (at && atMs !== null) return `expires in ${inWords(atMs - now)}, read from "${at.path}"`;
  const inn = findFirst(body, auth.responseFields.expiresIn);
  const inMs = inn ? readDuration(inn.value, auth.expiry.expiresIn) : null;
  if (inn && inMs !== null) return `expires in ${inWords(inMs)}, read from "${inn.path}"`;
  const named = [...(auth.responseFields.expiresAt ?? []), ...(auth.responseFields.expiresIn ?? [])];
  if (named.length === 0) return 'no expiry (the profile names no expiry field; a refusal tells Atelier when to renew)';
  return `no expiry found at ${list(named)} (a refusal tells Atelier when to renew)`;
}

/** A 2xx login or refresh answer: the tokens must be where `responseFields` says. */
export function judgeTokenAnswer(a: Answer, auth: Auth, now: number, what: 'sign-in' | 'refresh'): Verdict {
  const rf = auth.responseFields;
  const access = findFirst(a.body, rf.accessToken);
  if (!access || typeof access.value !== 'string') {
    return failed(
      `The ${what} answer has no access token at ${list(rf.accessToken)}; the answer had: ${keysOf(a.body)}.`,
      'auth.responseFields.accessToken',
    );
  }
  const refresh = findFirst(a.body, rf.refreshToken);
  if (rf.refreshToken && (!refresh || typeof refresh.value !== 'string')) {
    return failed(
      `The ${what} answer has no refresh token at ${list(rf.refreshToken)}; the answer had: ${keysOf(a.body)}.`,
      'auth.responseFields.refreshToken',
    );
  }
  const refreshPart = refresh ? `refresh token from "${refresh.path}"` : 'no refresh token (the profile names none)';
  return pass(`Tokens read: access token from "${access.path}", ${refreshPart}; ${expiryNote(a.body, auth, now)}.`);
}

/** The login line, from the answer to a real sign-in. */
export function judgeLogin(a: Answer, auth: Auth, now: number): Verdict {
  const common = commonVerdict(a, 'auth.login.path', null);
  if (common) return common;
  const s = a.status;
  if (isRefusal(s)) {
    const client = blamesClient({ message: a.words ?? '' });
    return failed(
      `The platform refused the sign-in (${s}).`,
      null,
      client
        ? `Check ${CLIENT}.`
        : 'Check the login and password. If they are right, the platform may read them from other fields: ' +
            'auth.login.usernameField and auth.login.passwordField.',
    );
  }
  if (isBadRequest(s)) {
    const field = guessField(
      a.words,
      [
        ['auth.login.clientIdField', /client/i],
        ['auth.login.passwordField', /pass/i],
        ['auth.login.usernameField', /user|login|e-?mail|name|account/i],
      ],
      'auth.login',
    );
    return failed(
      `The platform refused the sign-in request (${s}): it expects other fields than the ones Atelier sent.`,
      field,
    );
  }
  if (s !== null && s >= 300) return failed(`The platform refused the sign-in (${s}).`, null);
  return judgeTokenAnswer(a, auth, now, 'sign-in');
}

/** The validate line: the credential sent where `auth.validate` says, validity read with `responseFields.valid`. */
export function judgeValidate(a: Answer, auth: Auth, kind: CredentialKind): Verdict {
  const inHeader = auth.validate.tokenField === null;
  const common = commonVerdict(a, 'auth.validate.path', inHeader ? kind : null);
  if (common) return common;
  const s = a.status;
  if (isRefusal(s) || isBadRequest(s)) {
    return failed(
      `The platform refused the validation request (${s}): it looks for the token elsewhere.`,
      'auth.validate.tokenField',
      'Name the field the platform reads the token from, or null to send it in the Authorization header.',
    );
  }
  if (s !== null && s >= 300) return failed(`The platform refused the validation request (${s}).`, null);
  const aliases = auth.responseFields.valid;
  if (!aliases)
    return pass('The platform accepted the token (the profile names no validity field, so a 2xx answer counts).');
  const found = findFirst(a.body, aliases);
  if (!found)
    return failed(
      `The answer says nothing at ${list(aliases)}; the answer had: ${keysOf(a.body)}.`,
      'auth.responseFields.valid',
    );
  if (found.value === false || found.value === 'false') {
    const what = kind === 'apiKey' ? 'API key' : 'token';
    return failed(
      `The platform says the ${what} it received is not valid (read from "${found.path}").`,
      inHeader ? schemeField(kind) : null,
      inHeader
        ? null
        : 'If other lines pass with the same credential, the platform reads it from another field: ' +
            'auth.validate.tokenField.',
    );
  }
  return pass(`The platform says the credential is valid (read from "${found.path}").`);
}

/** The refresh line: the answer to a real rotation (null when a renewal already under way was joined). */
export function judgeRefresh(a: Answer | null, auth: Auth, now: number): Verdict {
  if (a === null) return pass('Renewed (a renewal already under way was joined, so its answer is not shown).');
  const common = commonVerdict(a, 'auth.refresh.path', null);
  if (common) return common;
  const s = a.status;
  const again = 'The session has ended: sign in again.';
  if (isRefusal(s)) {
    return failed(
      `The platform refused the refresh: ${a.words ?? `no reason given (${s})`}; the client secret may be wrong.`,
      null,
      `${again} If it is refused again, check ${CLIENT}.`,
    );
  }
  if (isBadRequest(s)) {
    const f = auth.refresh;
    const field = guessField(
      a.words,
      [
        ['auth.refresh.clientSecretField', new RegExp(`secret|${escape(f.clientSecretField)}`, 'i')],
        ['auth.refresh.clientIdField', new RegExp(`client|${escape(f.clientIdField)}`, 'i')],
        ['auth.refresh.refreshTokenField', new RegExp(`refresh|token|grant|${escape(f.refreshTokenField)}`, 'i')],
      ],
      'auth.refresh',
    );
    return failed(
      `The platform refused the refresh request (${s}): it expects other fields than the ones Atelier sent.`,
      field,
      again,
    );
  }
  if (s !== null && s >= 300) return failed(`The platform refused the refresh (${s}).`, null, again);
  return judgeTokenAnswer(a, auth, now, 'refresh');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
