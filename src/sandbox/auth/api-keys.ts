import type { Db } from '../db/open';
import { iso } from '../clock';
import { API_KEY_PREFIX, hashToken, randomId, randomToken } from './secrets';

export interface ApiKeyRow {
  id: string;
  account_id: string;
  name: string;
  prefix: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
}

export type ApiKeyCheck =
  { ok: true; key: ApiKeyRow } | { ok: false; reason: 'unknown' | 'expired' | 'revoked'; key?: ApiKeyRow };

/** The public description of a key; the secret itself is shown once, at creation. */
export function describeKey(key: ApiKeyRow, at: number) {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: iso(key.created_at),
    expires_at: iso(key.expires_at),
    expired: key.expires_at <= at,
    revoked_at: key.revoked_at === null ? null : iso(key.revoked_at),
    last_used_at: key.last_used_at === null ? null : iso(key.last_used_at),
  };
}

export function createApiKeyStore(db: Db, now: () => number) {
  const insert = db.prepare(
    'INSERT INTO api_keys (id, hash, account_id, name, prefix, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const byHash = db.prepare('SELECT * FROM api_keys WHERE hash = ?');
  const byAccount = db.prepare('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id');
  const touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
  const revoke = db.prepare(
    'UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL',
  );
  const byId = db.prepare('SELECT * FROM api_keys WHERE id = ? AND account_id = ?');
  const expireAll = db.prepare('UPDATE api_keys SET expires_at = ? WHERE expires_at > ?');

  return {
    create(accountId: string, name: string, expiresAt: number): { key: string; row: ApiKeyRow } {
      const key = randomToken(API_KEY_PREFIX);
      const id = randomId('key_');
      insert.run(id, hashToken(key), accountId, name, key.slice(0, API_KEY_PREFIX.length + 6), now(), expiresAt);
      return { key, row: byId.get(id, accountId) as ApiKeyRow };
    },

    check(key: string): ApiKeyCheck {
      const row = byHash.get(hashToken(key)) as ApiKeyRow | undefined;
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at !== null) return { ok: false, reason: 'revoked', key: row };
      const at = now();
      if (row.expires_at <= at) return { ok: false, reason: 'expired', key: row };
      touch.run(at, row.id);
      return { ok: true, key: row };
    },

    list(accountId: string): ApiKeyRow[] {
      return byAccount.all(accountId) as ApiKeyRow[];
    },

    get(accountId: string, id: string): ApiKeyRow | undefined {
      return byId.get(id, accountId) as ApiKeyRow | undefined;
    },

    revoke(accountId: string, id: string): boolean {
      return revoke.run(now(), id, accountId).changes > 0;
    },

    expireAll(): number {
      const at = now();
      return expireAll.run(at - 1, at - 1).changes;
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;
