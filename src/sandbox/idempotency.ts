import { createHash } from 'node:crypto';
import type { Db } from './db/open';
import { HttpError } from './http/errors';

/** Keys are remembered this long; after that a key may be used for new work. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Key order must not matter: {a,b} and {b,a} are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export function readIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const key = header.trim();
  if (key === '' || key.length > 255 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return key;
}

export type IdempotencyLookup = { kind: 'miss' } | { kind: 'replay'; status: number; body: unknown };

/** Stored successful responses per (account, scope, key); a different body under the same key is refused. */
export function createIdempotencyStore(db: Db, now: () => number) {
  const get = db.prepare(
    'SELECT request_hash, status, body, created_at FROM idempotency WHERE account_id = ? AND scope = ? AND key = ?',
  );
  const put = db.prepare(
    `INSERT INTO idempotency (account_id, scope, key, request_hash, status, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(account_id, scope, key) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status,
     body = excluded.body, created_at = excluded.created_at`,
  );
  const inFlight = new Set<string>();
  const flightKey = (accountId: string, scope: string, key: string) => `${accountId}\u0000${scope}\u0000${key}`;

  return {
    lookup(accountId: string, scope: string, key: string, hash: string): IdempotencyLookup {
      const row = get.get(accountId, scope, key) as
        { request_hash: string; status: number; body: string; created_at: number } | undefined;
      if (!row || now() - row.created_at > IDEMPOTENCY_TTL_MS) return { kind: 'miss' };
      if (row.request_hash !== hash) {
        throw new HttpError(
          422,
          'idempotency_key_reused',
          'Idempotency-Key was already used with a different request body; use a new key for a new request',
        );
      }
      return { kind: 'replay', status: row.status, body: JSON.parse(row.body) };
    },

    save(accountId: string, scope: string, key: string, hash: string, status: number, body: unknown): void {
      put.run(accountId, scope, key, hash, status, JSON.stringify(body), now());
    },

    /** Marks a long request as running so a concurrent retry gets 409 rather than a second run. */
    begin(accountId: string, scope: string, key: string): () => void {
      const id = flightKey(accountId, scope, key);
      if (inFlight.has(id)) {
        throw new HttpError(
          409,
          'idempotency_in_progress',
          'a request with this Idempotency-Key is still running; retry after it finishes',
          {},
          { 'retry-after': '1' },
        );
      }
      inFlight.add(id);
      return () => inFlight.delete(id);
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
