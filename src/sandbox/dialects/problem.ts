import { STATUS_CODES } from 'node:http';
import type { StoredRecord } from '../resources/store';
import type { Dialect } from './dialect';
import { secondsForm, unixSeconds } from './forms';

function present(record: StoredRecord): Record<string, unknown> {
  const server = { uid: record.id, v: record.version, removed: record.deletedAt !== null };
  return record.deletedAt !== null ? server : { ...record.data, ...server };
}

/** RFC 7807 errors and asynchronous AI jobs: raw tokens, Unix-second expiry, 202 and a job to poll. */
export const problem: Dialect = {
  name: 'problem',
  summary: 'raw tokens, RFC 7807 problem+json errors, Unix-second expiry, 60 s tokens, asynchronous AI jobs to poll',
  accessTokenTtlMs: 60_000,
  auth: {
    scheme: {
      word: null,
      lenient: false,
      challenge: null,
      example: 'the access token or API key itself, with no scheme word',
    },
    login: { names: { username: 'email', password: 'password', clientId: null } },
    refresh: { names: { refreshToken: 'refresh', clientId: 'client_id', clientSecret: 'client_secret' } },
    validate: { field: null, headerFallback: false },
    tokenAnswer: (t) => ({ token: t.accessToken, refresh: t.refreshToken, exp: unixSeconds(t.accessExpiresAt) }),
    validateAnswer: (check) => (check.valid ? { active: true, exp: unixSeconds(check.expiresAt) } : { active: false }),
    errors: { invalid_credentials: { message: 'email or password is incorrect' } },
  },
  errors: {
    contentType: 'application/problem+json',
    body: (e) => ({
      type: `about:blank#${e.code}`,
      title: STATUS_CODES[e.status] ?? 'Error',
      status: e.status,
      detail: e.message,
      ...e.extra,
      ...(e.current !== undefined && { current: e.current }),
    }),
    retryAfter: secondsForm,
  },
  ai: {
    mode: 'async',
    accepted: (job) => ({ job: { id: job.id, status: job.status } }),
    job: (job) => ({
      job: {
        id: job.id,
        status: job.status,
        output: job.output && { url: job.output.url, mime: job.output.mimeType },
        text: job.text,
        error: job.error === null ? null : { detail: job.error },
      },
    }),
  },
  records: {
    params: { since: 'after', cursor: 'page', limit: 'max' },
    nextCursorName: 'next',
    page: (p) => ({ results: p.items, next: p.next, more: p.hasMore }),
    present,
    versionField: 'v',
    serverFields: ['uid', 'v', 'removed', 'position'],
  },
};
