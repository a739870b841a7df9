import { iso } from '../clock';
import { present } from '../resources/present';
import type { Dialect, Generation, TokenCheck } from './dialect';
import { secondsForm } from './forms';

const MINUTE = 60_000;

function validateAnswer(check: TokenCheck, at: number) {
  if (check.valid) {
    return {
      valid: true,
      token_type: check.kind,
      account_id: check.accountId,
      expires_at: iso(check.expiresAt),
      expires_in: Math.round((check.expiresAt - at) / 1000),
    };
  }
  return {
    valid: false,
    token_type: check.kind,
    reason: check.reason,
    message: check.message,
    expires_at: check.expiresAt === null ? null : iso(check.expiresAt),
  };
}

function generationAnswer(g: Generation) {
  return {
    id: g.id,
    operation: g.operation,
    model_id: g.modelId,
    status: 'succeeded',
    created_at: iso(g.createdAt),
    text: g.text,
    outputs: g.outputs.map((file) => ({
      file_id: file.fileId,
      url: file.url,
      mime_type: file.mimeType,
      size_bytes: file.size,
      sha256: file.sha256,
      ...(file.width !== undefined && { width: file.width }),
      ...(file.height !== undefined && { height: file.height }),
      ...(file.durationS !== undefined && { duration_s: file.durationS }),
      ...(file.fps !== undefined && { fps: file.fps }),
    })),
    metrics: g.metrics,
  };
}

/** The sandbox's own reading: snake_case, Bearer (or the raw token), `{error:{code,message}}`, synchronous AI. */
export const standard: Dialect = {
  name: 'standard',
  summary: 'snake_case fields, Bearer tokens, {error:{code,message}} errors, synchronous AI answers with file URLs',
  accessTokenTtlMs: 15 * MINUTE,
  auth: {
    scheme: {
      word: 'Bearer',
      lenient: true,
      challenge: 'Bearer',
      example: '"Bearer <access token>" or "Bearer <API key>"',
    },
    login: { names: { username: 'username', password: 'password', clientId: 'client_id' } },
    refresh: { names: { refreshToken: 'refresh_token', clientId: 'client_id', clientSecret: 'client_secret' } },
    validate: { field: 'token', headerFallback: true },
    tokenAnswer: (t, at) => ({
      access_token: t.accessToken,
      refresh_token: t.refreshToken,
      token_type: 'Bearer',
      expires_in: Math.max(0, Math.round((t.accessExpiresAt - at) / 1000)),
      expires_at: iso(t.accessExpiresAt),
      refresh_token_expires_at: iso(t.refreshExpiresAt),
      account_id: t.accountId,
    }),
    validateAnswer,
    errors: {},
  },
  errors: {
    contentType: 'application/json; charset=utf-8',
    body: (e) => ({
      error: { code: e.code, message: e.message, ...e.extra },
      // A conflicting record travels beside the error so clients can show both versions.
      ...(e.current !== undefined && { current: e.current }),
    }),
    retryAfter: secondsForm,
  },
  ai: { mode: 'sync', answer: generationAnswer },
  records: {
    params: { since: 'since', cursor: 'cursor', limit: 'limit' },
    nextCursorName: 'next_cursor',
    page: (p) => ({ items: p.items, next_cursor: p.next, has_more: p.hasMore }),
    present,
    versionField: 'version',
    serverFields: ['id', 'version', 'created_at', 'updated_at', 'deleted', 'deleted_at', 'position'],
  },
};
