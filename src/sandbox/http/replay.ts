import type { Services } from '../services';
import { json, type Reply } from './reply';

/** The answer already given to this request under its Idempotency-Key, counted as a replay; null on a first request. */
export function replayed(s: Services, accountId: string, scope: string, key: string, hash: string): Reply | null {
  const found = s.idempotency.lookup(accountId, scope, key, hash);
  if (found.kind !== 'replay') return null;
  s.stats.idempotentReplays++;
  return json(found.status, found.body, { 'idempotent-replayed': 'true' });
}
