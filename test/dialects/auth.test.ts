// Accounts against every dialect of the sandbox, each with the profile that fits it: sign-in,
// one refresh for 50 callers meeting an expired token, and refusals in the platform's own words.
import { describe, expect, it } from 'vitest';
import { AppException } from '../../src/main/core/errors';
import { call } from '../support/core-with-sandbox';
import { DIALECT_NAMES, dialectHarnesses, firstPage, type DialectName } from './dialect-harness';

const open = dialectHarnesses();

/** What each dialect says to a wrong password and a wrong client secret (docs/sandbox.md). */
const WORDS: Record<DialectName, { password: string; client: string }> = {
  standard: { password: 'username or password is incorrect', client: 'client ID or client secret is incorrect' },
  camel: { password: 'login or secret is wrong', client: 'client credentials are not valid' },
  problem: { password: 'email or password is incorrect', client: 'client ID or client secret is incorrect' },
  oauth: { password: 'username or password is incorrect', client: 'client ID or client secret is incorrect' },
};

describe.each(DIALECT_NAMES)('the %s dialect, with its profile', (dialect) => {
  it('signs in, reads the token answer and sends the scheme the profile names', async () => {
    const h = await open(dialect);
    const view = await call(h, 'session.get', {});
    expect(view).toMatchObject({ signedIn: true, mode: 'token', state: 'active', userLabel: h.sandbox.demo.username });
    expect(Date.parse(view.expiresAt ?? '')).toBeGreaterThan(Date.now());
    await expect(firstPage(h)).resolves.toMatchObject({ items: [] });
  });

  it('50 concurrent requests meeting an expired access token: exactly one refresh, all succeed', async () => {
    const h = await open(dialect);
    h.sandbox.resetStats();
    h.sandbox.expireAccessTokens();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => firstPage(h)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(h.sandbox.stats.refreshCalls).toBe(1);
    expect(h.sandbox.stats.refreshRefused).toBe(0);
  });

  it('a wrong password shows the platform’s exact words', async () => {
    const h = await open(dialect);
    await call(h, 'session.signOut', {});
    const result = await h.core.dispatch('session.signIn', {
      username: h.sandbox.demo.username,
      password: 'wrong password',
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'auth', message: WORDS[dialect].password, hint: expect.stringMatching(/login and password/) },
    });
  });

  it('the words are read where the profile says: pointed at the code, the code is what shows', async () => {
    const h = await open(dialect);
    const copy = structuredClone(h.profile);
    copy.errors = { message: copy.errors.code ?? [], code: copy.errors.code };
    await call(h, 'profile.import', { json: JSON.stringify(copy) });
    await call(h, 'session.signOut', {});
    const result = await h.core.dispatch('session.signIn', {
      username: h.sandbox.demo.username,
      password: 'wrong password',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).not.toBe(WORDS[dialect].password);
    expect(result.error.message).toMatch(/invalid_(credentials|grant)/);
  });

  it('a refresh refused for the client secret shows the platform’s words and points at the client secret', async () => {
    const h = await open(dialect);
    await call(h, 'connection.setClientCredentials', {
      clientId: h.sandbox.demo.clientId,
      clientSecret: 'not-the-secret',
    });
    h.sandbox.expireAccessTokens();
    const error = await firstPage(h).then(
      () => null,
      (e: unknown) => (e instanceof AppException ? e.error : null),
    );
    expect(error).toMatchObject({
      code: 'auth',
      message: WORDS[dialect].client,
      hint: expect.stringMatching(/client secret/),
    });
    expect(h.sandbox.stats.refreshCalls).toBe(1);
  });
});
