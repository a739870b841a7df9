/**
 * Snippets on a real core, through the contract: made, listed, changed and removed; never mixed with
 * templates; uses counted locally (most used first, no change to send); variables filled or left;
 * bad input refused in words; a snippet syncs as a media template, and waits where the profile has none.
 */
import { describe, expect, it, vi } from 'vitest';
import { call, harnesses, remoteAll, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { outboxRows } from '../../../../test/support/sync-harness';
import { SNIPPET_BODY_MAX } from '../../../shared/snippets';
import { sandboxProfile } from '../platform/builtin-profiles';
import { contentOn, refusal } from './test-kit';

const harness = harnesses();

/** The refusal a channel answers with (code and message), or a failure when it succeeds. */
async function refused(h: Harness, ...[channel, input]: Parameters<Harness['core']['dispatch']>) {
  const result = await h.core.dispatch(channel, input);
  if (result.ok) throw new Error(`${channel} was expected to refuse`);
  return result.error;
}

const tags = { name: 'Launch tags', body: '#launch #{{product}} #studio', kind: 'hashtags' } as const;
const sign = { name: 'Sign-off', body: '— Mara, {{date}}', kind: 'signature' } as const;

describe('snippets', () => {
  it('are made, listed, changed and removed', async () => {
    const h = await harness();
    const made = await call(h, 'snippets.create', { fields: tags });
    expect(made).toMatchObject({ ...tags, variables: ['product'], uses: 0, lastUsedAt: null });
    const other = await call(h, 'snippets.create', { fields: { ...sign, name: '  Sign-off  ' } });
    expect(other.name).toBe('Sign-off');
    expect((await call(h, 'snippets.list', {})).map((s) => s.name)).toEqual(['Launch tags', 'Sign-off']);
    expect((await call(h, 'snippets.list', { kind: 'signature' })).map((s) => s.id)).toEqual([other.id]);
    expect((await call(h, 'snippets.list', { query: 'STUDIO' })).map((s) => s.id)).toEqual([made.id]);

    const changed = await call(h, 'snippets.update', { id: made.id, fields: { body: '#{{a}} {{b}}', kind: 'cta' } });
    expect(changed).toMatchObject({ name: 'Launch tags', body: '#{{a}} {{b}}', kind: 'cta', variables: ['a', 'b'] });
    // Stored as a media template with the marker and its variables, as templates keep them.
    expect((await call(h, 'records.get', { group: 'mediaTemplates', id: made.id })).fields).toEqual({
      name: 'Launch tags',
      body: '#{{a}} {{b}}',
      variables: ['a', 'b'],
      snippet: 'cta',
    });

    await call(h, 'snippets.remove', { id: made.id });
    expect((await call(h, 'snippets.list', {})).map((s) => s.id)).toEqual([other.id]);
    expect((await refused(h, 'snippets.use', { id: made.id })).code).toBe('not_found');
  });

  it('never mix with templates: each list shows its own, and neither acts as the other', async () => {
    const h = await harness();
    const snippet = await call(h, 'snippets.create', { fields: tags });
    const template = await call(h, 'records.create', {
      group: 'mediaTemplates',
      fields: { name: 'Weekly', body: 'Hello {{product}}' },
    });
    expect((await call(h, 'snippets.list', {})).map((s) => s.id)).toEqual([snippet.id]);
    for (const channel of ['snippets.use', 'snippets.remove'] as const) {
      const e = await refused(h, channel, { id: template.id });
      expect(e).toMatchObject({
        code: 'not_found',
        message: `No snippet has the id "${template.id}" (it may have been deleted).`,
      });
    }
    expect((await refused(h, 'snippets.update', { id: template.id, fields: { name: 'x' } })).code).toBe('not_found');
    // Making posts from a snippet is refused; the template still works.
    const { templates } = contentOn(h);
    expect(
      refusal(() =>
        templates.fromTemplate({ templateId: snippet.id, target: 'posts', rows: [{ product: 'Mug' }], defaults: {} }),
      ),
    ).toMatchObject({ code: 'validation', message: 'That is a snippet, not a template: choose a template.' });
    expect(refusal(() => templates.preview({ templateId: snippet.id, values: {} })).code).toBe('validation');
    expect(templates.preview({ templateId: template.id, values: { product: 'Mug' } }).text).toBe('Hello Mug');
  });

  it('fill variables from the values given and list the ones left to fill', async () => {
    const h = await harness();
    const s = await call(h, 'snippets.create', {
      fields: { name: 'CTA', body: 'Get {{product}} at {{ link }} by {{date}}', kind: 'cta' },
    });
    expect(
      await call(h, 'snippets.use', { id: s.id, values: { product: 'Mugs', date: '2026-12-01', extra: 'x' } }),
    ).toEqual({
      text: 'Get Mugs at {{ link }} by 2026-12-01',
      variables: ['product', 'link', 'date'],
      missing: ['link'],
      uses: 1,
    });
    // A blank value counts as none: the variable stays for the person to fill.
    expect(await call(h, 'snippets.use', { id: s.id, values: { product: '  ' } })).toMatchObject({
      text: 'Get {{product}} at {{ link }} by {{date}}',
      missing: ['product', 'link', 'date'],
      uses: 2,
    });
  });

  it('count uses on this computer only: most used first, and no change to send', async () => {
    const h = await harness();
    const a = await call(h, 'snippets.create', { fields: { ...tags, name: 'A' } });
    const b = await call(h, 'snippets.create', { fields: { ...sign, name: 'B' } });
    const c = await call(h, 'snippets.create', { fields: { ...sign, name: 'C' } });
    const before = outboxRows(h).length;
    await call(h, 'snippets.use', { id: c.id, values: {} });
    await call(h, 'snippets.use', { id: c.id, values: {} });
    await call(h, 'snippets.use', { id: b.id, values: {} });
    expect(outboxRows(h)).toHaveLength(before);
    const listed = await call(h, 'snippets.list', {});
    expect(listed.map((s) => [s.name, s.uses])).toEqual([
      ['C', 2],
      ['B', 1],
      ['A', 0],
    ]);
    expect(listed[0]?.lastUsedAt).toEqual(expect.any(String));
    expect((await call(h, 'records.get', { group: 'mediaTemplates', id: a.id })).fields).not.toHaveProperty('uses');
    // A removed snippet's count goes with it.
    await call(h, 'snippets.remove', { id: c.id });
    expect(h.core.db.prepare('SELECT snippet_id FROM snippet_uses').all()).toEqual([{ snippet_id: b.id }]);
  });

  it('refuse bad input in words', async () => {
    const h = await harness();
    const empty = await refused(h, 'snippets.create', { fields: { name: '   ', body: 'x', kind: 'other' } });
    expect(empty.issues).toContainEqual({ path: 'fields.name', message: 'Enter a name for the snippet' });
    const long = await refused(h, 'snippets.create', {
      fields: { name: 'Long', body: 'x'.repeat(SNIPPET_BODY_MAX + 1), kind: 'other' },
    });
    expect(long.issues).toContainEqual({
      path: 'fields.body',
      message: 'A snippet is at most 5,000 characters; shorten it',
    });
    const blank = await refused(h, 'snippets.create', { fields: { name: 'Blank', body: ' \n ', kind: 'other' } });
    expect(blank.issues).toContainEqual({ path: 'fields.body', message: 'Write the text of the snippet' });
    const kind = await refused(h, 'snippets.create', { fields: { name: 'K', body: 'x', kind: 'poem' as 'other' } });
    expect(kind.issues).toContainEqual({
      path: 'fields.kind',
      message: 'Choose a kind: hashtags, signature, cta or other',
    });
    expect(await refused(h, 'snippets.update', { id: 'nope', fields: { name: 'x' } })).toMatchObject({
      code: 'not_found',
      message: 'No snippet has the id "nope" (it may have been deleted).',
    });
    // The record channel refuses a kind it does not know too.
    const viaRecords = await refused(h, 'records.create', {
      group: 'mediaTemplates',
      fields: { name: 'x', body: 'y', snippet: 'poem' },
    });
    expect(viaRecords.code).toBe('validation');
    expect(await call(h, 'snippets.list', {})).toEqual([]);
  });
});

describe('snippets and sync', () => {
  it('go to the platform as media templates with their kind', async () => {
    const h = await harness();
    await signInDemo(h);
    const s = await call(h, 'snippets.create', { fields: tags });
    expect(outboxRows(h)).toEqual([expect.objectContaining({ grp: 'mediaTemplates', record_id: s.id, op: 'create' })]);
    await h.core.sync.run();
    expect(await remoteAll(h, '/v2/media-templates')).toEqual([
      expect.objectContaining({ name: 'Launch tags', body: tags.body, snippet: 'hashtags' }),
    ]);
    expect(outboxRows(h)).toEqual([]);
  });

  it('wait on this computer where the profile has no place for media templates', async () => {
    const h = await harness({ sync: { autoStart: true } });
    await signInDemo(h);
    const partial = {
      ...sandboxProfile,
      id: 'sandbox-no-templates',
      name: 'No templates',
      embeddedSandbox: false,
      baseUrl: h.sandbox.url,
      groups: { ...sandboxProfile.groups, mediaTemplates: 'unspecified' },
    };
    await call(h, 'profile.import', { json: JSON.stringify(partial) });
    await call(h, 'profile.select', { id: 'sandbox-no-templates' });
    const s = await call(h, 'snippets.create', { fields: sign });
    await call(h, 'records.create', { group: 'creatives', fields: { name: 'goes' } });
    await vi.waitFor(async () => expect(await remoteAll(h, '/v2/creatives')).toHaveLength(1), { timeout: 5000 });
    expect(await remoteAll(h, '/v2/media-templates')).toEqual([]);
    const status = await call(h, 'sync.status', {});
    expect(status.groups.find((g) => g.group === 'mediaTemplates')).toMatchObject({
      endpoints: 'unspecified',
      pending: 1,
    });
    // Still usable here.
    expect((await call(h, 'snippets.use', { id: s.id, values: { date: 'today' } })).text).toBe('— Mara, today');
  });
});
