import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, testSandbox } from '../test-support';

describe('POST /user/login', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await testSandbox();
  });
  afterAll(() => sandbox.stop());

  it('returns an access token, a refresh token and their expiry for the demo account', async () => {
    const res = await call(sandbox.url, 'POST', '/user/login', {
      body: { username: sandbox.demo.username, password: sandbox.demo.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(res.body.access_token).toMatch(/^sbx_at_/);
    expect(res.body.refresh_token).toMatch(/^sbx_rt_/);
    expect(res.body.account_id).toMatch(/^acc_/);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(res.body.refresh_token_expires_at)).toBeGreaterThan(Date.parse(res.body.expires_at));
  });

  it('issues a different pair on every login', async () => {
    const body = { username: sandbox.demo.username, password: sandbox.demo.password };
    const a = await call(sandbox.url, 'POST', '/user/login', { body });
    const b = await call(sandbox.url, 'POST', '/user/login', { body });
    expect(a.body.access_token).not.toBe(b.body.access_token);
    expect(a.body.refresh_token).not.toBe(b.body.refresh_token);
  });

  it('accepts the username in any case', async () => {
    const res = await call(sandbox.url, 'POST', '/user/login', {
      body: { username: sandbox.demo.username.toUpperCase(), password: sandbox.demo.password },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password or unknown user with 401 and a message', async () => {
    for (const body of [
      { username: sandbox.demo.username, password: 'wrong' },
      { username: 'nobody@example.com', password: sandbox.demo.password },
    ]) {
      const res = await call(sandbox.url, 'POST', '/user/login', { body });
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({ code: 'invalid_credentials', message: 'username or password is incorrect' });
    }
  });

  it('refuses missing or mistyped fields with 400 naming the field', async () => {
    const res = await call(sandbox.url, 'POST', '/user/login', { body: { username: 5 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain('username');
    expect(res.body.error.message).toContain('password');
  });

  it('refuses an unknown client_id', async () => {
    const res = await call(sandbox.url, 'POST', '/user/login', {
      body: { username: sandbox.demo.username, password: sandbox.demo.password, client_id: 'nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid_client');
  });

  it('counts logins and failed logins in stats', () => {
    expect(sandbox.stats.logins).toBeGreaterThan(0);
    expect(sandbox.stats.loginFailures).toBe(2);
  });
});
