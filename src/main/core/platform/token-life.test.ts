// The refresh margin scales with the token's life: however short the platform's access tokens
// are, Atelier renews each one once, shortly before it dies — refresh calls match the number of
// lifetimes crossed, never one per request, and no refresh token is ever presented twice.
import { afterEach, describe, expect, it } from 'vitest';
import { coreWithSandbox, listAssets, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { refreshMargin } from './session';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

describe('refresh margin', () => {
  it('is a tenth of the token life, at most 5 s, and 0 without an expiry', () => {
    expect(refreshMargin({ issuedAt: 0, accessExpiresAt: 1_000 })).toBe(100);
    expect(refreshMargin({ issuedAt: 0, accessExpiresAt: 5_000 })).toBe(500);
    expect(refreshMargin({ issuedAt: 0, accessExpiresAt: 3_600_000 })).toBe(5_000);
    expect(refreshMargin({ issuedAt: 0, accessExpiresAt: null })).toBe(0);
    // A pair stored by an older version has no issue time: the old fixed margin.
    expect(refreshMargin({ accessExpiresAt: 10_000 })).toBe(5_000);
  });
});

describe.each([1_000, 5_000, 60_000])('access tokens living %i ms, 50 concurrent callers', (life) => {
  it('refresh calls equal the lifetimes crossed (± 1), none refused, none reused', async () => {
    let now = Date.parse('2026-11-24T10:00:00Z');
    const clock = { now: () => now };
    h = await coreWithSandbox({ clock, sandbox: { now: clock.now, accessTokenTtlMs: life } });
    await signInDemo(h);
    h.sandbox.resetStats();
    const lifetimes = 6;
    const steps = lifetimes * 7; // several requests inside every lifetime, at uneven points
    for (let i = 1; i <= steps; i += 1) {
      now += Math.round(life / 7);
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => listAssets(h!)));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw new Error(`step ${i}: ${String((failed as PromiseRejectedResult).reason)}`);
    }
    const crossed = Math.floor((Math.round(life / 7) * steps) / life);
    expect(Math.abs(h.sandbox.stats.refreshCalls - crossed)).toBeLessThanOrEqual(1);
    expect(h.sandbox.stats.refreshRefused).toBe(0);
    expect(h.sandbox.stats.familiesRevoked).toBe(0);
    expect(h.core.session.stats.refreshCalls).toBe(h.sandbox.stats.refreshCalls);
  }, 60_000);
});
