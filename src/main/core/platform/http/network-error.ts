function codeOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** The errno-style code behind a fetch failure (ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET…), for logs. */
export function networkCode(e: unknown): string | undefined {
  const cause = typeof e === 'object' && e !== null && 'cause' in e ? e.cause : undefined;
  return codeOf(cause) ?? codeOf(e);
}

/** undici's codes for a request it refused to send as built (a bad argument, a body of the wrong length): our bug. */
const OUR_FAULT = new Set([
  'UND_ERR_INVALID_ARG',
  'UND_ERR_INVALID_RETURN_VALUE',
  'UND_ERR_NOT_SUPPORTED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
]);

/**
 * Whether fetch failed because the network did (refused, DNS, reset, TLS), as opposed to our own
 * bug (bad header value, GET with a body) which fetch reports as a TypeError without a cause and
 * undici.request with one of the codes above.
 */
export function isNetworkError(e: unknown): boolean {
  const code = networkCode(e);
  if (code !== undefined) return !OUR_FAULT.has(code);
  return e instanceof TypeError && e.message === 'fetch failed';
}
