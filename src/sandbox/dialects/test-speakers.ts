// How a client speaks each dialect, written from the outside (field names and shapes as a client
// would learn them from docs/sandbox.md), so the dialect tests check the wire and not the code.
import type { DialectName } from './registry';

// Answers are loosely typed on purpose: the tests assert their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

export interface Speaker {
  name: DialectName;
  /** Default access token life. */
  ttlMs: number;
  authorization(token: string): string;
  /** A header in another scheme, which the dialect refuses. */
  otherScheme(token: string): string;
  challenge: string | null;
  login(username: string, password: string, clientId: string): Record<string, unknown>;
  tokens(body: Body): { access: string; refresh: string; expiresAt: number };
  tokenKeys: string[];
  refresh(refreshToken: string, clientId: string, clientSecret: string): Record<string, unknown>;
  /** A validate request: body, and the Authorization header when the token travels there. */
  validate(token: string): { body: Record<string, unknown>; authorization?: string };
  valid(body: Body): boolean;
  errorContentType: string;
  error(body: Body): { code: string; message: string };
  wrongPassword: { status: number; code: string; message: string };
  wrongClientSecret: { status: number; code: string; message: string };
  reused: { status: number; code: string };
  retryAfter: 'seconds' | 'http-date';
  ai: 'sync' | 'async';
  /** Media of a finished generation (for async: of the finished job's answer), and how it is written. */
  aiMedia(b: Body): string[];
  aiEncoding: 'url' | 'base64' | 'data-url';
  aiText(b: Body): string | null;
  list: {
    since: string;
    cursor: string;
    limit: string;
    items(b: Body): Body[];
    next(b: Body): string;
    more(b: Body): boolean;
  };
  record: { id: string; version: string; deleted: string };
}

const bearer = (t: string) => `Bearer ${t}`;
const UNAUTHORIZED = 401;

const standard: Speaker = {
  name: 'standard',
  ttlMs: 15 * 60_000,
  authorization: bearer,
  otherScheme: (t) => `Token ${t}`,
  challenge: 'Bearer',
  login: (username, password, client_id) => ({ username, password, client_id }),
  tokens: (b) => ({ access: b.access_token, refresh: b.refresh_token, expiresAt: Date.parse(b.expires_at) }),
  tokenKeys: [
    'access_token',
    'account_id',
    'expires_at',
    'expires_in',
    'refresh_token',
    'refresh_token_expires_at',
    'token_type',
  ],
  refresh: (refresh_token, client_id, client_secret) => ({ refresh_token, client_id, client_secret }),
  validate: (token) => ({ body: { token } }),
  valid: (b) => b.valid,
  errorContentType: 'application/json; charset=utf-8',
  error: (b) => ({ code: b.error.code, message: b.error.message }),
  wrongPassword: { status: UNAUTHORIZED, code: 'invalid_credentials', message: 'username or password is incorrect' },
  wrongClientSecret: {
    status: UNAUTHORIZED,
    code: 'invalid_client',
    message: 'client ID or client secret is incorrect',
  },
  reused: { status: UNAUTHORIZED, code: 'refresh_token_reused' },
  retryAfter: 'seconds',
  ai: 'sync',
  aiMedia: (b) => b.outputs.map((o: Body) => o.url),
  aiEncoding: 'url',
  aiText: (b) => b.text,
  list: {
    since: 'since',
    cursor: 'cursor',
    limit: 'limit',
    items: (b) => b.items,
    next: (b) => b.next_cursor,
    more: (b) => b.has_more,
  },
  record: { id: 'id', version: 'version', deleted: 'deleted' },
};

