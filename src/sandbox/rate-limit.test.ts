import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';
import type { Sandbox } from './server';
import { call, login, testSandbox } from './test-support';

describe('RateLimiter', () => {
  it('allows a burst, then refills over time', () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 2, refillPerSecond: 0.5 }, () => now);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterS: 2 });
    expect(limiter.take('b').ok).toBe(true);
    now += 2_000;
    expect(limiter.take('a').ok).toBe(true);
    limiter.configure(false);
    for (let i = 0; i < 10; i++) expect(limiter.take('a').ok).toBe(true);
  });
});

describe('rate limiting over HTTP', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await testSandbox({ rateLimit: { capacity: 3, refillPerSecond: 1 } });
  });
  afterAll(() => sandbox.stop());

  it('answers 429 with Retry-After once a credential spends its burst, and recovers', async () => {
    const one = (await login(sandbox)).access_token;
    const two = (await login(sandbox)).access_token;
    for (let i = 0; i < 3; i++) expect((await call(sandbox.url, 'GET', '/v2/posts', { token: one })).status).toBe(200);
    const limited = await call(sandbox.url, 'GET', '/v2/posts', { token: one });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body.error).toMatchObject({ code: 'rate_limited', retry_after_s: 1 });
    expect(limited.body.error.message).toMatch(/retry after 1 s/);
    expect((await call(sandbox.url, 'GET', '/v2/posts', { token: two })).status).toBe(200);
    sandbox.clock.advance(1_000);
    expect((await call(sandbox.url, 'GET', '/v2/posts', { token: one })).status).toBe(200);
    expect(sandbox.stats.rateLimited).toBe(1);
  });

  it('is changed and switched off over the admin endpoint', async () => {
    const token = (await login(sandbox)).access_token;
    const off = await call(sandbox.url, 'PUT', '/_sandbox/rate-limit', { body: { enabled: false } });
    expect(off.body).toEqual({ enabled: false });
    for (let i = 0; i < 10; i++) expect((await call(sandbox.url, 'GET', '/v2/posts', { token })).status).toBe(200);
    const on = await call(sandbox.url, 'PUT', '/_sandbox/rate-limit', {
      body: { capacity: 1, refill_per_second: 0.1 },
    });
    expect(on.body).toEqual({ enabled: true, capacity: 1, refill_per_second: 0.1 });
    await call(sandbox.url, 'GET', '/v2/posts', { token });
    const limited = await call(sandbox.url, 'GET', '/v2/posts', { token });
    expect(limited.headers.get('retry-after')).toBe('10');
  });
});
