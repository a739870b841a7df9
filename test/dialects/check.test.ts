// The connection check against every dialect: with the profile that fits it every line passes;
// with one element of that profile deliberately wrong, exactly that line fails and names the field.
import { describe, expect, it } from 'vitest';
import type { PlatformProfile } from '../../src/shared/profile';
import { call } from '../support/core-with-sandbox';
import { DIALECT_NAMES, dialectHarnesses, type DialectHarness } from './dialect-harness';

const open = dialectHarnesses();

async function check(h: DialectHarness) {
  return call(h, 'connection.check', {
    runJobs: false,
    login: { username: h.sandbox.demo.username, password: h.sandbox.demo.password },
  });
}

/** Import a changed copy of the dialect's profile under the same id (a new version), as a user fixing it would. */
async function breakProfile(h: DialectHarness, change: (p: PlatformProfile) => void): Promise<void> {
  const copy = structuredClone(h.profile);
  change(copy);
  await call(h, 'profile.import', { json: JSON.stringify(copy) });
}

const failing = (r: Awaited<ReturnType<typeof check>>) =>
  r.lines.filter((l) => l.outcome === 'fail').map((l) => [l.id, l.field]);
const passing = (r: Awaited<ReturnType<typeof check>>) => r.lines.filter((l) => l.outcome === 'pass').map((l) => l.id);

describe.each(DIALECT_NAMES)('connection check, %s dialect', (dialect) => {
  it('passes every line with the profile that fits, sending no billable job', async () => {
    const h = await open(dialect);
    h.sandbox.resetStats();
    const result = await check(h);
    expect(failing(result)).toEqual([]);
    expect(result.lines.filter((l) => l.outcome === 'pass').length).toBeGreaterThanOrEqual(3 + 7 + 8);
    expect(h.sandbox.stats.aiGenerations).toBe(0);
    expect(h.sandbox.stats.refreshCalls).toBe(1);
    expect(await call(h, 'session.get', {})).toMatchObject({ signedIn: true });
  });

  it.each([
    ['a wrong list field', (p: PlatformProfile) => void (p.records.itemsField = 'things'), 'records.itemsField'],
    [
      'a wrong group path',
      (p: PlatformProfile) => void ((p.groups.creatives as { list: { path: string } }).list.path = '/v2/creative'),
      'groups.creatives.list.path',
    ],
    [
      'a wrong AI path',
      (p: PlatformProfile) => void (p.ai.text2video.path = '/v2/ai/text-to-video'),
      'ai.text2video.path',
    ],
    [
      'a wrong token-answer field',
      (p: PlatformProfile) => void (p.auth.responseFields.valid = ['nope']),
      'auth.responseFields.valid',
    ],
  ])(
    '%s: exactly that element fails and names its field; every other line still passes',
    async (_what, change, field) => {
      const h = await open(dialect);
      const baseline = passing(await check(h));
      await breakProfile(h, change);
      const result = await check(h);
      const fails = failing(result);
      expect(fails.length).toBeGreaterThan(0);
      expect(fails.every(([, f]) => f === field)).toBe(true);
      // The list field is shared by the seven groups; anything else is one line.
      expect(fails).toHaveLength(field === 'records.itemsField' ? 7 : 1);
      expect(passing(result)).toEqual(baseline.filter((id) => !fails.some(([failed]) => failed === id)));
    },
  );

  it('a wrong Authorization scheme is named as the one cause', async () => {
    const h = await open(dialect);
    await breakProfile(
      h,
      (p) => void (p.auth.scheme.prefix = p.auth.scheme.prefix === 'Bearer ' ? 'Token ' : 'Bearer '),
    );
    const result = await check(h);
    expect(result.diagnosis).toMatchObject({ field: expect.stringMatching(/^auth\.scheme/) });
    expect(result.lines.filter((l) => l.outcome === 'fail').every((l) => l.field?.startsWith('auth.scheme'))).toBe(
      true,
    );
  });
});
