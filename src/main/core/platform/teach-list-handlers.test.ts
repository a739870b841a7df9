import { describe, expect, it } from 'vitest';
import { call, harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import type { ConnectionCheckResult } from '../../../shared/connection-check';
import { parseProfile, type PlatformProfile } from '../../../shared/profile';
import { sandboxProfile } from './builtin-profiles';

const open = harnesses();

/** Every request the core sends, as "METHOD /path". */
function recorder() {
  const sent: string[] = [];
  return { sent, observe: (method: string, url: URL) => void sent.push(`${method} ${url.pathname}`) };
}

/**
 * The sandbox profile with a records change, imported and chosen as a custom profile (same address: the session stays).
 */
async function useVariant(h: Harness, records: Partial<PlatformProfile['records']>): Promise<PlatformProfile> {
  const p: PlatformProfile = {
    ...structuredClone(sandboxProfile),
    id: 'shop',
    name: 'Shop',
    records: { ...sandboxProfile.records, ...records },
  };
  await call(h, 'profile.import', { json: JSON.stringify(p) });
  await call(h, 'profile.select', { id: 'shop' });
  return p;
}

async function exported(h: Harness, id: string): Promise<PlatformProfile> {
  const parsed = parseProfile(JSON.parse((await call(h, 'profile.export', { id })).json));
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

const groupLines = (r: Pick<ConnectionCheckResult, 'lines'>) => r.lines.filter((l) => l.section === 'groups');

async function refusedWith(h: Harness, input: { group: 'posts'; itemsPath: string; idPath?: string }) {
  const result = await h.core.dispatch('profile.teachListPreview', input);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

describe('teaching Atelier where the records are, from the check’s list answer', () => {
  it(
    'a wrong items field: ✗ on every group, taught from the kept answer, saved as a revision differing only there; ' +
      'the lists are asked for again with GETs only and pass',
    async () => {
      const rec = recorder();
      const h = await open({ observe: rec.observe });
      await signInDemo(h);
      await h.core.session.request({ method: 'POST', url: `${h.sandbox.url}/v2/posts`, body: { text: 'Hello' } });
      const before = await useVariant(h, { itemsField: 'things' });
      const check = await call(h, 'connection.check', { runJobs: false });
      for (const l of groupLines(check)) {
        expect(l).toMatchObject({
          outcome: 'fail',
          field: 'records.itemsField',
          listAnswer: { itemsField: 'things', idField: 'id', answer: { items: expect.any(Array) } },
        });
      }
      const posts = groupLines(check).find((l) => l.id === 'group.posts');
      expect(posts?.listAnswer?.answer).toMatchObject({ items: [{ text: 'Hello' }] });

      rec.sent.length = 0;
      const preview = await call(h, 'profile.teachListPreview', { group: 'posts', itemsPath: 'items.0.text' });
      expect(rec.sent).toEqual([]);
      expect(preview).toMatchObject({ profileId: 'shop', copy: false, itemsField: 'items', idField: 'id', note: null });
      expect(preview.diff.filter((l) => l.startsWith('+ ') || l.startsWith('- '))).toEqual([
        '-     "itemsField": "things",',
        '+     "itemsField": "items",',
      ]);
      expect(preview.recheck[0]).toBe('posts');
      expect([...preview.recheck].sort()).toEqual([
        'assets',
        'automations',
        'contentPlans',
        'creatives',
        'mediaQueue',
        'mediaTemplates',
        'posts',
      ]);

      const done = await call(h, 'profile.teachListApply', { group: 'posts', itemsPath: 'items.0.text' });
      expect(done.profile).toEqual({ id: 'shop', name: 'Shop' });
      expect(done.lines.map((l) => [l.id, l.outcome])).toEqual(preview.recheck.map((g) => [`group.${g}`, 'pass']));
      expect(done.lines.every((l) => l.listAnswer === undefined)).toBe(true);
      expect(rec.sent.length).toBe(7);
      expect(rec.sent.every((s) => s.startsWith('GET /v2/'))).toBe(true);

      const after = await exported(h, 'shop');
      expect(after).toEqual({ ...before, records: { ...before.records, itemsField: 'items' } });
      expect(await call(h, 'connection.get', {})).toMatchObject({ profile: { id: 'shop' } });
      expect(h.core.session.view()).toMatchObject({ state: 'active', mode: 'token' });
      // The answer was read: there is nothing left to teach from for that group.
      expect(await refusedWith(h, { group: 'posts', itemsPath: 'items' })).toMatchObject({ code: 'not_found' });
    },
  );

  it('records without the id the profile names: taught the id field, which becomes a server field', async () => {
    const rec = recorder();
    const h = await open({ observe: rec.observe });
    await signInDemo(h);
    await h.core.session.request({ method: 'POST', url: `${h.sandbox.url}/v2/posts`, body: { text: 'Hello' } });
    await useVariant(h, { idField: 'uuid', serverFields: ['version'] });
    const check = await call(h, 'connection.check', { runJobs: false });
    expect(check.lines.find((l) => l.id === 'group.posts')).toMatchObject({
      outcome: 'fail',
      field: 'records.idField',
      listAnswer: { itemsField: 'items', idField: 'uuid' },
    });
    expect(await refusedWith(h, { group: 'posts', itemsPath: 'items', idPath: 'items.0.text.x' })).toMatchObject({
      code: 'validation',
      issues: [{ path: 'idPath' }],
    });

    rec.sent.length = 0;
    const done = await call(h, 'profile.teachListApply', { group: 'posts', itemsPath: 'items', idPath: 'items.0.id' });
    expect(done.lines[0]).toMatchObject({
      id: 'group.posts',
      outcome: 'pass',
      summary: expect.stringContaining('identified by "id"'),
    });
    expect((await exported(h, 'shop')).records).toMatchObject({
      itemsField: 'items',
      idField: 'id',
      serverFields: ['version', 'id'],
    });
    expect(rec.sent.every((s) => s.startsWith('GET '))).toBe(true);
  });

  it('refuses to teach from an answer judged with another profile, or with nothing kept', async () => {
    const h = await open();
    await signInDemo(h);
    expect(await refusedWith(h, { group: 'posts', itemsPath: 'items' })).toMatchObject({
      code: 'not_found',
      hint: expect.stringContaining('Run the connection check'),
    });
    const p = await useVariant(h, { itemsField: 'things' });
    await call(h, 'connection.check', { runJobs: false });
    await call(h, 'profile.import', { json: JSON.stringify({ ...p, records: { ...p.records, pageSize: 50 } }) });
    expect(await refusedWith(h, { group: 'posts', itemsPath: 'items' })).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('changed since the check'),
    });
  });
});
