import { present } from '../resources/present';
import type { Dialect } from './dialect';
import { secondsForm } from './forms';

/** Token-endpoint refusals are 400 invalid_grant in OAuth, whatever went wrong with the grant. */
const badGrant = { status: 400, code: 'invalid_grant' };

/** OAuth-flavoured: grant_type in token requests, Bearer, `{error,error_description}`, Unix-ms expiry, data URLs. */
export const oauth: Dialect = {
  name: 'oauth',
  summary:
    'OAuth-flavoured: grant_type in token requests, Bearer, {error,error_description}, ' +
    'Unix-ms expiry, 30 s tokens, media as data URLs',
  accessTokenTtlMs: 30_000,
  auth: {
    scheme: { word: 'Bearer', lenient: false, challenge: 'Bearer', example: '"Bearer <access token or API key>"' },
    login: {
      names: { username: 'username', password: 'password', clientId: 'client_id' },
      constants: { grant_type: 'password' },
    },
    refresh: {
      names: { refreshToken: 'refresh_token', clientId: 'client_id', clientSecret: 'client_secret' },
      constants: { grant_type: 'refresh_token' },
    },
    validate: { field: 'token', headerFallback: false },
    tokenAnswer: (t) => ({
      access_token: t.accessToken,
      refresh_token: t.refreshToken,
      token_type: 'bearer',
      expires_at: t.accessExpiresAt,
    }),
    validateAnswer: (check) => ({ active: check.valid, expires_at: check.expiresAt }),
    errors: {
      invalid_credentials: badGrant,
      invalid_grant: badGrant,
      refresh_token_expired: badGrant,
      refresh_token_reused: badGrant,
      token_revoked: badGrant,
      missing_field: { code: 'invalid_request' },
      unsupported_value: { code: 'unsupported_grant_type' },
    },
  },
  errors: {
    contentType: 'application/json; charset=utf-8',
    body: (e) => ({
      error: e.code,
      error_description: e.message,
      ...e.extra,
      ...(e.current !== undefined && { current: e.current }),
    }),
    retryAfter: secondsForm,
  },
  ai: {
    mode: 'sync',
    answer: (g) => ({
      output: {
        files: g.outputs.map((file) => `data:${file.mimeType};base64,${file.data.toString('base64')}`),
        transcript: g.text,
      },
    }),
  },
  records: {
    params: { since: 'since', cursor: 'cursor', limit: 'limit' },
    nextCursorName: 'cursor',
    page: (p) => ({ items: p.items, cursor: p.next, has_more: p.hasMore }),
    present,
    versionField: 'version',
    serverFields: ['id', 'version', 'created_at', 'updated_at', 'deleted', 'deleted_at', 'position'],
  },
};
