import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../options';
import type { Sandbox } from '../server';
import { call, testSandbox } from '../test-support';
import { SPEAKERS, type Speaker } from './test-speakers';

// A whole second, so Unix-second expiry is exact.
const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);

async function signIn(sandbox: Sandbox, sp: Speaker) {
  const { username, password, clientId } = sandbox.demo;
  const res = await call(sandbox.url, 'POST', '/user/login', { body: sp.login(username, password, clientId) });
  expect(res.status, res.text).toBe(200);
  return sp.tokens(res.body);
}

describe.each(SPEAKERS)('$name dialect: authentication', (sp) => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ dialect: sp.name, now: () => NOW });
  });
  afterAll(() => sandbox.stop());

  const api = (path: string, token: string) =>
    call(sandbox.url, 'GET', path, { authorization: sp.authorization(token) });

  it('logs in with its field names and answers tokens in its shape, living as long as its default', async () => {
    const { username, password, clientId } = sandbox.demo;
    const res = await call(sandbox.url, 'POST', '/user/login', { body: sp.login(username, password, clientId) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(sp.tokenKeys);
    const tokens = sp.tokens(res.body);
    expect(tokens.access).toMatch(/^sbx_at_/);
    expect(tokens.refresh).toMatch(/^sbx_rt_/);
    expect(tokens.expiresAt).toBe(NOW + sp.ttlMs);
  });

  it('refuses a wrong password with its error body and words', async () => {
    const { username, clientId } = sandbox.demo;
    const res = await call(sandbox.url, 'POST', '/user/login', {
      body: sp.login(username, 'not-the-password', clientId),
    });
    expect(res.status).toBe(sp.wrongPassword.status);
    expect(res.headers.get('content-type')).toBe(sp.errorContentType);
    expect(sp.error(res.body)).toEqual({ code: sp.wrongPassword.code, message: sp.wrongPassword.message });
  });

  it('rotates refresh tokens with its field names, refuses a wrong client secret and a reused token', async () => {
    const first = await signIn(sandbox, sp);
    const { clientId, clientSecret } = sandbox.demo;
    const badClient = await call(sandbox.url, 'POST', '/user/token/refresh', {
      body: sp.refresh(first.refresh, clientId, 'wrong-secret'),
    });
    expect(badClient.status).toBe(sp.wrongClientSecret.status);
    expect(sp.error(badClient.body)).toEqual({
      code: sp.wrongClientSecret.code,
      message: sp.wrongClientSecret.message,
    });

    const rotated = await call(sandbox.url, 'POST', '/user/token/refresh', {
      body: sp.refresh(first.refresh, clientId, clientSecret),
    });
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body).sort()).toEqual(sp.tokenKeys);
    const second = sp.tokens(rotated.body);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await api('/v2/posts', second.access)).status).toBe(200);

    const reused = await call(sandbox.url, 'POST', '/user/token/refresh', {
      body: sp.refresh(first.refresh, clientId, clientSecret),
    });
    expect(reused.status).toBe(sp.reused.status);
    expect(sp.error(reused.body).code).toBe(sp.reused.code);
    expect(sp.error(reused.body).message).toMatch(/already used/);
    // Reuse revokes the whole family, the pair just issued included.
    expect((await api('/v2/posts', second.access)).status).toBe(401);
  });

  it('accepts tokens and API keys in its scheme and refuses another scheme', async () => {
    const { access } = await signIn(sandbox, sp);
    expect((await api('/v2/assets', access)).status).toBe(200);
    const other = await call(sandbox.url, 'GET', '/v2/assets', { authorization: sp.otherScheme(access) });
    expect(other.status).toBe(401);
    expect(other.headers.get('content-type')).toBe(sp.errorContentType);
    expect(sp.error(other.body).message.length).toBeGreaterThan(10);
    const challenge = other.headers.get('www-authenticate');
    if (sp.challenge === null) expect(challenge).toBeNull();
    else expect(challenge).toMatch(new RegExp(`^${sp.challenge} realm="sandbox"`));

    const key = await call(sandbox.url, 'POST', '/account/api-keys', {
      authorization: sp.authorization(access),
      body: { name: 'k' },
    });
    expect(key.status).toBe(201);
    expect((await api('/v2/assets', key.body.key)).status).toBe(200);
  });

  it('validates tokens in its request and answer shape', async () => {
    const { access } = await signIn(sandbox, sp);
    const check = async (token: string) => {
      const request = sp.validate(token);
      const res = await call(sandbox.url, 'POST', '/user/token/validate', {
        body: request.body,
        ...(request.authorization !== undefined && { authorization: request.authorization }),
      });
      expect(res.status).toBe(200);
      return sp.valid(res.body);
    };
    expect(await check(access)).toBe(true);
    expect(await check('sbx_at_not-a-token')).toBe(false);
  });

  it('answers injected faults, injected 429s and the rate limit with its error body and Retry-After form', async () => {
    const { access } = await signIn(sandbox, sp);
    sandbox.faults.set([
      { path: '/v2/posts', kind: 'rate_limit', retryAfterS: 7, count: 1 },
      { path: '/v2/creatives', kind: 'error', status: 503, count: 1 },
    ]);
    const expectWait = (header: string | null, seconds: number) => {
      if (sp.retryAfter === 'seconds') return expect(header).toBe(String(seconds));
      expect(header).toMatch(/GMT$/);
      const wait = Date.parse(header ?? '') - Date.now();
      expect(wait).toBeGreaterThan((seconds - 1) * 1000);
      expect(wait).toBeLessThanOrEqual((seconds + 1) * 1000);
    };
    const limited = await api('/v2/posts', access);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe(sp.errorContentType);
    expect(sp.error(limited.body).code).toBe('rate_limited');
    expectWait(limited.headers.get('retry-after'), 7);

    const failed = await api('/v2/creatives', access);
    expect(failed.status).toBe(503);
    expect(sp.error(failed.body)).toEqual({ code: 'injected_fault', message: 'injected fault: HTTP 503' });

    sandbox.setRateLimit({ capacity: 1, refillPerSecond: 0.5 });
    try {
      expect((await api('/v2/assets', access)).status).toBe(200);
      const over = await api('/v2/assets', access);
      expect(over.status).toBe(429);
      expectWait(over.headers.get('retry-after'), 2);
    } finally {
      sandbox.setRateLimit({ ...DEFAULT_RATE_LIMIT });
    }
  });
});

describe.each(SPEAKERS)('$name dialect: a given token life', (sp) => {
  it('wins over the dialect default', async () => {
    const sandbox = await testSandbox({ dialect: sp.name, now: () => NOW, accessTokenTtlMs: 7_000 });
    try {
      expect((await signIn(sandbox, sp)).expiresAt).toBe(NOW + 7_000);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('oauth dialect: grant_type', () => {
  it('is required on login and refresh, with the value each expects', async () => {
    const sandbox = await testSandbox({ dialect: 'oauth' });
    try {
      const { username, password, clientId, clientSecret } = sandbox.demo;
      const missing = await call(sandbox.url, 'POST', '/user/login', {
        body: { username, password, client_id: clientId },
      });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        error: 'invalid_request',
        error_description: 'grant_type is required: send "grant_type": "password"',
      });
      const wrong = await call(sandbox.url, 'POST', '/user/token/refresh', {
        body: { grant_type: 'password', refresh_token: 'x', client_id: clientId, client_secret: clientSecret },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('unsupported_grant_type');
      expect(wrong.body.error_description).toBe(
        'grant_type "password" is not accepted here: send "grant_type": "refresh_token"',
      );
    } finally {
      await sandbox.stop();
    }
  });
});
