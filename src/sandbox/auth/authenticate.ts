import { iso } from '../clock';
import type { AuthScheme } from '../dialects/dialect';
import { standard } from '../dialects/standard';
import { unauthorized, HttpError } from '../http/errors';
import type { Principal } from '../http/context';
import type { ApiKeyStore } from './api-keys';
import { API_KEY_PREFIX } from './secrets';
import type { SessionStore } from './sessions';

/** Accepts "<word> <token>" and, since the platform does not name a scheme, the raw token too. */
export function tokenFromHeader(header: string | undefined, word = 'Bearer'): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  const match = new RegExp(`^${word}\\s+(.+)$`, 'i').exec(value);
  const token = (match ? match[1] : value)?.trim() ?? '';
  return token === '' ? null : token;
}

export type HeaderCredential = { kind: 'none' } | { kind: 'wrong_scheme' } | { kind: 'token'; token: string };

/** The credential in an Authorization header as a dialect's scheme reads it. */
export function readCredential(header: string | undefined, scheme: AuthScheme): HeaderCredential {
  if (scheme.lenient) {
    const token = tokenFromHeader(header, scheme.word ?? 'Bearer');
    return token ? { kind: 'token', token } : { kind: 'none' };
  }
  const value = header?.trim() ?? '';
  if (value === '') return { kind: 'none' };
  if (scheme.word === null) return /\s/.test(value) ? { kind: 'wrong_scheme' } : { kind: 'token', token: value };
  const match = /^(\S+)\s+(\S+)$/.exec(value);
  if (!match || match[1]?.toLowerCase() !== scheme.word.toLowerCase()) return { kind: 'wrong_scheme' };
  return { kind: 'token', token: match[2] ?? '' };
}

export function authenticate(
  header: string | undefined,
  sessions: SessionStore,
  apiKeys: ApiKeyStore,
  scheme: AuthScheme = standard.auth.scheme,
): Principal {
  const credential = readCredential(header, scheme);
  if (credential.kind === 'none') {
    throw unauthorized('missing_credentials', `Authorization header is required: send ${scheme.example}`);
  }
  if (credential.kind === 'wrong_scheme')
    throw unauthorized('invalid_auth_scheme', `Authorization must be ${scheme.example}`);
  const token = credential.token;
  if (token.startsWith(API_KEY_PREFIX)) {
    const check = apiKeys.check(token);
    if (check.ok) return { accountId: check.key.account_id, kind: 'api_key', credentialId: check.key.id };
    if (check.reason === 'expired') {
      throw unauthorized(
        'api_key_expired',
        `API key expired at ${iso(check.key?.expires_at ?? 0)}; generate a new key in the account's API Key section`,
      );
    }
    if (check.reason === 'revoked') {
      throw unauthorized('api_key_revoked', "API key was revoked; generate a new key in the account's API Key section");
    }
    throw unauthorized('invalid_api_key', 'API key is not valid');
  }
  const info = sessions.inspect(token);
  if (!info) throw unauthorized('invalid_token', 'access token is not valid');
  if (info.kind !== 'access') {
    throw unauthorized('invalid_token', 'a refresh token cannot authorize requests; send the access token');
  }
  if (info.state === 'revoked') throw unauthorized('token_revoked', 'access token was revoked; log in again');
  if (info.state === 'expired') {
    throw unauthorized(
      'token_expired',
      `access token expired at ${iso(info.expiresAt)}; get a new one with POST /user/token/refresh`,
    );
  }
  return { accountId: info.accountId, kind: 'access_token', credentialId: info.familyId };
}

/** Managing API keys is for a logged-in account user, as on the platform's API Key section. */
export function requireAccessToken(principal: Principal): void {
  if (principal.kind !== 'access_token') {
    throw new HttpError(403, 'access_token_required', 'API keys are managed by a logged-in user; send an access token');
  }
}
