import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Prefixes make a leaked secret recognisable and tell the sandbox which table to look in. */
export const ACCESS_PREFIX = 'sbx_at_';
export const REFRESH_PREFIX = 'sbx_rt_';
export const API_KEY_PREFIX = 'sbx_ak_';

export function randomToken(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function randomId(prefix: string): string {
  return prefix + randomBytes(10).toString('hex');
}

/** Tokens are stored only as hashes; they carry enough entropy for a plain SHA-256. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

// A low scrypt cost: passwords here guard demo data, and logins must stay quick for benchmarks.
const SCRYPT = { N: 1024, r: 8, p: 1 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
