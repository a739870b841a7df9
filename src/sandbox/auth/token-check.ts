import type { TokenCheck } from '../dialects/dialect';
import type { ApiKeyStore } from './api-keys';
import { API_KEY_PREFIX } from './secrets';
import type { SessionStore } from './sessions';

const API_KEY_MESSAGES = {
  unknown: 'API key is not known',
  expired: 'API key expired',
  revoked: 'API key was revoked',
} as const;

const TOKEN_MESSAGES = {
  expired: 'token expired',
  revoked: 'token was revoked',
  used: 'refresh token was already used',
} as const;

/** What POST /user/token/validate found about a token or API key, before a dialect words it. */
export function checkToken(token: string, sessions: SessionStore, apiKeys: ApiKeyStore): TokenCheck {
  if (token.startsWith(API_KEY_PREFIX)) {
    const check = apiKeys.check(token);
    if (check.ok)
      return { valid: true, kind: 'api_key', accountId: check.key.account_id, expiresAt: check.key.expires_at };
    return {
      valid: false,
      kind: 'api_key',
      reason: check.reason,
      message: API_KEY_MESSAGES[check.reason],
      expiresAt: check.key ? check.key.expires_at : null,
    };
  }
  const info = sessions.inspect(token);
  if (!info) return { valid: false, kind: null, reason: 'unknown', message: 'token is not known', expiresAt: null };
  if (info.state !== 'valid') {
    return {
      valid: false,
      kind: info.kind,
      reason: info.state,
      message: TOKEN_MESSAGES[info.state],
      expiresAt: info.expiresAt,
    };
  }
  return { valid: true, kind: info.kind, accountId: info.accountId, expiresAt: info.expiresAt };
}
