import { describe, expect, it } from 'vitest';
import { defaultErrorFields, parseProfile } from '../../../shared/profile';
import { platformProfile } from './builtin-profiles';
import { pick, readDuration, readExpiry, readMoment, readTokenPair } from './response-fields';

const auth = platformProfile.auth;
const NOW = Date.parse('2026-01-01T00:00:00Z');

function withExpiry(expiry: Partial<(typeof auth)['expiry']>): typeof auth {
  return { ...auth, expiry: { ...auth.expiry, ...expiry } };
}

describe('token response fields', () => {
  it.each([
    [{ access_token: 'a', refresh_token: 'r', expires_in: 60 }, NOW + 60_000],
    [{ accessToken: 'a', refreshToken: 'r', expiresAt: '2026-01-01T01:00:00Z' }, NOW + 3_600_000],
    [{ token: 'a', refresh_token: 'r', exp: NOW / 1000 + 5 }, NOW + 5000],
    [{ data: { access_token: 'a', refresh_token: 'r' } }, null],
  ])('reads %j', (body, expiry) => {
    expect(readTokenPair(body, auth, NOW)).toEqual({
      access: 'a',
      refresh: 'r',
      accessExpiresAt: expiry,
      issuedAt: NOW,
      accountId: null,
    });
  });

  it('refuses an answer without both tokens when the profile expects a refresh token', () => {
    expect(readTokenPair({ access_token: 'a' }, auth, NOW)).toBeNull();
    expect(readTokenPair('<html>', auth, NOW)).toBeNull();
    expect(readTokenPair({ access_token: 5, refresh_token: 'r' }, auth, NOW)).toBeNull();
  });

  it('takes an answer with no refresh token from a profile that names none', () => {
    const { refreshToken: _none, ...rest } = auth.responseFields;
    const noRefresh = { ...auth, responseFields: rest };
    expect(readTokenPair({ access_token: 'a', expires_in: 5 }, noRefresh, NOW)).toEqual({
      access: 'a',
      refresh: null,
      accessExpiresAt: NOW + 5000,
      issuedAt: NOW,
      accountId: null,
    });
  });

  it('finds nested aliases, list indexes and skips empty values', () => {
    expect(pick({ user: { id: 42 }, account_id: '' }, ['account_id', 'user.id'])).toBe(42);
    expect(pick({ data: [{ token: 't' }] }, ['data[0].token'])).toBe('t');
  });
});

describe('expiry formats, declared or detected', () => {
  const iso = '2026-01-01T00:10:00Z';
  const at = Date.parse(iso);
  it.each([
    ['iso', iso],
    ['unix-seconds', at / 1000],
    ['unix-seconds', String(at / 1000)],
    ['unix-milliseconds', at],
  ] as const)('a moment declared as %s', (format, value) => {
    expect(readMoment(value, format)).toBe(at);
    expect(readMoment(value, 'auto')).toBe(at);
  });

  it('refuses a moment that does not fit its declared format', () => {
    expect(readMoment(iso, 'unix-seconds')).toBeNull();
    expect(readMoment(at, 'iso')).toBeNull();
    expect(readMoment('soon', 'auto')).toBeNull();
    expect(readMoment(-5, 'auto')).toBeNull();
  });

  it.each([
    ['seconds', 5, 5000],
    ['seconds', '60', 60_000],
    ['milliseconds', 5000, 5000],
    ['milliseconds', 1500, 1500],
  ] as const)('a duration declared as %s: %j', (format, value, ms) => {
    expect(readDuration(value, format)).toBe(ms);
  });

  it('detects durations: small numbers are seconds, very large ones milliseconds', () => {
    expect(readDuration(900, 'auto')).toBe(900_000);
    expect(readDuration(3_600_000_000, 'auto')).toBe(3_600_000_000);
    expect(readDuration(-1, 'auto')).toBeNull();
    expect(readDuration('soon', 'auto')).toBeNull();
  });

  it('a declared format changes the reading of the same answer', () => {
    const body = { access_token: 'a', refresh_token: 'r', expires_in: 5000 };
    expect(readExpiry(body, withExpiry({ expiresIn: 'milliseconds' }), NOW)).toBe(NOW + 5000);
    expect(readExpiry(body, withExpiry({ expiresIn: 'seconds' }), NOW)).toBe(NOW + 5_000_000);
  });

  it('a version-1 profile (no version, errors or expiry) is read as version 2 with the defaults', () => {
    const v1 = JSON.parse(JSON.stringify(platformProfile)) as Record<string, unknown>;
    delete v1.version;
    delete v1.errors;
    delete (v1.auth as Record<string, unknown>).expiry;
    const parsed = parseProfile(v1);
    expect(parsed.success && parsed.data).toMatchObject({
      version: 2,
      errors: defaultErrorFields,
      auth: { expiry: { expiresIn: 'auto', expiresAt: 'auto' } },
    });
    expect(parseProfile({ ...v1, version: 3 }).success).toBe(false);
  });
});

describe('profile fields by what they name', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const base = () => JSON.parse(JSON.stringify(platformProfile)) as Record<string, any>;

  it('takes query and header names as they are ("page[size]" is a name)', () => {
    const p = base();
    p.records.limitParam = 'page[size]';
    p.records.cursorParam = 'page[after]';
    p.auth.scheme.header = 'X-Auth-Token';
    expect(parseProfile(p).success).toBe(true);
  });

  it('refuses a field to send that is not names joined by dots, naming it', () => {
    const p = base();
    p.auth.login.usernameField = 'users.*.name';
    const parsed = parseProfile(p);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['auth', 'login', 'usernameField']);
    const q = base();
    q.auth.refresh.extra = { 'a..b': 1 };
    expect(parseProfile(q).success).toBe(false);
  });

  it('lets a platform without error codes leave errors.code out', () => {
    const p = base();
    p.errors = { message: ['fault.text'] };
    expect(parseProfile(p).success).toBe(true);
  });
});

describe("a clock that disagrees with the platform's", () => {
  it('prefers a duration to a moment, and does not believe a token that arrives already expired', () => {
    const ahead = NOW + 10_000; // this computer's clock is 10 s ahead of the platform's
    const both = {
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 5,
      expires_at: new Date(NOW + 5_000).toISOString(),
    };
    expect(readTokenPair(both, auth, ahead)?.accessExpiresAt).toBe(ahead + 5_000);
    const momentOnly = { access_token: 'a', refresh_token: 'r', expires_at: new Date(NOW + 5_000).toISOString() };
    expect(readTokenPair(momentOnly, auth, ahead)?.accessExpiresAt).toBeNull();
    expect(readTokenPair(momentOnly, auth, NOW)?.accessExpiresAt).toBe(NOW + 5_000);
  });
});
