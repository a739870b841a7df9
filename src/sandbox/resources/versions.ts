import { badRequest } from '../http/errors';

/** The version a write expects: If-Match ("3", 3 or W/"3") or a version field; neither means unconditional. */
export function expectedVersion(ifMatch: string | undefined, fromBody: unknown): number | undefined {
  let version: unknown = fromBody;
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"?(\d+)"?$/.exec(ifMatch.trim());
    if (!match) throw badRequest('If-Match must be a record version such as "3"');
    version = Number(match[1]);
  }
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw badRequest('version must be a positive integer');
  }
  return version;
}
