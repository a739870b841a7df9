// Small value forms several dialects share: how times, waits and names are written.

/** Retry-After as delta-seconds, the form most servers send. */
export function secondsForm(seconds: number): string {
  return String(seconds);
}

/**
 * Retry-After as an HTTP-date, rounded up to the next whole second so the wait is never shorter.
 * Real time, not the sandbox clock: the client compares the date with its own clock, and tests
 * move the sandbox clock to expire tokens.
 */
export function httpDateForm(seconds: number): string {
  return new Date(Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000).toUTCString();
}

/** Unix time in whole seconds, rounded down so a client never believes a token lives longer. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** "retry_after_s" → "retryAfterS". */
export function camelName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The top-level keys of an object in camelCase (values untouched). */
export function camelKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [camelName(key), v]));
}
