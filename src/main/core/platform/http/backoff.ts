export const DEFAULT_BACKOFF_BASE_MS = 250;
export const DEFAULT_BACKOFF_CAP_MS = 5_000;

/** Capped exponential backoff with full jitter; `retry` is 0 before the first retry. */
export function backoffDelay(
  retry: number,
  random: () => number,
  baseMs = DEFAULT_BACKOFF_BASE_MS,
  capMs = DEFAULT_BACKOFF_CAP_MS,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(retry, 30));
  return Math.floor(Math.min(1, Math.max(0, random())) * ceiling);
}
