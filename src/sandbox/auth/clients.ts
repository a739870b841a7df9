import type { Db } from '../db/open';
import { hashToken, sameHash } from './secrets';

/** Registered applications: a client ID with its secret, checked on every refresh. */
export function createClientStore(db: Db, now: () => number) {
  const get = db.prepare('SELECT secret_hash FROM clients WHERE client_id = ?');
  const upsert = db.prepare(
    `INSERT INTO clients (client_id, secret_hash, created_at) VALUES (?, ?, ?)
     ON CONFLICT(client_id) DO UPDATE SET secret_hash = excluded.secret_hash`,
  );
  return {
    register(clientId: string, secret: string): void {
      upsert.run(clientId, hashToken(secret), now());
    },
    exists(clientId: string): boolean {
      return get.get(clientId) !== undefined;
    },
    verify(clientId: string, secret: string): boolean {
      const row = get.get(clientId) as { secret_hash: string } | undefined;
      return row !== undefined && sameHash(hashToken(secret), row.secret_hash);
    },
  };
}

export type ClientStore = ReturnType<typeof createClientStore>;
