import { describe, expect, it } from 'vitest';
import { sandboxProfile } from './builtin-profiles';
import { parseProfile } from '../../../shared/profile';
import { ApiKeyInput } from '../../../shared/session';
import { readTokenPair } from './response-fields';

const withScheme = (scheme: { header: string; prefix: string }) => ({
  ...sandboxProfile,
  id: 'custom',
  auth: { ...sandboxProfile.auth, scheme },
});

describe('the header a profile sends credentials in', () => {
  it('accepts header names and prefixes HTTP can carry', () => {
    for (const scheme of [
      { header: 'Authorization', prefix: 'Bearer ' },
      { header: 'X-Api-Key', prefix: '' },
      { header: 'x.token_v2', prefix: 'Token ' },
    ]) {
      expect(parseProfile(withScheme(scheme)).success, scheme.header).toBe(true);
    }
  });

  // Found by fuzzing: these passed the profile check, then every request failed as an internal error.
  it('refuses, naming the field, what no request could carry', () => {
    for (const [scheme, field] of [
      [{ header: 'X-Key[0]', prefix: 'Bearer ' }, 'auth.scheme.header'],
      [{ header: 'X Api Key', prefix: '' }, 'auth.scheme.header'],
      [{ header: 'Authorization', prefix: 'Bearer\n' }, 'auth.scheme.prefix'],
      [{ header: 'Authorization', prefix: 'Bearer 🙂 ' }, 'auth.scheme.prefix'],
      [{ header: 'Authorization', prefix: 'Bear\u0000' }, 'auth.scheme.prefix'],
    ] as const) {
      const parsed = parseProfile(withScheme(scheme));
      expect(parsed.success, JSON.stringify(scheme)).toBe(false);
      expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(field);
    }
  });
});

// Found by fuzzing: an API key or a token outside printable ASCII was kept, then every request
// failed as an internal error (a header value cannot carry it).
describe('credentials that travel in a header', () => {
  it('refuses an API key no header can carry, in words', () => {
    expect(ApiKeyInput.safeParse({ key: 'sk_live_abc123', expiresAt: '2030-01-01T00:00:00Z' }).success).toBe(true);
    const refused = ApiKeyInput.safeParse({ key: 'sk_live_\u1d7e\u32d4', expiresAt: '2030-01-01T00:00:00Z' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['key'],
      message: expect.stringMatching(/does not look like an API key/),
    });
  });

  it('does not take a token no header can carry for a token', () => {
    const auth = sandboxProfile.auth;
    expect(readTokenPair({ access_token: 'ok-token', refresh_token: 'r' }, auth, 0)?.access).toBe('ok-token');
    expect(readTokenPair({ access_token: 'bad\u1d7etoken', refresh_token: 'r' }, auth, 0)).toBeNull();
    expect(readTokenPair({ access_token: 'a', refresh_token: 'line\nbreak' }, auth, 0)).toBeNull();
  });
});
