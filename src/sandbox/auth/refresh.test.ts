import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, login, refresh, testSandbox } from '../test-support';

async function isValid(sandbox: Sandbox, token: string): Promise<boolean> {
  const res = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token } });
  return res.body.valid as boolean;
}

describe('POST /user/token/refresh', () => {
  let sandbox: Sandbox;
  afterEach(() => sandbox.stop());

  it('rotates: a new access and refresh token, the old refresh token becomes invalid', async () => {
    sandbox = await testSandbox();
    const first = await login(sandbox);
    const res = await refresh(sandbox, first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body.access_token).not.toBe(first.access_token);
    expect(res.body.refresh_token).not.toBe(first.refresh_token);
    expect(res.body).toMatchObject({ token_type: 'Bearer', account_id: first.account_id });
    expect(await isValid(sandbox, res.body.access_token)).toBe(true);
    const old = await call(sandbox.url, 'POST', '/user/token/validate', { body: { token: first.refresh_token } });
    expect(old.body).toMatchObject({ valid: false, reason: 'used' });
    expect((await call(sandbox.url, 'GET', '/v2/posts', { token: res.body.access_token })).status).toBe(200);
    expect(sandbox.stats).toMatchObject({ refreshCalls: 1, refreshSucceeded: 1, refreshRefused: 0 });
  });

  it('replaces an expired access token', async () => {
    sandbox = await testSandbox({ accessTokenTtlMs: 1_000 });
    const first = await login(sandbox);
    sandbox.clock.advance(2_000);
    expect((await call(sandbox.url, 'GET', '/v2/posts', { token: first.access_token })).status).toBe(401);
    const res = await refresh(sandbox, first.refresh_token);
    expect((await call(sandbox.url, 'GET', '/v2/posts', { token: res.body.access_token })).status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    sandbox = await testSandbox();
    const first = await login(sandbox);
    const second = (await refresh(sandbox, first.refresh_token)).body;
    const third = (await refresh(sandbox, second.refresh_token)).body;
    const reuse = await refresh(sandbox, first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('refresh_token_reused');
    expect(reuse.body.error.message).toMatch(/revoked/);
    for (const token of [first.access_token, second.access_token, third.access_token, third.refresh_token]) {
      expect(await isValid(sandbox, token)).toBe(false);
    }
    const denied = await call(sandbox.url, 'GET', '/v2/posts', { token: third.access_token });
    expect(denied.status).toBe(401);
    expect(denied.body.error.code).toBe('token_revoked');
    const latest = await refresh(sandbox, third.refresh_token);
    expect(latest.status).toBe(401);
    expect(latest.body.error.code).toBe('token_revoked');
    expect(sandbox.stats.familiesRevoked).toBe(1);
  });

  it('leaves other families alone when one is revoked', async () => {
    sandbox = await testSandbox();
    const mine = await login(sandbox);
    const other = await login(sandbox);
    await refresh(sandbox, mine.refresh_token);
    await refresh(sandbox, mine.refresh_token);
    expect(await isValid(sandbox, other.access_token)).toBe(true);
    expect((await refresh(sandbox, other.refresh_token)).status).toBe(200);
  });

  it('lets exactly one of several concurrent refreshes with one token succeed', async () => {
    sandbox = await testSandbox();
    const first = await login(sandbox);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(sandbox, first.refresh_token)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(401);
      expect(['refresh_token_reused', 'token_revoked']).toContain(r.body.error.code);
    }
    // The losers presented a spent token, so the winner's new tokens went with the family.
    expect(await isValid(sandbox, ok[0]!.body.access_token)).toBe(false);
    expect(sandbox.stats).toMatchObject({ refreshCalls: 6, refreshSucceeded: 1, refreshRefused: 5 });
  });

  it('tolerates reuse inside a configured grace window without revoking the family', async () => {
    sandbox = await testSandbox({ refreshReuseGraceMs: 5_000 });
    const first = await login(sandbox);
    const a = await refresh(sandbox, first.refresh_token);
    sandbox.clock.advance(4_000);
    const b = await refresh(sandbox, first.refresh_token);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await isValid(sandbox, a.body.access_token)).toBe(true);
    expect(await isValid(sandbox, b.body.access_token)).toBe(true);
    sandbox.clock.advance(2_000);
    const late = await refresh(sandbox, first.refresh_token);
    expect(late.body.error.code).toBe('refresh_token_reused');
    expect(await isValid(sandbox, b.body.access_token)).toBe(false);
  });

  it('refuses wrong client credentials without spending the refresh token', async () => {
    sandbox = await testSandbox();
    const first = await login(sandbox);
    for (const client of [
      { ...sandbox.demo, clientSecret: 'wrong' },
      { ...sandbox.demo, clientId: 'unknown-client' },
    ]) {
      const res = await refresh(sandbox, first.refresh_token, client);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_client');
    }
    expect((await refresh(sandbox, first.refresh_token)).status).toBe(200);
    expect(sandbox.stats.refreshRefused).toBe(2);
  });

  it('requires the refresh token, client ID and client secret', async () => {
    sandbox = await testSandbox();
    const res = await call(sandbox.url, 'POST', '/user/token/refresh', { body: { refresh_token: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('client_id');
    expect(res.body.error.message).toContain('client_secret');
  });

  it('refuses unknown and expired refresh tokens', async () => {
    sandbox = await testSandbox({ refreshTokenTtlMs: 10_000 });
    expect((await refresh(sandbox, 'sbx_rt_unknown')).body.error.code).toBe('invalid_grant');
    const first = await login(sandbox);
    expect((await refresh(sandbox, first.access_token)).body.error.code).toBe('invalid_grant');
    sandbox.clock.advance(10_001);
    const res = await refresh(sandbox, first.refresh_token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('refresh_token_expired');
  });

  it('binds a family to the client named at login', async () => {
    sandbox = await testSandbox();
    const res = await call(sandbox.url, 'POST', '/user/login', {
      body: { username: sandbox.demo.username, password: sandbox.demo.password, client_id: sandbox.demo.clientId },
    });
    expect((await refresh(sandbox, res.body.refresh_token)).status).toBe(200);
  });
});
