import { iso } from '../clock';
import type { StoredRecord } from '../resources/store';
import type { Dialect } from './dialect';
import { camelKeys, httpDateForm } from './forms';

function present(record: StoredRecord): Record<string, unknown> {
  const server = {
    id: record.id,
    revision: record.version,
    isDeleted: record.deletedAt !== null,
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
  if (record.deletedAt !== null) return { ...server, deletedAt: iso(record.deletedAt) };
  return { ...record.data, ...server };
}

/**
 * camelCase inside `{data:…}`: "Token" credentials, `{error:{code,detail}}`, short tokens, HTTP-date waits,
 * base64 media inline.
 */
export const camel: Dialect = {
  name: 'camel',
  summary:
    'camelCase inside {data:…}, "Token" credentials, {error:{code,detail}}, 5 s tokens, ' +
    'HTTP-date Retry-After, base64 media inline',
  accessTokenTtlMs: 5_000,
  auth: {
    scheme: { word: 'Token', lenient: false, challenge: 'Token', example: '"Token <access token or API key>"' },
    login: { names: { username: 'login', password: 'secret', clientId: 'clientId' } },
    refresh: { names: { refreshToken: 'refreshToken', clientId: 'clientId', clientSecret: 'clientSecret' } },
    validate: { field: 'accessToken', headerFallback: false },
    tokenAnswer: (t) => ({
      data: {
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        tokenType: 'Token',
        expiresAt: iso(t.accessExpiresAt),
        accountId: t.accountId,
      },
    }),
    validateAnswer: (check) =>
      check.valid
        ? { data: { valid: true, expiresAt: iso(check.expiresAt), accountId: check.accountId } }
        : { data: { valid: false, reason: check.reason } },
    errors: {
      invalid_credentials: { message: 'login or secret is wrong' },
      invalid_client: { message: 'client credentials are not valid' },
    },
  },
  errors: {
    contentType: 'application/json; charset=utf-8',
    body: (e) => ({
      error: { code: e.code, detail: e.message, ...camelKeys(e.extra) },
      ...(e.current !== undefined && { current: e.current }),
    }),
    retryAfter: httpDateForm,
  },
  ai: {
    mode: 'sync',
    answer: (g) => ({
      result: {
        jobId: g.id,
        state: 'succeeded',
        artifacts: g.outputs.map((file) => ({ content: file.data.toString('base64'), contentType: file.mimeType })),
        outputText: g.text,
      },
    }),
  },
  records: {
    params: { since: 'changedSince', cursor: 'pageToken', limit: 'pageSize' },
    nextCursorName: 'nextCursor',
    page: (p) => ({ data: { records: p.items, nextCursor: p.next, hasMore: p.hasMore } }),
    present,
    versionField: 'revision',
    serverFields: ['id', 'revision', 'isDeleted', 'createdAt', 'updatedAt', 'deletedAt', 'position'],
  },
};
