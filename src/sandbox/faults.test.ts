import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FaultController } from './faults';
import type { Sandbox } from './server';
import { call, login, refresh, testSandbox } from './test-support';

describe('FaultController', () => {
  it('matches exact paths, prefixes and methods, spending counts', () => {
    const faults = new FaultController();
    faults.set([
      { path: '/v2/assets', method: 'post', kind: 'error', count: 2 },
      { path: '/v2/ai/*', kind: 'hang' },
      { path: '/user', match: 'prefix', kind: 'html' },
    ]);
    expect(faults.take('GET', '/v2/assets')).toBeUndefined();
    expect(faults.take('POST', '/v2/assets/x')).toBeUndefined();
    expect(faults.take('POST', '/v2/assets')?.kind).toBe('error');
    expect(faults.take('POST', '/v2/assets')?.remaining).toBe(0);
    expect(faults.take('POST', '/v2/assets')).toBeUndefined();
    expect(faults.take('GET', '/v2/ai/text2video')?.kind).toBe('hang');
    expect(faults.take('POST', '/user/login')?.status).toBe(502);
    expect(faults.list().map((f) => f.kind)).toEqual(['hang', 'html']);
  });

  it('replaces a rule for the same method and path, and removes by id', () => {
    const faults = new FaultController();
    faults.set({ path: '/a', kind: 'error' });
    const [rule] = faults.set({ path: '/a', kind: 'rate_limit', retryAfterS: 9 });
    expect(faults.list()).toEqual([expect.objectContaining({ kind: 'rate_limit', retryAfterS: 9, status: 429 })]);
    expect(faults.remove(rule!.id)).toBe(true);
    expect(faults.remove(rule!.id)).toBe(false);
  });

  it('refuses invalid specs', () => {
    const faults = new FaultController();
    expect(() => faults.set({ path: '/a', kind: 'latency' })).toThrow(/latencyMs/);
    expect(() => faults.set({ path: 'no-slash', kind: 'error' })).toThrow();
    expect(() => faults.set({ path: '/a', kind: 'error', status: 200 })).toThrow();
  });
});

