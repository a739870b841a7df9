import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, login, testSandbox } from '../test-support';
import { tokenFromHeader } from './authenticate';

describe('tokenFromHeader', () => {
  it('accepts Bearer in any case and the raw token', () => {
    expect(tokenFromHeader('Bearer abc')).toBe('abc');
    expect(tokenFromHeader('bearer   abc ')).toBe('abc');
    expect(tokenFromHeader('abc')).toBe('abc');
    expect(tokenFromHeader('Bearer ')).toBe('Bearer');
    expect(tokenFromHeader('')).toBeNull();
    expect(tokenFromHeader(undefined)).toBeNull();
  });
});

describe('access tokens on requests', () => {
  let sandbox: Sandbox;
  let now = Date.parse('2030-01-01T00:00:00Z');
  beforeAll(async () => {
    sandbox = await testSandbox({ now: () => now, accessTokenTtlMs: 60_000 });
  });
  afterAll(() => sandbox.stop());

  it('denies a request without an Authorization header with 401 and a message', async () => {
    const res = await call(sandbox.url, 'GET', '/v2/assets');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('missing_credentials');
    expect(res.body.error.message).toMatch(/Authorization header is required/);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('denies an unknown token', async () => {
    const res = await call(sandbox.url, 'GET', '/v2/assets', { token: 'sbx_at_not-a-real-token' });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'invalid_token', message: 'access token is not valid' });
  });

  it('accepts "Bearer <token>" and the raw token', async () => {
    const tokens = await login(sandbox);
    const bearer = await call(sandbox.url, 'GET', '/v2/assets', { authorization: `Bearer ${tokens.access_token}` });
    const rawToken = await call(sandbox.url, 'GET', '/v2/assets', { authorization: tokens.access_token });
    expect(bearer.status).toBe(200);
    expect(rawToken.status).toBe(200);
  });

  it('refuses a refresh token used as an access token', async () => {
    const tokens = await login(sandbox);
    const res = await call(sandbox.url, 'GET', '/v2/assets', { token: tokens.refresh_token });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/refresh token cannot authorize/);
  });

  it('expires access tokens after the configured lifetime', async () => {
    const tokens = await login(sandbox);
    now += 59_000;
    expect((await call(sandbox.url, 'GET', '/v2/assets', { token: tokens.access_token })).status).toBe(200);
    now += 1_000;
    const res = await call(sandbox.url, 'GET', '/v2/assets', { token: tokens.access_token });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('token_expired');
    expect(res.body.error.message).toMatch(/expired at .*POST \/user\/token\/refresh/);
  });

  it('expires every access token at once with expireAccessTokens()', async () => {
    const tokens = await login(sandbox);
    expect(sandbox.expireAccessTokens()).toBeGreaterThan(0);
    const res = await call(sandbox.url, 'GET', '/v2/assets', { token: tokens.access_token });
    expect(res.body.error.code).toBe('token_expired');
  });

  it('moves time with clock.advance()', async () => {
    const tokens = await login(sandbox);
    sandbox.clock.advance(61_000);
    const res = await call(sandbox.url, 'GET', '/v2/assets', { token: tokens.access_token });
    expect(res.body.error.code).toBe('token_expired');
  });
});

describe('POST /user/token/validate', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ accessTokenTtlMs: 120_000 });
  });
  afterAll(() => sandbox.stop());

  it('says a fresh access token is valid and until when', async () => {
    const tokens = await login(sandbox);
    const res = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token: tokens.access_token } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      token_type: 'access',
      account_id: tokens.account_id,
      expires_in: 120,
    });
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 100_000);
  });

  it('reads the token from the Authorization header when the body has none', async () => {
    const tokens = await login(sandbox);
    const res = await call(sandbox.url, 'POST', '/user/token/validate', { token: tokens.access_token });
    expect(res.body.valid).toBe(true);
  });

  it('says an expired token is not valid, with the reason and the expiry', async () => {
    const tokens = await login(sandbox);
    sandbox.expireAccessTokens();
    const res = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token: tokens.access_token } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: false, token_type: 'access', reason: 'expired', message: 'token expired' });
    expect(res.body.expires_at).toBeTypeOf('string');
  });

  it('says an unknown token is not valid', async () => {
    const res = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token: 'made-up' } });
    expect(res.body).toMatchObject({ valid: false, reason: 'unknown' });
  });

  it('asks for a token when none is sent', async () => {
    const res = await call(sandbox.url, 'POST', '/user/token/validate', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/token/);
  });
});
