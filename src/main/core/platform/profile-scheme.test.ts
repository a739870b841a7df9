import { describe, expect, it } from 'vitest';
import { sandboxProfile } from './builtin-profiles';
import { parseProfile } from '../../../shared/profile';

const withScheme = (scheme: { header: string; prefix: string }) => ({ ...sandboxProfile, id: 'custom', auth: { ...sandboxProfile.auth, scheme } });

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
