import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  coreWithSandbox,
  createApiKey,
  listAssets,
  signInDemo,
  stopAfterEach,
  type Harness,
} from '../../../../test/support/core-with-sandbox';
import { AppException } from '../errors';

let h: Harness | undefined;
stopAfterEach(
  () => h,
  () => (h = undefined),
);

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof AppException ? e.error.code : 'thrown';
  }
};

/**
 * Signed in, the access token expired, and the answer to the refresh lost after the server rotated
 * the pair: the request meanwhile is offline, and the refresh's backoff has passed.
 */
async function loseRotatedPair(h: Harness): Promise<void> {
  await signInDemo(h);
  h.sandbox.expireAccessTokens();
  h.sandbox.faults.set({ path: '/user/token/refresh', kind: 'drop', count: 1 });
  expect(await code(listAssets(h))).toBe('offline');
  await new Promise((r) => setTimeout(r, 1100));
}

describe('auth session against the sandbox', () => {
  it('signs in to the demo account and shows only the safe view', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    const view = await h.core.dispatch('session.get', {});
    expect(view).toMatchObject({
      ok: true,
      data: { signedIn: true, mode: 'token', state: 'active', userLabel: h.sandbox.demo.username },
    });
    expect(await listAssets(h)).toBeDefined();
  });

  it('shows the server’s words when sign-in is refused', async () => {
    h = await coreWithSandbox();
    await h.core.dispatch('connection.useSandbox', {});
    await h.core.dispatch('session.signOut', {});
    const result = await h.core.dispatch('session.signIn', { username: 'demo@atelier.local', password: 'wrong' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'auth', status: 401, message: expect.stringContaining('incorrect') },
    });
    const empty = await h.core.dispatch('session.signIn', { username: '', password: '' });
    expect(empty).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect((empty as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path).sort()).toEqual([
      'password',
      'username',
    ]);
  });

  it('50 concurrent requests meeting an expired access token cause exactly one refresh, and all succeed', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    h.sandbox.resetStats();
    h.sandbox.expireAccessTokens();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => listAssets(h!)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(h.sandbox.stats.refreshCalls).toBe(1);
    expect(h.core.session.stats.refreshCalls).toBe(1);
  });

  it('1,000 rotations with 12 concurrent callers: one refresh per rotation, none refused', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    h.sandbox.resetStats();
    const rotations = 1000;
    for (let i = 0; i < rotations; i += 1) {
      h.sandbox.expireAccessTokens();
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => listAssets(h!)));
      if (results.some((r) => r.status === 'rejected')) throw new Error(`rotation ${i} failed`);
    }
    expect(h.sandbox.stats.refreshCalls).toBe(rotations);
    expect(h.sandbox.stats.refreshRefused).toBe(0);
    expect(h.sandbox.stats.familiesRevoked).toBe(0);
  }, 120_000);

  it('a refused refresh ends the session once, no refresh loop, and work fails fast with "sign in again"', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    const changes: string[] = [];
    h.core.events.subscribe((event, payload) => {
      if (event === 'session.changed') changes.push((payload as { state: string }).state);
    });
    h.sandbox.expireAccessTokens();
    h.sandbox.expireRefreshTokens();
    h.sandbox.resetStats();
    const codes = await Promise.all(Array.from({ length: 10 }, () => code(listAssets(h!))));
    expect(codes.every((c) => c === 'auth')).toBe(true);
    expect(h.sandbox.stats.refreshCalls).toBe(1);
    expect(changes.filter((s) => s === 'needs_sign_in')).toHaveLength(1);
    // Later work does not touch the network at all.
    const before = h.sandbox.stats.requests;
    expect(await code(listAssets(h))).toBe('auth');
    expect(h.sandbox.stats.requests).toBe(before);
    const view = await h.core.dispatch('session.get', {});
    expect(view).toMatchObject({
      ok: true,
      data: { state: 'needs_sign_in', signedIn: false, message: expect.any(String) },
    });
    // Signing in again resumes.
    await h.core.dispatch('session.signIn', { username: h.sandbox.demo.username, password: h.sandbox.demo.password });
    expect(await code(listAssets(h))).toBe('ok');
  });

  it('signing out while a refresh is in flight keeps the session signed out', async () => {
    h = await coreWithSandbox({ consent: true });
    await signInDemo(h);
    h.sandbox.expireAccessTokens();
    h.sandbox.faults.set({ path: '/user/token/refresh', kind: 'latency', latencyMs: 300, count: 1 });
    const pending = code(listAssets(h));
    await new Promise((r) => setTimeout(r, 100));
    await h.core.dispatch('session.signOut', {});
    expect(await pending).toBe('auth');
    expect(await h.core.dispatch('session.get', {})).toMatchObject({
      ok: true,
      data: { state: 'signed_out', signedIn: false },
    });
    expect(await h.deps.secrets.get('session.tokens')).toBeUndefined();
    expect(await code(listAssets(h))).toBe('auth');
  });

  it('wrong client credentials are refused: one clean prompt', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    await h.core.dispatch('connection.setClientCredentials', {
      clientId: h.sandbox.demo.clientId,
      clientSecret: 'not-the-secret',
    });
    h.sandbox.expireAccessTokens();
    h.sandbox.resetStats();
    expect(await code(listAssets(h))).toBe('auth');
    expect(await code(listAssets(h))).toBe('auth');
    expect(h.sandbox.stats.refreshCalls).toBe(1);
  });

  it('a network failure during refresh keeps the refresh token and recovers after backing off', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    h.sandbox.expireAccessTokens();
    h.sandbox.faults.set({ path: '/user/token/refresh', kind: 'error', status: 503, count: 1 });
    expect(await code(listAssets(h))).toBe('unavailable');
    // While backing off, no refresh storm: callers get "offline" without a request.
    const before = h.sandbox.stats.refreshCalls;
    expect(await code(listAssets(h))).toBe('offline');
    expect(h.sandbox.stats.refreshCalls).toBe(before);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await code(listAssets(h))).toBe('ok');
    expect(h.sandbox.stats.familiesRevoked).toBe(0);
  });

  it('a response lost after the server rotated the pair ends in one re-login prompt (strict reuse rule)', async () => {
    h = await coreWithSandbox();
    await loseRotatedPair(h);
    expect(await code(listAssets(h))).toBe('auth');
    expect(h.sandbox.stats.familiesRevoked).toBe(1);
    const view = await h.core.dispatch('session.get', {});
    expect(view).toMatchObject({ ok: true, data: { state: 'needs_sign_in' } });
  });

  it('with a reuse grace window the same lost response recovers silently', async () => {
    h = await coreWithSandbox({ sandbox: { refreshReuseGraceMs: 60_000 } });
    await loseRotatedPair(h);
    expect(await code(listAssets(h))).toBe('ok');
  });

  it('an expired API key is not sent, not retried, triggers no refresh, and the state says what to do', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    const created = await createApiKey(h, 3);
    const set = await h.core.dispatch('apiKey.set', { key: created.key, expiresAt: created.expires_at });
    expect(set).toMatchObject({ ok: true, data: { mode: 'apiKey', state: 'active', apiKey: { warning: '7d' } } });
    expect(JSON.stringify(set)).not.toContain(created.key);
    expect(h.notifications.some((n) => n.body.includes('API Key section'))).toBe(true);
    expect(await code(listAssets(h))).toBe('ok');
    // The platform expires it; the app learns from the denial.
    h.sandbox.expireApiKeys();
    h.sandbox.resetStats();
    h.sent.clear();
    expect(await code(listAssets(h))).toBe('auth');
    expect(h.sent.get('/v2/assets')).toBe(1);
    expect(h.sandbox.stats.refreshCalls).toBe(0);
    const view = await h.core.dispatch('session.get', {});
    expect(view).toMatchObject({
      ok: true,
      data: { state: 'api_key_denied', message: expect.stringContaining('expired') },
    });
    // Nothing more is sent with it.
    expect(await code(listAssets(h))).toBe('auth');
    expect(h.sent.get('/v2/assets')).toBe(1);
  });

  it('a key past its expiry date by our clock is never sent', async () => {
    let now = Date.now();
    h = await coreWithSandbox({ clock: { now: () => now } });
    await h.core.dispatch('connection.useSandbox', {});
    await h.core.dispatch('apiKey.set', {
      key: 'ak_not_checked_by_anyone_1234',
      expiresAt: new Date(now + 2 * 86_400_000).toISOString(),
    });
    now += 3 * 86_400_000;
    h.sent.clear();
    expect(await code(listAssets(h))).toBe('auth');
    expect(h.sent.size).toBe(0);
    expect(await h.core.dispatch('session.get', {})).toMatchObject({ ok: true, data: { state: 'api_key_expired' } });
  });

  it('warns 7 days and 1 day before a key expires, once each', async () => {
    let now = Date.now();
    h = await coreWithSandbox({ clock: { now: () => now } });
    await h.core.dispatch('connection.useSandbox', {});
    await h.core.dispatch('apiKey.set', {
      key: 'ak_warn_test_key_123456',
      expiresAt: new Date(now + 10 * 86_400_000).toISOString(),
    });
    h.core.session.checkApiKeyExpiry();
    expect(h.notifications).toHaveLength(0);
    now += 4 * 86_400_000;
    h.core.session.checkApiKeyExpiry();
    h.core.session.checkApiKeyExpiry();
    now += 5.5 * 86_400_000;
    h.core.session.checkApiKeyExpiry();
    expect(h.notifications.map((n) => n.body)).toEqual([
      expect.stringContaining('7 days'),
      expect.stringContaining('less than a day'),
    ]);
    expect(h.notifications.every((n) => n.route === 'settings')).toBe(true);
  });

  it('validates at start and on resume, once each, and never on ordinary requests', async () => {
    const first = await coreWithSandbox({ consent: true });
    await signInDemo(first);
    await first.core.close();
    first.sandbox.resetStats();
    // A restart with the saved session: one validation at start.
    h = await coreWithSandbox({ dataDir: first.dataDir, consent: true, reuse: first.sandbox });
    const settle = () => new Promise((r) => setTimeout(r, 150));
    await settle();
    expect(h.sandbox.stats.validations).toBe(1);
    for (let i = 0; i < 5; i += 1) await listAssets(h);
    expect(h.sandbox.stats.validations).toBe(1);
    h.core.resume();
    await settle();
    expect(h.sandbox.stats.validations).toBe(2);
    await listAssets(h);
    expect(h.sandbox.stats.validations).toBe(2);
    const sandbox = first.sandbox;
    await h.stop();
    h = undefined;
    await sandbox.stop();
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  });

  it('sign out wipes tokens and keys from the secret store', async () => {
    h = await coreWithSandbox({ consent: true });
    await signInDemo(h);
    const tokens = JSON.parse((await h.deps.secrets.get('session.tokens'))!) as { access: string; refresh: string };
    await h.core.dispatch('session.signOut', {});
    expect(await h.deps.secrets.get('session.tokens')).toBeUndefined();
    const files = fs.readdirSync(h.dataDir, { recursive: true }).map(String);
    for (const f of files) {
      const p = path.join(h.dataDir, f);
      if (!fs.statSync(p).isFile()) continue;
      const bytes = fs.readFileSync(p);
      expect(bytes.includes(tokens.access), f).toBe(false);
      expect(bytes.includes(tokens.refresh), f).toBe(false);
    }
    expect(await code(listAssets(h))).toBe('auth');
  });
});

