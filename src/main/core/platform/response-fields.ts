import type { PlatformProfile } from '../../../shared/profile';

/** First alias that resolves to a value; dots reach into nested objects ("data.access_token"). */
export function pick(body: unknown, aliases: readonly string[]): unknown {
  for (const alias of aliases) {
    let cur: unknown = body;
    for (const part of alias.split('.')) {
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[part] : undefined;
    }
    if (cur !== undefined && cur !== null && cur !== '') return cur;
  }
  return undefined;
}

export interface TokenPair {
  access: string;
  refresh: string;
  /** Epoch ms, or null when the platform did not say (then a 401 tells us). */
  accessExpiresAt: number | null;
  accountId: string | null;
}

/** Read a token pair from a login or refresh answer, whatever names the platform uses. */
export function readTokenPair(body: unknown, fields: PlatformProfile['auth']['responseFields'], now: number): TokenPair | null {
  const access = pick(body, fields.accessToken);
  const refresh = pick(body, fields.refreshToken);
  if (typeof access !== 'string' || typeof refresh !== 'string') return null;
  return { access, refresh, accessExpiresAt: readExpiry(body, fields, now), accountId: readString(pick(body, fields.accountId)) };
}

export function readExpiry(body: unknown, fields: PlatformProfile['auth']['responseFields'], now: number): number | null {
  const at = pick(body, fields.expiresAt);
  if (typeof at === 'string') {
    const t = Date.parse(at);
    if (Number.isFinite(t)) return t;
  }
  if (typeof at === 'number' && at > 0) return at < 1e12 ? at * 1000 : at; // seconds or ms since epoch
  const inSec = pick(body, fields.expiresIn);
  if (typeof inSec === 'number' && inSec >= 0) return now + inSec * 1000;
  if (typeof inSec === 'string' && /^\d+$/.test(inSec)) return now + Number(inSec) * 1000;
  return null;
}

function readString(v: unknown): string | null {
  if (typeof v === 'string' && v.length > 0) return v;
  if (typeof v === 'number') return String(v);
  return null;
}
