import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, login, testSandbox, type Tokens } from '../test-support';

describe('API keys', () => {
  let sandbox: Sandbox;
  let tokens: Tokens;
  beforeAll(async () => {
    sandbox = await testSandbox();
    tokens = await login(sandbox);
  });
  afterAll(() => sandbox.stop());

  const createKey = (body: unknown, token = tokens.access_token) =>
    call(sandbox.url, 'POST', '/account/api-keys', { token, body });

  it('are created by a logged-in user with an expiration date and authorize requests', async () => {
    const expiresAt = new Date(sandbox.clock.now() + 3_600_000).toISOString();
    const res = await createKey({ name: 'ci', expires_at: expiresAt });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'ci', expires_at: expiresAt, expired: false, revoked_at: null });
    expect(res.body.key).toMatch(/^sbx_ak_/);
    expect(res.body.key.startsWith(res.body.prefix)).toBe(true);
    expect((await call(sandbox.url, 'GET', '/v2/assets', { token: res.body.key })).status).toBe(200);
    expect((await call(sandbox.url, 'GET', '/v2/assets', { authorization: res.body.key })).status).toBe(200);
  });

  it('default to 90 days when no expiration date is sent', async () => {
    const res = await createKey({});
    const days = (Date.parse(res.body.expires_at) - sandbox.clock.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
  });

  it('deny requests once expired, with a message that says so', async () => {
    const res = await createKey({ expires_at: new Date(sandbox.clock.now() + 60_000).toISOString() });
    sandbox.clock.advance(61_000);
    const denied = await call(sandbox.url, 'GET', '/v2/assets', { token: res.body.key });
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe('api_key_expired');
    expect(denied.body.error.message).toMatch(/API key expired at .*generate a new key/);
    const check = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token: res.body.key } });
    expect(check.body).toMatchObject({ valid: false, token_type: 'api_key', reason: 'expired' });
  });

  it('are reported by validate with their expiry', async () => {
    const res = await createKey({ name: 'v' });
    const check = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token: res.body.key } });
    expect(check.body).toMatchObject({ valid: true, token_type: 'api_key', expires_at: res.body.expires_at });
  });

  it('can all be expired at once by the sandbox', async () => {
    const res = await createKey({});
    expect(sandbox.expireApiKeys()).toBeGreaterThan(0);
    expect((await call(sandbox.url, 'GET', '/v2/assets', { token: res.body.key })).body.error.code).toBe(
      'api_key_expired',
    );
  });

  it('are listed without their secret and can be revoked', async () => {
    const created = await createKey({ name: 'to-revoke' });
    const list = await call(sandbox.url, 'GET', '/account/api-keys', { token: tokens.access_token });
    const listed = list.body.items.find((k: { id: string }) => k.id === created.body.id);
    expect(listed).toMatchObject({ name: 'to-revoke' });
    expect(listed.key).toBeUndefined();
    const revoked = await call(sandbox.url, 'DELETE', `/account/api-keys/${created.body.id}`, {
      token: tokens.access_token,
    });
    expect(revoked.body.revoked_at).toBeTypeOf('string');
    const denied = await call(sandbox.url, 'GET', '/v2/assets', { token: created.body.key });
    expect(denied.body.error.code).toBe('api_key_revoked');
    expect(
      (await call(sandbox.url, 'DELETE', '/account/api-keys/key_nope', { token: tokens.access_token })).status,
    ).toBe(404);
  });

  it('cannot be managed with an API key, and need a future expiration date', async () => {
    const created = await createKey({});
    const withKey = await createKey({}, created.body.key);
    expect(withKey.status).toBe(403);
    expect(withKey.body.error.code).toBe('access_token_required');
    const past = await createKey({ expires_at: new Date(sandbox.clock.now() - 1000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toMatch(/future/);
    const bad = await createKey({ expires_at: 'tomorrow' });
    expect(bad.status).toBe(400);
  });

  it('deny an unknown key', async () => {
    const res = await call(sandbox.url, 'GET', '/v2/assets', { token: 'sbx_ak_unknown' });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_api_key');
  });
});