const camel: Speaker = {
  name: 'camel',
  ttlMs: 5_000,
  authorization: (t) => `Token ${t}`,
  otherScheme: bearer,
  challenge: 'Token',
  login: (login, secret, clientId) => ({ login, secret, clientId }),
  tokens: (b) => ({
    access: b.data.accessToken,
    refresh: b.data.refreshToken,
    expiresAt: Date.parse(b.data.expiresAt),
  }),
  tokenKeys: ['data'],
  refresh: (refreshToken, clientId, clientSecret) => ({ refreshToken, clientId, clientSecret }),
  validate: (accessToken) => ({ body: { accessToken } }),
  valid: (b) => b.data.valid,
  errorContentType: 'application/json; charset=utf-8',
  error: (b) => ({ code: b.error.code, message: b.error.detail }),
  wrongPassword: { status: UNAUTHORIZED, code: 'invalid_credentials', message: 'login or secret is wrong' },
  wrongClientSecret: { status: UNAUTHORIZED, code: 'invalid_client', message: 'client credentials are not valid' },
  reused: { status: UNAUTHORIZED, code: 'refresh_token_reused' },
  retryAfter: 'http-date',
  ai: 'sync',
  aiMedia: (b) => b.result.artifacts.map((a: Body) => a.content),
  aiEncoding: 'base64',
  aiText: (b) => b.result.outputText,
  list: {
    since: 'changedSince',
    cursor: 'pageToken',
    limit: 'pageSize',
    items: (b) => b.data.records,
    next: (b) => b.data.nextCursor,
    more: (b) => b.data.hasMore,
  },
  record: { id: 'id', version: 'revision', deleted: 'isDeleted' },
};

const problem: Speaker = {
  name: 'problem',
  ttlMs: 60_000,
  authorization: (t) => t,
  otherScheme: bearer,
  challenge: null,
  login: (email, password) => ({ email, password }),
  tokens: (b) => ({ access: b.token, refresh: b.refresh, expiresAt: b.exp * 1000 }),
  tokenKeys: ['exp', 'refresh', 'token'],
  refresh: (refresh, client_id, client_secret) => ({ refresh, client_id, client_secret }),
  validate: (token) => ({ body: {}, authorization: token }),
  valid: (b) => b.active,
  errorContentType: 'application/problem+json',
  error: (b) => ({ code: String(b.type).replace('about:blank#', ''), message: b.detail }),
  wrongPassword: { status: UNAUTHORIZED, code: 'invalid_credentials', message: 'email or password is incorrect' },
  wrongClientSecret: {
    status: UNAUTHORIZED,
    code: 'invalid_client',
    message: 'client ID or client secret is incorrect',
  },
  reused: { status: UNAUTHORIZED, code: 'refresh_token_reused' },
  retryAfter: 'seconds',
  ai: 'async',
  aiMedia: (b) => (b.job.output ? [b.job.output.url] : []),
  aiEncoding: 'url',
  aiText: (b) => b.job.text,
  list: {
    since: 'after',
    cursor: 'page',
    limit: 'max',
    items: (b) => b.results,
    next: (b) => b.next,
    more: (b) => b.more,
  },
  record: { id: 'uid', version: 'v', deleted: 'removed' },
};

const oauth: Speaker = {
  name: 'oauth',
  ttlMs: 30_000,
  authorization: bearer,
  otherScheme: (t) => t,
  challenge: 'Bearer',
  login: (username, password, client_id) => ({ grant_type: 'password', username, password, client_id }),
  tokens: (b) => ({ access: b.access_token, refresh: b.refresh_token, expiresAt: b.expires_at }),
  tokenKeys: ['access_token', 'expires_at', 'refresh_token', 'token_type'],
  refresh: (refresh_token, client_id, client_secret) => ({
    grant_type: 'refresh_token',
    refresh_token,
    client_id,
    client_secret,
  }),
  validate: (token) => ({ body: { token } }),
  valid: (b) => b.active,
  errorContentType: 'application/json; charset=utf-8',
  error: (b) => ({ code: b.error, message: b.error_description }),
  wrongPassword: { status: 400, code: 'invalid_grant', message: 'username or password is incorrect' },
  wrongClientSecret: {
    status: UNAUTHORIZED,
    code: 'invalid_client',
    message: 'client ID or client secret is incorrect',
  },
  reused: { status: 400, code: 'invalid_grant' },
  retryAfter: 'seconds',
  ai: 'sync',
  aiMedia: (b) => b.output.files,
  aiEncoding: 'data-url',
  aiText: (b) => b.output.transcript,
  list: {
    since: 'since',
    cursor: 'cursor',
    limit: 'limit',
    items: (b) => b.items,
    next: (b) => b.cursor,
    more: (b) => b.has_more,
  },
  record: { id: 'id', version: 'version', deleted: 'deleted' },
};

export const SPEAKERS: Speaker[] = [standard, camel, problem, oauth];
