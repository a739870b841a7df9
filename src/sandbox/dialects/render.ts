import type { HttpError } from '../http/errors';
import type { JsonReply } from '../http/reply';
import type { Dialect } from './dialect';

/**
 * Every refusal ends here: the dialect's body and content type, its Retry-After form and its
 * challenge. Errors are raised in one shape so no route needs to know the dialect's.
 */
export function renderError(dialect: Dialect, error: HttpError): JsonReply {
  const { current, ...extra } = error.extra;
  const headers = { ...error.headers };
  const wait = headers['retry-after'];
  if (wait !== undefined) headers['retry-after'] = dialect.errors.retryAfter(Number(wait));
  if (headers['www-authenticate'] !== undefined) {
    const challenge = dialect.auth.scheme.challenge;
    if (challenge === null) delete headers['www-authenticate'];
    else headers['www-authenticate'] = `${challenge} realm="sandbox", error="${error.code}"`;
  }
  const body = dialect.errors.body({ status: error.status, code: error.code, message: error.message, extra, current });
  return { kind: 'json', status: error.status, body, headers, contentType: dialect.errors.contentType };
}
