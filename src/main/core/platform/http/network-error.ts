function codeOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** The errno-style code behind a fetch failure (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET…), for logs. */
export function networkCode(e: unknown): string | undefined {
  const cause = typeof e === 'object' && e !== null && 'cause' in e ? e.cause : undefined;
  return codeOf(cause) ?? codeOf(e);
}

/**
 * Whether fetch failed because the network did (refused, DNS, reset, TLS), as opposed to our own
 * bug (bad header value, GET with a body) which undici reports as a TypeError without a cause.
 */
export function isNetworkError(e: unknown): boolean {
  if (networkCode(e) !== undefined) return true;
  return e instanceof TypeError && e.message === 'fetch failed';
}