describe('fault injection over HTTP', () => {
  let sandbox: Sandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await testSandbox();
    token = (await login(sandbox)).access_token;
  });
  beforeEach(() => {
    sandbox.faults.clear();
  });
  afterAll(() => sandbox.stop());

  const api = (
    method: string,
    path: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; signal?: AbortSignal } = {},
  ) => call(sandbox.url, method, path, { token, body, ...extra });
  const assetNamed = async (name: string) =>
    ((await api('GET', '/v2/assets?limit=200')).body.items as { name: string; id: string }[]).filter(
      (a) => a.name === name,
    );

  it('adds latency and then answers normally', async () => {
    sandbox.faults.set({ path: '/v2/assets', method: 'GET', kind: 'latency', latencyMs: 250 });
    const started = Date.now();
    const res = await api('GET', '/v2/assets');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('answers 5xx for the next N requests only, without running the handler', async () => {
    sandbox.faults.set({ path: '/v2/assets', method: 'POST', kind: 'error', status: 503, count: 3 });
    for (let i = 0; i < 3; i++) {
      const res = await api('POST', '/v2/assets', { name: 'never-created' });
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({ code: 'injected_fault', message: 'injected fault: HTTP 503' });
    }
    expect(await assetNamed('never-created')).toHaveLength(0);
    expect((await api('POST', '/v2/assets', { name: 'after-faults' })).status).toBe(201);
  });

  it('drops the connection once the change is committed; a retry with the same key gets the first result', async () => {
    sandbox.faults.set({ path: '/v2/assets', method: 'POST', kind: 'drop', count: 1 });
    const headers = { 'idempotency-key': 'dropped-create' };
    await expect(api('POST', '/v2/assets', { name: 'dropped' }, { headers })).rejects.toThrow();
    const committed = await assetNamed('dropped');
    expect(committed).toHaveLength(1);
    const retry = await api('POST', '/v2/assets', { name: 'dropped' }, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(committed[0]!.id);
    expect(await assetNamed('dropped')).toHaveLength(1);
  });

  it('drops a refresh response after rotating, so the old refresh token is spent', async () => {
    const tokens = await login(sandbox);
    sandbox.faults.set({ path: '/user/token/refresh', kind: 'drop', count: 1 });
    await expect(refresh(sandbox, tokens.refresh_token)).rejects.toThrow();
    const again = await refresh(sandbox, tokens.refresh_token);
    expect(again.body.error.code).toBe('refresh_token_reused');
  });

  it('sends a malformed JSON body after committing', async () => {
    sandbox.faults.set({ path: '/v2/assets', method: 'POST', kind: 'malformed', count: 1 });
    const res = await api('POST', '/v2/assets', { name: 'garbled' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toBeUndefined();
    expect(() => JSON.parse(res.text)).toThrow();
    expect(await assetNamed('garbled')).toHaveLength(1);
  });

  it('answers with an HTML error page', async () => {
    sandbox.faults.set({ path: '/v2/posts', kind: 'html', status: 504 });
    const res = await api('GET', '/v2/posts');
    expect(res.status).toBe(504);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(/^<!DOCTYPE html>/);
    expect(res.text).toContain('504 Gateway Timeout');
  });

  it('hangs without answering until the client gives up, and counts the abort', async () => {
    sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'hang' });
    const aborted = sandbox.stats.aborted;
    await expect(api('POST', '/v2/posts', { text: 'hung' }, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sandbox.stats.aborted).toBe(aborted + 1);
    sandbox.faults.clear();
    const posts = (await api('GET', '/v2/posts')).body.items as { text: string }[];
    expect(posts.filter((p) => p.text === 'hung')).toHaveLength(0);
  });

  it('answers 429 with the given Retry-After', async () => {
    sandbox.faults.set({ path: '/v2/creatives', kind: 'rate_limit', retryAfterS: 7, count: 1 });
    const res = await api('GET', '/v2/creatives');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.body.error).toMatchObject({ code: 'rate_limited', retry_after_s: 7 });
    expect((await api('GET', '/v2/creatives')).status).toBe(200);
  });

  it('applies a prefix rule to every path under it, for the given method only', async () => {
    sandbox.faults.set({ path: '/v2/*', method: 'DELETE', kind: 'error', status: 500 });
    const created = (await api('POST', '/v2/creatives', { name: 'c' })).body;
    expect((await api('GET', `/v2/creatives/${created.id}`)).status).toBe(200);
    expect((await api('DELETE', `/v2/creatives/${created.id}`)).status).toBe(500);
    expect((await api('DELETE', '/v2/assets/anything')).status).toBe(500);
  });

  it('counts faults and requests per route in stats', async () => {
    sandbox.resetStats();
    sandbox.faults.set({ path: '/v2/assets', method: 'GET', kind: 'error', count: 1 });
    await api('GET', '/v2/assets');
    await api('GET', '/v2/assets');
    expect(sandbox.stats.faultsInjected).toBe(1);
    expect(sandbox.stats.byRoute['GET /v2/assets']).toBe(2);
    expect(sandbox.stats.byStatus).toEqual({ '200': 1, '500': 1 });
  });
});

describe('fault admin endpoint', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ faults: [{ path: '/user/login', kind: 'error', status: 502, count: 1 }] });
  });
  afterAll(() => sandbox.stop());

  it('applies faults given at start', async () => {
    const body = { username: sandbox.demo.username, password: sandbox.demo.password };
    expect((await call(sandbox.url, 'POST', '/user/login', { body })).status).toBe(502);
    expect((await call(sandbox.url, 'POST', '/user/login', { body })).status).toBe(200);
  });

  it('sets, lists, removes and clears faults, which then apply to requests', async () => {
    const set = await call(sandbox.url, 'POST', '/_sandbox/faults', {
      body: {
        faults: [
          { path: '/user/login', method: 'POST', kind: 'rate_limit', retryAfterS: 3, count: 2 },
          { path: '/v2/*', kind: 'html' },
        ],
      },
    });
    expect(set.status).toBe(201);
    expect(set.body.faults).toHaveLength(2);
    const login = await call(sandbox.url, 'POST', '/user/login', { body: { username: 'a', password: 'b' } });
    expect(login.status).toBe(429);
    expect(login.headers.get('retry-after')).toBe('3');
    const listed = await call(sandbox.url, 'GET', '/_sandbox/faults');
    expect(listed.body.faults[0]).toMatchObject({ kind: 'rate_limit', remaining: 1, hits: 1 });
    const removed = await call(sandbox.url, 'DELETE', `/_sandbox/faults/${set.body.faults[0].id}`);
    expect(removed.status).toBe(200);
    expect((await call(sandbox.url, 'DELETE', `/_sandbox/faults/${set.body.faults[0].id}`)).status).toBe(404);
    const single = await call(sandbox.url, 'POST', '/_sandbox/faults', {
      body: { path: '/user/token/validate', kind: 'hang' },
    });
    expect(single.body.faults).toHaveLength(1);
    expect((await call(sandbox.url, 'DELETE', '/_sandbox/faults')).body).toEqual({ cleared: 2 });
    expect((await call(sandbox.url, 'GET', '/_sandbox/faults')).body.faults).toEqual([]);
  });

  it('refuses invalid fault specs with 400', async () => {
    const res = await call(sandbox.url, 'POST', '/_sandbox/faults', { body: { path: '/x', kind: 'explode' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('never faults its own admin routes', async () => {
    sandbox.faults.set({ path: '/*', kind: 'error' });
    expect((await call(sandbox.url, 'GET', '/_sandbox/health')).status).toBe(200);
    expect((await call(sandbox.url, 'GET', '/v2/assets')).status).toBe(500);
    expect((await call(sandbox.url, 'DELETE', '/_sandbox/faults')).status).toBe(200);
  });

  it('exposes stats, expiry, the clock and accounts over HTTP', async () => {
    const stats = await call(sandbox.url, 'GET', '/_sandbox/stats');
    expect(stats.body.requests).toBeGreaterThan(0);
    const tokens = (
      await call(sandbox.url, 'POST', '/user/login', {
        body: { username: sandbox.demo.username, password: sandbox.demo.password },
      })
    ).body;
    const expired = await call(sandbox.url, 'POST', '/_sandbox/expire', { body: { what: 'access_tokens' } });
    expect(expired.body.expired).toBeGreaterThan(0);
    expect((await call(sandbox.url, 'GET', '/v2/assets', { token: tokens.access_token })).body.error.code).toBe(
      'token_expired',
    );
    const clock = await call(sandbox.url, 'POST', '/_sandbox/clock', { body: { advance_ms: 3_600_000 } });
    expect(clock.body.offset_ms).toBe(3_600_000);
    const account = await call(sandbox.url, 'POST', '/_sandbox/accounts', {
      body: { username: 'x@y.z', password: 'pw' },
    });
    expect(account.status).toBe(201);
    expect(
      (await call(sandbox.url, 'POST', '/_sandbox/accounts', { body: { username: 'x@y.z', password: 'pw' } })).status,
    ).toBe(409);
    const models = await call(sandbox.url, 'GET', '/_sandbox/models');
    expect(models.body.operations.text2image.models.map((m: { id: string }) => m.id)).toEqual(['paint-1', 'mosaic-1']);
    const reset = await call(sandbox.url, 'POST', '/_sandbox/stats/reset');
    expect(reset.body.requests).toBe(0);
  });
});
