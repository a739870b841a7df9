// The platform's document promises one thing about errors: an error message is returned. Every
// refusal shows those words verbatim, with our one-line hint of what to do — and a refusal of the
// client's credentials points at the client secret, not at the user's password.
import { afterEach, describe, expect, it } from 'vitest';
import {
  call,
  coreWithSandbox,
  listAssets,
  signInDemo,
  type Harness,
} from '../../../../test/support/core-with-sandbox';
import { AppException } from '../errors';
import { sandboxProfile } from './builtin-profiles';
import { blamesClient } from './session';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppException) return e.error;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe("the platform's words, everywhere", () => {
  it('a wrong password: the server’s message, and a hint about the login, not the client', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    await call(h, 'session.signOut', {});
    const result = await h.core.dispatch('session.signIn', { username: h.sandbox.demo.username, password: 'wrong' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'auth',
        status: 401,
        message: 'username or password is incorrect',
        serverCode: 'invalid_credentials',
        hint: expect.stringMatching(/login and password/),
      },
    });
  });

  it('a refused refresh because of the client secret says so and points at the client secret', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    await call(h, 'connection.setClientCredentials', {
      clientId: h.sandbox.demo.clientId,
      clientSecret: 'not-the-secret',
    });
    h.sandbox.expireAccessTokens();
    const error = await failure(listAssets(h));
    expect(error).toMatchObject({
      code: 'auth',
      message: 'client ID or client secret is incorrect',
      hint: expect.stringMatching(/client secret/),
    });
    expect(error.hint).not.toMatch(/password/);
    expect((await call(h, 'session.get', {})).message).toBe('client ID or client secret is incorrect');
  });

  it('a refused refresh token (not the client) asks to sign in again', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    h.sandbox.expireAccessTokens();
    h.sandbox.expireRefreshTokens();
    const error = await failure(listAssets(h));
    expect(error).toMatchObject({
      code: 'auth',
      message: 'refresh token expired; log in again',
      hint: expect.stringMatching(/Sign in again/),
    });
  });

  it("a profile's error fields decide where the words are read (here: the machine code instead)", async () => {
    h = await coreWithSandbox();
    const custom = {
      ...sandboxProfile,
      id: 'codes-only',
      name: 'Codes only',
      embeddedSandbox: false,
      baseUrl: h.sandbox.url,
      errors: { message: ['error.code'], code: ['error.code'] },
    };
    await call(h, 'profile.import', { json: JSON.stringify(custom) });
    await call(h, 'profile.select', { id: 'codes-only' });
    await call(h, 'connection.setClientCredentials', {
      clientId: h.sandbox.demo.clientId,
      clientSecret: h.sandbox.demo.clientSecret,
    });
    const result = await h.core.dispatch('session.signIn', { username: h.sandbox.demo.username, password: 'wrong' });
    expect(result).toMatchObject({ ok: false, error: { message: 'invalid_credentials' } });
  });

  it('an expired API key shows the server’s words and says to generate a new key', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    const created = await h.core.session.request({
      method: 'POST',
      url: `${h.sandbox.url}/account/api-keys`,
      body: { name: 'test' },
    });
    const key = (created.body as { key: string }).key;
    await call(h, 'apiKey.set', { key, expiresAt: new Date(Date.now() + 86_400_000 * 30).toISOString() });
    h.sandbox.expireApiKeys();
    const error = await failure(listAssets(h));
    expect(error.message).toMatch(/^API key expired at .*generate a new key in the account's API Key section$/);
    expect(error.hint).toMatch(/Generate a new key/);
  });

  it('tells a client refusal from a user refusal by the code or the words', () => {
    expect(blamesClient({ message: 'nope', serverCode: 'invalid_client' })).toBe(true);
    expect(blamesClient({ message: 'client secret mismatch', serverCode: 'E401' })).toBe(true);
    expect(blamesClient({ message: 'client credentials are not valid' })).toBe(true);
    expect(blamesClient({ message: 'the client_secret does not match' })).toBe(true);
    expect(blamesClient({ message: 'login or secret is wrong', serverCode: 'invalid_credentials' })).toBe(false);
    expect(blamesClient({ message: 'login or secret is wrong' })).toBe(false);
    expect(blamesClient({ message: 'username or password is incorrect', serverCode: 'invalid_credentials' })).toBe(
      false,
    );
    expect(blamesClient({ message: 'refresh token expired; log in again', serverCode: 'refresh_token_expired' })).toBe(
      false,
    );
  });
});
