import type { HttpMethod } from './types';

/** Whether sending twice is harmless: reads, or writes the server de-duplicates by Idempotency-Key. */
export function isReplaySafe(method: HttpMethod, idempotencyKey: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD' || Boolean(idempotencyKey);
}

/**
 * Statuses worth another attempt. 500 only for reads: a keyed write that hit a server bug is
 * likely to hit it again, and its effect is unknown.
 */
export function isRetryableStatus(status: number, method: HttpMethod): boolean {
  if (status === 429 || status === 502 || status === 503 || status === 504) return true;
  return status === 500 && (method === 'GET' || method === 'HEAD');
}
