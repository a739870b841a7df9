import { describe, expect, it } from 'vitest';
import { platformProfile } from './builtin-profiles';
import { pick, readTokenPair } from './response-fields';

const fields = platformProfile.auth.responseFields;
const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('token response fields', () => {
  it.each([
    [{ access_token: 'a', refresh_token: 'r', expires_in: 60 }, NOW + 60_000],
    [{ accessToken: 'a', refreshToken: 'r', expiresAt: '2026-01-01T01:00:00Z' }, NOW + 3_600_000],
    [{ token: 'a', refresh_token: 'r', exp: NOW / 1000 + 5 }, NOW + 5000],
    [{ data: { access_token: 'a', refresh_token: 'r' } }, null],
  ])('reads %j', (body, expiry) => {
    expect(readTokenPair(body, fields, NOW)).toEqual({ access: 'a', refresh: 'r', accessExpiresAt: expiry, accountId: null });
  });

  it('refuses an answer without both tokens', () => {
    expect(readTokenPair({ access_token: 'a' }, fields, NOW)).toBeNull();
    expect(readTokenPair('<html>', fields, NOW)).toBeNull();
    expect(readTokenPair({ access_token: 5, refresh_token: 'r' }, fields, NOW)).toBeNull();
  });

  it('finds nested aliases and skips empty values', () => {
    expect(pick({ user: { id: 42 }, account_id: '' }, ['account_id', 'user.id'])).toBe(42);
  });
});