describe('the client under the session, against the sandbox', () => {
  it('429 with Retry-After: no request reaches the sandbox before it expires', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    h.sandbox.faults.set({ path: '/v2/assets', method: 'GET', kind: 'rate_limit', retryAfterS: 1, count: 1 });
    const arrivals: number[] = [];
    h.sandbox.events.on('request', (r: { path?: string; url?: string }) => {
      if ((r.path ?? r.url ?? '').startsWith('/v2/assets')) arrivals.push(Date.now());
    });
    const started = Date.now();
    expect(await code(listAssets(h))).toBe('ok');
    expect(arrivals.length).toBe(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('a hanging platform: every request ends within its deadline + 10%', async () => {
    h = await coreWithSandbox();
    await signInDemo(h);
    h.sandbox.faults.set({ path: '/v2/assets', method: 'GET', kind: 'hang' });
    const deadlineMs = 800;
    const started = Date.now();
    const ends = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const outcome = await code(
          h!.core.session.request({ method: 'GET', url: `${h!.sandbox.url}/v2/assets?limit=1`, deadlineMs }),
        );
        return { outcome, ms: Date.now() - started };
      }),
    );
    for (const e of ends) {
      expect(e.outcome).toBe('offline');
      expect(e.ms).toBeLessThanOrEqual(deadlineMs * 1.1);
    }
    h.sandbox.faults.clear();
  });
});
