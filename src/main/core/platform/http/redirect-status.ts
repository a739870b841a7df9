/** The statuses that send a client to the address in Location. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function isRedirectStatus(status: number): boolean {
  return REDIRECTS.has(status);
}
