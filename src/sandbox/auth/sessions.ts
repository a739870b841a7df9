import type { Db } from '../db/open';
import { ACCESS_PREFIX, REFRESH_PREFIX, hashToken, randomId, randomToken } from './secrets';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  accountId: string;
  familyId: string;
}

export type TokenState = 'valid' | 'expired' | 'revoked' | 'used';

export interface TokenInfo {
  kind: 'access' | 'refresh';
  accountId: string;
  familyId: string;
  expiresAt: number;
  state: TokenState;
}

export type RefreshFailure =
  'invalid_grant' | 'invalid_client' | 'refresh_token_expired' | 'refresh_token_reused' | 'token_revoked';

export type RefreshOutcome =
  | { ok: true; pair: TokenPair; withinGrace: boolean }
  | { ok: false; code: RefreshFailure; message: string; familyRevoked: boolean };

interface TokenRow {
  kind: 'access' | 'refresh';
  family_id: string;
  account_id: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  client_id: string | null;
}

export interface SessionSettings {
  /** Read at each issue: the dialect in use may change it while the sandbox runs. */
  accessTokenTtlMs: () => number;
  refreshTokenTtlMs: number;
  refreshReuseGraceMs: number;
}

/** The store's statements, prepared once and typed by what they return. */
function statements(db: Db) {
  return {
    insertFamily: db.prepare('INSERT INTO token_families (id, account_id, client_id, created_at) VALUES (?, ?, ?, ?)'),
    insertToken: db.prepare(
      'INSERT INTO tokens (hash, kind, family_id, account_id, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    lookup: db.prepare<[string], TokenRow>(
      `SELECT t.kind, t.family_id, t.account_id, t.expires_at, t.used_at, f.revoked_at, f.client_id
       FROM tokens t JOIN token_families f ON f.id = t.family_id WHERE t.hash = ?`,
    ),
    markUsed: db.prepare('UPDATE tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL'),
    revokeFamily: db.prepare(
      'UPDATE token_families SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL',
    ),
    expireKind: db.prepare('UPDATE tokens SET expires_at = ? WHERE kind = ? AND expires_at > ?'),
  };
}

function stateOf(row: TokenRow, at: number): TokenState {
  if (row.revoked_at !== null) return 'revoked';
  if (row.kind === 'refresh' && row.used_at !== null) return 'used';
  return row.expires_at <= at ? 'expired' : 'valid';
}

const refused = (code: RefreshFailure, message: string, familyRevoked = false): RefreshOutcome => ({
  ok: false,
  code,
  message,
  familyRevoked,
});

/**
 * Why a refresh token may not be rotated, or null when it may. A token spent moments ago (within
 * the grace) is 'grace': the client lost the answer, so it gets a new pair rather than a revocation.
 */
function refusal(
  row: TokenRow | undefined,
  clientId: string,
  at: number,
  graceMs: number,
): RefreshOutcome | 'grace' | 'reused' | null {
  if (!row || row.kind !== 'refresh') return refused('invalid_grant', 'refresh token is not valid');
  if (row.revoked_at !== null) return refused('token_revoked', 'refresh token was revoked; log in again');
  if (row.client_id !== null && row.client_id !== clientId)
    return refused('invalid_client', 'refresh token was issued to another client');
  if (row.used_at !== null) return at - row.used_at <= graceMs && graceMs > 0 ? 'grace' : 'reused';
  if (row.expires_at <= at) return refused('refresh_token_expired', 'refresh token expired; log in again');
  return null;
}

/**
 * Token families: a login starts one; every refresh adds a pair to it; reuse of a spent
 * refresh token revokes all of it, since one of the two presenters must be a thief.
 */
export function createSessionStore(db: Db, now: () => number, settings: SessionSettings) {
  const { insertFamily, insertToken, lookup, markUsed, revokeFamily, expireKind } = statements(db);

  function addPair(accountId: string, familyId: string): TokenPair {
    const issuedAt = now();
    const pair: TokenPair = {
      accessToken: randomToken(ACCESS_PREFIX),
      refreshToken: randomToken(REFRESH_PREFIX),
      accessExpiresAt: issuedAt + settings.accessTokenTtlMs(),
      refreshExpiresAt: issuedAt + settings.refreshTokenTtlMs,
      accountId,
      familyId,
    };
    insertToken.run(hashToken(pair.accessToken), 'access', familyId, accountId, issuedAt, pair.accessExpiresAt);
    insertToken.run(hashToken(pair.refreshToken), 'refresh', familyId, accountId, issuedAt, pair.refreshExpiresAt);
    return pair;
  }

  const refresh = db.transaction((refreshToken: string, clientId: string): RefreshOutcome => {
    const at = now();
    const row = lookup.get(hashToken(refreshToken));
    const refusedBy = refusal(row, clientId, at, settings.refreshReuseGraceMs);
    if (typeof refusedBy === 'object' && refusedBy !== null) return refusedBy;
    if (!row) return refused('invalid_grant', 'refresh token is not valid');
    if (refusedBy === 'grace') return { ok: true, pair: addPair(row.account_id, row.family_id), withinGrace: true };
    if (refusedBy === 'reused') {
      revokeFamily.run(at, 'refresh token reused', row.family_id);
      return refused(
        'refresh_token_reused',
        'refresh token was already used; every token issued from it has been revoked, log in again',
        true,
      );
    }
    markUsed.run(at, hashToken(refreshToken));
    return { ok: true, pair: addPair(row.account_id, row.family_id), withinGrace: false };
  });

  return {
    /** Login: a new family with its first pair. */
    issue(accountId: string, clientId: string | null): TokenPair {
      const familyId = randomId('fam_');
      return db.transaction(() => {
        insertFamily.run(familyId, accountId, clientId, now());
        return addPair(accountId, familyId);
      })();
    },

    inspect(token: string): TokenInfo | undefined {
      const row = lookup.get(hashToken(token));
      if (!row) return undefined;
      return {
        kind: row.kind,
        accountId: row.account_id,
        familyId: row.family_id,
        expiresAt: row.expires_at,
        state: stateOf(row, now()),
      };
    },

    /** Rotates a refresh token; client credentials must already have been checked. */
    refresh: (refreshToken: string, clientId: string): RefreshOutcome => refresh(refreshToken, clientId),

    /** Makes every live access token expired now; returns how many. */
    expireAccessTokens(): number {
      const at = now();
      return expireKind.run(at - 1, 'access', at - 1).changes;
    },

    expireRefreshTokens(): number {
      const at = now();
      return expireKind.run(at - 1, 'refresh', at - 1).changes;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
