import { describe, expect, it } from 'vitest';
import { call, harnesses, listAssets, signInDemo } from '../../../../../test/support/core-with-sandbox';
import { AppException } from '../../errors';
import { PlatformError } from '../http';
import { SecretRegistry } from '../../redact';

const open = harnesses();

/**
 * What the session offers the check: a rotation through the one refresh path, and probes that leave the session alone.
 */
describe('the session hooks the connection check uses', () => {
  it('rotateNow and requests meeting an expired token share one refresh: one call, everyone carries on', async () => {
    const h = await open();
    await signInDemo(h);
    h.sandbox.resetStats();
    h.sandbox.expireAccessTokens();
    const seen: (number | null)[] = [];
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, () => listAssets(h)),
      h.core.session.rotateNow((a) => seen.push(a.status)),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(h.sandbox.stats.refreshCalls).toBe(1);
    expect(seen.length).toBeLessThanOrEqual(1);
  });

  it('rotateNow shows its observer the answer and stores the new pair before it is used', async () => {
    const h = await open();
    await signInDemo(h);
    const before = await h.deps.secrets.get('session.tokens');
    const seen: { status: number | null; body: unknown }[] = [];
    await h.core.session.rotateNow((a) => seen.push(a));
    expect(seen).toEqual([{ status: 200, body: expect.objectContaining({ access_token: expect.any(String) }) }]);
    const after = await h.deps.secrets.get('session.tokens');
    expect(after).not.toBe(before);
    expect(after).toContain((seen[0]?.body as { access_token: string }).access_token);
  });

  it('a probe refused with 401 neither renews nor ends the session', async () => {
    const h = await open();
    await signInDemo(h);
    h.sandbox.resetStats();
    h.sandbox.expireAccessTokens();
    const refused = await h.core.session
      .probe({ method: 'GET', url: `${h.sandbox.url}/v2/assets?limit=1` })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).status).toBe(401);
    expect(h.sandbox.stats.refreshCalls).toBe(0);
    expect(h.core.session.view().state).toBe('active');
  });

  it('a probe can carry the token in a body field instead of the header', async () => {
    const h = await open();
    await signInDemo(h);
    const res = await h.core.session.probe(
      { method: 'POST', url: `${h.sandbox.url}/user/token/validate`, body: {} },
      'token',
    );
    expect(res.body).toMatchObject({ valid: true, token_type: 'access' });
  });

  it('rotateNow refuses plainly when there is nothing to renew', async () => {
    const h = await open();
    await signInDemo(h);
    await call(h, 'session.signOut', {});
    await expect(h.core.session.rotateNow()).rejects.toMatchObject({ error: { code: 'auth' } });
    await call(h, 'apiKey.set', {
      key: 'ak_some_key_0123456789',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const e = await h.core.session.rotateNow().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppException);
    expect((e as AppException).error.message).toContain('API key');
  });

  it('addSecretsTo registers the tokens and the client secret', async () => {
    const h = await open();
    await signInDemo(h);
    const registry = new SecretRegistry();
    await h.core.session.addSecretsTo(registry);
    const t = JSON.parse((await h.deps.secrets.get('session.tokens')) ?? '{}') as { access: string; refresh: string };
    expect(registry.scrub(`${t.access} ${t.refresh} ${h.sandbox.demo.clientSecret}`)).toBe(
      '[redacted] [redacted] [redacted]',
    );
  });
});
