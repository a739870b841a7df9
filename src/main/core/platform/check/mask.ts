import { REDACTED, type SecretRegistry } from '../../redact';
import { scrubDeep } from '../http/scrub';
import type { Answer } from './answer';
import { boundJson } from './bound-json';

/**
 * Keys that hold a credential in token answers (`access_token`, `refreshToken`, `client_secret`…); `token_type` does
 * not.
 */
const SECRET_NAME = /^((access|refresh|id)[_-]?)?token$|^(client[_-]?)?secret$|^password$|^api[_-]?key$|^jwt$/i;
/** "A few KB": enough to find a field, small enough to show. */
export const MAX_RAW_CHARS = 4000;

function maskKeys(value: unknown, depth = 0): unknown {
  if (depth > 64) return '[deep]';
  if (Array.isArray(value)) return value.map((v) => maskKeys(v, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_NAME.test(k) && typeof v === 'string' ? REDACTED : maskKeys(v, depth + 1),
    ]),
  );
}

/**
 * The answer as shown to the user: every secret the session knows replaced wherever it appears,
 * credential-named fields masked even when their value is new, and cut to a few KB.
 */
export function maskedRaw(a: Answer | null, registry: SecretRegistry): string | null {
  if (!a || a.status === null) return null;
  if (a.body === null || a.body === '') return '(an empty answer)';
  const masked = maskKeys(scrubDeep(a.body, registry));
  const text = typeof masked === 'string' ? masked : JSON.stringify(masked, null, 2);
  return text.length > MAX_RAW_CHARS
    ? `${text.slice(0, MAX_RAW_CHARS)}\n… (${text.length - MAX_RAW_CHARS} more characters not shown)`
    : text;
}

/**
 * The answer parsed, for pointing into: secrets masked as in `maskedRaw`, bounded in size. Null
 * when it is not JSON with fields (text, an empty answer).
 */
export function maskedAnswer(a: Answer | null, registry: SecretRegistry): unknown {
  if (!a || a.status === null || a.body === null || typeof a.body !== 'object') return null;
  return boundJson(maskKeys(scrubDeep(a.body, registry)));
}
