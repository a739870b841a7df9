// A dialect is one reading of what the platform's document leaves open. Routes consult it for
// names, shapes and forms; they never branch on which dialect is in use.
import type { StoredRecord } from '../resources/store';

/** How the Authorization header carries a credential. */
export interface AuthScheme {
  /** Word before the token ("Bearer", "Token"), or null when the header is the token itself. */
  word: string | null;
  /** Also take the raw token, and take any other value as a token (the standard reading). */
  lenient: boolean;
  /** Scheme named in WWW-Authenticate on a 401, or null to send no challenge. */
  challenge: string | null;
  /** How the header should look, quoted in refusals. */
  example: string;
}

/** Names of a request's fields by role (null: the field is not read), and constants it must carry. */
export interface BodyFields<Role extends string> {
  names: Record<Role, string | null>;
  constants?: Record<string, string>;
}

export type LoginRole = 'username' | 'password' | 'clientId';
export type RefreshRole = 'refreshToken' | 'clientId' | 'clientSecret';

/** Tokens issued by a login or a refresh. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  accountId: string;
}

/** What a validation found, before the dialect words it. */
export type TokenCheck =
  | { valid: true; kind: 'access' | 'refresh' | 'api_key'; accountId: string; expiresAt: number }
  | {
      valid: false;
      kind: 'access' | 'refresh' | 'api_key' | null;
      reason: string;
      message: string;
      expiresAt: number | null;
    };

/** Refusals of the authentication endpoints a dialect words differently (keyed by the sandbox's code). */
export type AuthErrorCode =
  | 'invalid_credentials'
  | 'invalid_client'
  | 'invalid_grant'
  | 'refresh_token_expired'
  | 'refresh_token_reused'
  | 'token_revoked'
  | 'missing_field'
  | 'unsupported_value';

export interface ErrorOverride {
  status?: number;
  code?: string;
  message?: string;
}

/** An error as the sandbox knows it; `current` is a conflicting record already in the dialect's naming. */
export interface ErrorView {
  status: number;
  code: string;
  message: string;
  extra: Record<string, unknown>;
  current?: unknown;
}

/** One produced file of an AI operation, stored and reachable at `url`. */
export interface ProducedFile {
  data: Buffer;
  fileId: string;
  url: string;
  mimeType: string;
  size: number;
  sha256: string;
  width?: number;
  height?: number;
  durationS?: number;
  fps?: number;
}

/** A finished generation, before the dialect shapes the answer. */
export interface Generation {
  id: string;
  operation: string;
  modelId: string;
  createdAt: number;
  text: string | null;
  outputs: ProducedFile[];
  metrics: Record<string, unknown>;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** An asynchronous job as a poll sees it. */
export interface JobView {
  id: string;
  operation: string;
  status: JobStatus;
  output: { url: string; mimeType: string } | null;
  text: string | null;
  error: string | null;
}

export type AiMode =
  | { mode: 'sync'; answer(generation: Generation): unknown }
  | { mode: 'async'; accepted(job: JobView): unknown; job(job: JobView): unknown };

/** A list page before the dialect names its fields. */
export interface ListPage {
  items: Record<string, unknown>[];
  next: string;
  hasMore: boolean;
}

export interface RecordsDialect {
  /** Query parameters: change feed after a cursor, plain paging, page size. */
  params: { since: string; cursor: string; limit: string };
  /** Name of the next-cursor field, quoted in refusals. */
  nextCursorName: string;
  page(page: ListPage): unknown;
  present(record: StoredRecord): Record<string, unknown>;
  /** Body field (and DELETE query parameter) holding the expected version. */
  versionField: string;
  /** Fields the server owns: dropped from what clients send. */
  serverFields: readonly string[];
}

export interface Dialect {
  name: string;
  /** One line: what this reading is like. */
  summary: string;
  /** Access token life when the sandbox is not given one. */
  accessTokenTtlMs: number;
  auth: {
    scheme: AuthScheme;
    login: BodyFields<LoginRole>;
    refresh: BodyFields<RefreshRole>;
    /** Body field with the token to check (null: the Authorization header); headerFallback also reads the header. */
    validate: { field: string | null; headerFallback: boolean };
    tokenAnswer(tokens: IssuedTokens, at: number): unknown;
    validateAnswer(check: TokenCheck, at: number): unknown;
    errors: Partial<Record<AuthErrorCode, ErrorOverride>>;
  };
  errors: {
    contentType: string;
    body(error: ErrorView): unknown;
    /** Retry-After value for a wait of whole seconds. */
    retryAfter(seconds: number): string;
  };
  ai: AiMode;
  records: RecordsDialect;
}
