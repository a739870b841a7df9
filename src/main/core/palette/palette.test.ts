/**
 * The palette's record search on a real core, through the contract: each group found by its words
 * (post text, asset name/tag prefix/notes, result prompt, template, snippet, channel, automation), best
 * title first; limits per group; deleted and trashed records and other accounts' left out; bad input
 * refused in words, and FTS syntax read as plain words.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import type { PaletteRecordGroup } from '../../../shared/palette';
import { testJob } from '../ai/test-jobs';
import { firstWords, queryWords, titleScore } from './palette';

const harness = harnesses();

const account = (h: Harness) => h.core.workspace.account();
const make = (h: Harness, group: 'posts' | 'assets' | 'mediaTemplates' | 'automations', fields: object) =>
  h.core.store.create(group, account(h), { ...fields }).id;
const job = (h: Harness, id: string, prompt: string, over: Parameters<typeof testJob>[1] = {}) =>
  h.core.ai.jobs.insert(testJob(id, { account_id: account(h), prompt, state: 'succeeded', ...over })).id;

async function search(h: Harness, text: string, limit?: number) {
  return (await call(h, 'palette.search', { text, ...(limit !== undefined && { limit }) })).hits;
}
const ids = async (h: Harness, text: string, group: PaletteRecordGroup) =>
  (await search(h, text)).filter((x) => x.group === group).map((x) => x.id);

describe('palette.search', () => {
  it('finds each kind of record by its words, grouped in order', async () => {
    const h = await harness();
    const post = make(h, 'posts', { text: 'Autumn sale starts Friday\nWith a second line' });
    const asset = make(h, 'assets', { name: 'beach.jpg', kind: 'image', tags: ['holidays'], notes: 'golden light' });
    const result = job(h, 'job-1', 'a lighthouse in the storm');
    const template = make(h, 'mediaTemplates', { name: 'Weekly recap', body: 'This week at the studio' });
    const snippet = (
      await call(h, 'snippets.create', { fields: { name: 'Sign-off', body: '— Mara', kind: 'signature' } })
    ).id;
    const channel = (
      await call(h, 'channels.create', {
        fields: { network: 'instagram-feed', name: 'Studio Gram', handle: '@studio' },
      })
    ).id;
    const rule = make(h, 'automations', {
      name: 'Tag imports',
      trigger: { type: 'asset_imported' },
      actions: [{ type: 'add_tag', tag: 'new' }],
    });

    expect(await ids(h, 'autumn', 'posts')).toEqual([post]);
    expect(await ids(h, 'friday', 'posts')).toEqual([post]);
    // A channel's own text (a variant) finds its post too.
    const variant = make(h, 'posts', {
      text: 'Main text',
      targets: [{ channel_id: 'ch-1', network: 'tiktok', name: 'TikTok', text: 'Dance along tonight' }],
    });
    expect(await ids(h, 'dance along', 'posts')).toEqual([variant]);
    const [p] = await search(h, 'autumn');
    expect(p).toMatchObject({ group: 'posts', title: 'Autumn sale starts Friday', thumbSha: null });
    expect(p!.preview).toContain('second line');
    expect(await ids(h, 'holi', 'media')).toEqual([asset]);
    expect(await ids(h, 'golden', 'media')).toEqual([asset]);
    expect(await ids(h, 'beach', 'media')).toEqual([asset]);
    expect((await search(h, 'beach'))[0]).toMatchObject({
      title: 'beach.jpg',
      preview: expect.stringContaining('#holidays'),
    });
    expect(await ids(h, 'lighthouse storm', 'results')).toEqual([result]);
    expect(await ids(h, 'recap', 'templates')).toEqual([template]);
    expect(await ids(h, 'sign', 'snippets')).toEqual([snippet]);
    // A snippet is a media template underneath: it is never listed as a template too.
    expect(await ids(h, 'sign', 'templates')).toEqual([]);
    expect(await ids(h, 'gram', 'channels')).toEqual([channel]);
    expect(await ids(h, 'instagram', 'channels')).toEqual([channel]);
    expect((await search(h, 'gram'))[0]).toMatchObject({ preview: 'instagram-feed · @studio' });
    expect(await ids(h, 'imports', 'automations')).toEqual([rule]);
    expect((await search(h, 'tag imports'))[0]).toMatchObject({ preview: 'when asset imported → add tag' });

    // One query touching every group lists them in the palette's order.
    const groups = (await search(h, 'st')).map((x) => x.group);
    expect([...new Set(groups)]).toEqual(['posts', 'results', 'templates', 'channels']);
  });

  it('stops each group at its limit, best title first, newest among equals', async () => {
    const h = await harness();
    for (let i = 0; i < 8; i++) make(h, 'assets', { name: `sunset ${i}.jpg`, tags: ['sky'] });
    const exact = make(h, 'assets', { name: 'Sky', tags: [] });
    make(h, 'assets', { name: 'late one.jpg', tags: ['sky'] });
    const hits = await ids(h, 'sky', 'media');
    expect(hits).toHaveLength(5);
    // The title that is the query comes first even though others are newer.
    expect(hits[0]).toBe(exact);
    expect(await search(h, 'sky', 2)).toHaveLength(2);
    expect((await search(h, 'sunset', 20)).length).toBe(8);
  });

  it('leaves out deleted, trashed and other accounts’ records', async () => {
    const h = await harness();
    const kept = make(h, 'assets', { name: 'river kept.jpg' });
    const trashed = make(h, 'assets', { name: 'river trashed.jpg' });
    const deleted = make(h, 'assets', { name: 'river deleted.jpg' });
    await call(h, 'library.trash', { ids: [trashed] });
    h.core.store.remove('assets', account(h), deleted);
    h.core.store.create('assets', 'someone-else', { name: 'river theirs.jpg' });
    h.core.store.create('posts', 'someone-else', { text: 'river post of theirs' });
    const gone = make(h, 'posts', { text: 'river post deleted' });
    h.core.store.remove('posts', account(h), gone);
    h.core.ai.jobs.insert(testJob('theirs', { account_id: 'someone-else', prompt: 'river at dawn' }));
    const hits = await search(h, 'river');
    expect(hits.map((x) => x.id)).toEqual([kept]);
  });

  it('reads what is typed as words: FTS syntax, quotes and LIKE wildcards match literally', async () => {
    const h = await harness();
    const post = make(h, 'posts', { text: '100% organic "cotton" tees' });
    make(h, 'posts', { text: 'nothing special here' });
    expect(await ids(h, '100%', 'posts')).toEqual([post]);
    expect(await ids(h, '"cotton', 'posts')).toEqual([post]);
    // LIKE's wildcards are plain characters: "a_c" is not "abc".
    make(h, 'posts', { text: 'abc only' });
    expect(await ids(h, 'a_c', 'posts')).toEqual([]);
    for (const text of ['"a*" OR', 'NEAR(x y)', 'name:foo', 'AND OR NOT']) {
      await expect(call(h, 'palette.search', { text })).resolves.toMatchObject({ hits: expect.any(Array) });
    }
  });

  it('refuses bad input in words', async () => {
    const h = await harness();
    /** The words of the refusal: its message and every issue's. */
    const refused = async (input: unknown) => {
      const r = await h.core.dispatch('palette.search', input);
      if (r.ok) throw new Error('expected a refusal');
      expect(r.error.code).toBe('validation');
      return [r.error.message, ...(r.error.issues ?? []).map((i) => i.message)].join(' | ');
    };
    expect(await refused({ text: '   ' })).toMatch(/Type a word or a number/);
    expect(await refused({ text: '!!!' })).toMatch(/Type a word or a number/);
    expect(await refused({ text: 'x'.repeat(201) })).toMatch(/at most 200 characters/);
    expect(await refused({ text: 'sky', limit: 0 })).toMatch(/at least one/);
    expect(await refused({})).toMatch(/Type some words/);
  });
});

describe('palette ranking helpers', () => {
  it('scores the whole title, its start, a word start and inside, in that order', () => {
    const q = queryWords('sun');
    expect(titleScore('Sun', q)).toBeGreaterThan(titleScore('Sunset at sea', q));
    expect(titleScore('Sunset at sea', q)).toBeGreaterThan(titleScore('The sunset', q));
    expect(titleScore('The sunset', q)).toBeGreaterThan(titleScore('Tsunami', q));
    expect(titleScore('Tsunami', q)).toBeGreaterThan(titleScore('Rain', q));
    expect(queryWords('  Crème BRÛLÉE!! ')).toEqual(['creme', 'brulee']);
    expect(firstWords('one two three four', 2)).toBe('one two…');
  });
});
