import { readFirst, readFirstText } from '../../../shared/field-path';
import type { PlatformProfile } from '../../../shared/profile';

export { readFirst as pick } from '../../../shared/field-path';

type Auth = PlatformProfile['auth'];

export interface TokenPair {
  access: string;
  /** Null when the platform issues no refresh token (then the session ends with the access token). */
  refresh: string | null;
  /** Epoch ms, or null when the platform did not say (then a 401 tells us). */
  accessExpiresAt: number | null;
  /** When this pair was received (epoch ms): with the expiry, the token's life. */
  issuedAt: number;
  accountId: string | null;
}

/** A token travels in a header: one with other than printable ASCII is not a token this app can use. */
function token(body: unknown, aliases: readonly string[] | undefined): string | null {
  const v = readFirst(body, aliases);
  return typeof v === 'string' && v.trim() !== '' && /^[\x20-\x7e]+$/.test(v) ? v : null;
}

/**
 * Read a token pair from a login or refresh answer, whatever names the platform uses. A profile
 * that names refresh-token fields expects one (an answer without it is not a token answer); a
 * profile that names none describes a platform without refresh tokens.
 */
export function readTokenPair(body: unknown, auth: Auth, now: number): TokenPair | null {
  const fields = auth.responseFields;
  const access = token(body, fields.accessToken);
  if (access === null) return null;
  const refresh = token(body, fields.refreshToken);
  if (refresh === null && fields.refreshToken !== undefined) return null;
  // A token that arrives already expired means this computer's clock disagrees with the
  // platform's: its expiry is not believed (a 401 says when it ends), or every request would renew it.
  const expiry = readExpiry(body, auth, now);
  return {
    access,
    refresh,
    accessExpiresAt: expiry !== null && expiry > now ? expiry : null,
    issuedAt: now,
    accountId: readFirstText(body, fields.accountId) ?? null,
  };
}

/** Seconds and milliseconds since 1970 are told apart by size: 1e12 ms is 2001, 1e12 s is year 33658. */
const MS_EPOCH_FLOOR = 1e12;
/** A duration this large (over 3 years in seconds) can only be milliseconds. */
const MS_DURATION_FLOOR = 1e8;

function asNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

/** A moment (`expiresAt`): an ISO date or a Unix timestamp in seconds or milliseconds. */
export function readMoment(v: unknown, format: Auth['expiry']['expiresAt']): number | null {
  const n = asNumber(v);
  if (format === 'iso' || (format === 'auto' && n === null)) {
    if (typeof v !== 'string') return null;
    const t = Date.parse(v);
    return Number.isFinite(t) ? t : null;
  }
  if (n === null || n <= 0) return null;
  if (format === 'unix-seconds') return n * 1000;
  if (format === 'unix-milliseconds') return n;
  return n < MS_EPOCH_FLOOR ? n * 1000 : n;
}

/** A duration (`expiresIn`) in seconds or milliseconds, as a number of milliseconds. */
export function readDuration(v: unknown, format: Auth['expiry']['expiresIn']): number | null {
  const n = asNumber(v);
  if (n === null || n < 0) return null;
  if (format === 'milliseconds') return n;
  if (format === 'seconds') return n * 1000;
  return n >= MS_DURATION_FLOOR ? n : n * 1000;
}

/**
 * When the access token expires (epoch ms). A duration (`expiresIn`) comes first: it does not
 * depend on this computer's clock agreeing with the platform's; a moment (`expiresAt`) otherwise.
 */
export function readExpiry(body: unknown, auth: Auth, now: number): number | null {
  const inMs = readDuration(readFirst(body, auth.responseFields.expiresIn), auth.expiry.expiresIn);
  if (inMs !== null) return now + inMs;
  return readMoment(readFirst(body, auth.responseFields.expiresAt), auth.expiry.expiresAt);
}
