/**
 * What the sync engine sends to the sandbox over loopback: creates, updates with the last known
 * version, deletes, references as platform ids, every group through its endpoints, and changes that
 * wait for the specification.
 */
import { describe, expect, it, vi } from 'vitest';
import { call, harnesses, remoteAll, signInDemo } from '../../../../test/support/core-with-sandbox';
import { outboxRows } from '../../../../test/support/sync-harness';
import { sandboxProfile } from '../platform/builtin-profiles';

const harness = harnesses();

describe('sync engine', () => {
  it('creates, updates with the last known version, and deletes; references travel as platform ids', async () => {
    const h = await harness();
    await signInDemo(h);
    const asset = await call(h, 'records.create', { group: 'assets', fields: { name: 'cover.png', tags: ['x'] } });
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'hello', asset_ids: [asset.id] } });
    await h.core.sync.run();
    const remoteAsset = (await remoteAll(h, '/v2/assets'))[0];
    expect((await remoteAll(h, '/v2/posts'))[0]).toMatchObject({ text: 'hello', asset_ids: [remoteAsset?.id] });
    // Locally the reference stays the local id.
    expect((await call(h, 'records.get', { group: 'posts', id: post.id })).fields.asset_ids).toEqual([asset.id]);

    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'hello again' } });
    await h.core.sync.run();
    const after = (await remoteAll(h, '/v2/posts'))[0];
    expect(after).toMatchObject({ text: 'hello again', version: 2 });
    expect((await call(h, 'records.get', { group: 'posts', id: post.id })).version).toBe(2);

    await call(h, 'records.delete', { group: 'posts', id: post.id });
    await h.core.sync.run();
    expect(await remoteAll(h, '/v2/posts')).toEqual([]);
    expect(outboxRows(h)).toEqual([]);
  });

  it('every group syncs through its endpoints, the media queue through its batch "add items" endpoint', async () => {
    const h = await harness();
    await signInDemo(h);
    const asset = await call(h, 'records.create', { group: 'assets', fields: { name: 'a.png' } });
    const template = await call(h, 'records.create', {
      group: 'mediaTemplates',
      fields: { name: 'Launch', variables: ['product'], body: 'Meet {{product}}' },
    });
    const post = await call(h, 'records.create', {
      group: 'posts',
      fields: {
        text: 'Meet Atelier',
        status: 'scheduled',
        scheduled_at: '2026-12-01T09:00:00Z',
        asset_ids: [asset.id],
      },
    });
    await call(h, 'records.create', {
      group: 'creatives',
      fields: { name: 'Banner', template_id: template.id, asset_ids: [asset.id] },
    });
    await call(h, 'records.create', { group: 'contentPlans', fields: { title: 'December', post_ids: [post.id] } });
    await call(h, 'records.create', {
      group: 'automations',
      fields: {
        name: 'Tag imports',
        enabled: true,
        trigger: { type: 'asset_imported', tag: 'raw' },
        actions: [{ type: 'add_tag', tag: 'seen' }],
      },
    });
    await call(h, 'records.create', { group: 'mediaQueue', fields: { asset_id: asset.id, note: 'first' } });
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    const [remoteAsset] = await remoteAll(h, '/v2/assets');
    const [remoteTemplate] = await remoteAll(h, '/v2/media-templates');
    const [remotePost] = await remoteAll(h, '/v2/posts');
    expect(remotePost).toMatchObject({ asset_ids: [remoteAsset?.id], scheduled_at: '2026-12-01T09:00:00Z' });
    expect((await remoteAll(h, '/v2/creatives'))[0]).toMatchObject({
      template_id: remoteTemplate?.id,
      asset_ids: [remoteAsset?.id],
    });
    expect((await remoteAll(h, '/v2/content-plans'))[0]).toMatchObject({
      title: 'December',
      post_ids: [remotePost?.id],
    });
    expect((await remoteAll(h, '/v2/automations'))[0]).toMatchObject({ name: 'Tag imports', enabled: true });
    expect((await remoteAll(h, '/v2/media-queue'))[0]).toMatchObject({ asset_id: remoteAsset?.id, note: 'first' });

    // A second device pulls them all, with references pointing at its own local records.
    const b = await harness({ reuse: h.sandbox });
    await signInDemo(b);
    await b.core.sync.run();
    for (const group of [
      'assets',
      'automations',
      'contentPlans',
      'creatives',
      'mediaQueue',
      'mediaTemplates',
      'posts',
    ] as const) {
      expect((await call(b, 'records.list', { group })).total, group).toBe(1);
    }
    const [bAsset] = (await call(b, 'records.list', { group: 'assets' })).items;
    const [bQueue] = (await call(b, 'records.list', { group: 'mediaQueue' })).items;
    expect(bQueue?.fields.asset_id).toBe(bAsset?.id);
    const usage = await call(b, 'library.get', { id: bAsset?.id ?? '' });
    expect(usage.usage.map((u) => u.group).sort()).toEqual(['creatives', 'mediaQueue', 'posts']);
  });

  it(
    'keeps changes of unspecified groups waiting; a profile that names the endpoints sends them ' +
      'with nothing else to do',
    async () => {
      const h = await harness({ sync: { autoStart: true } });
      await signInDemo(h);
      const posts = async () => (await remoteAll(h, '/v2/posts')).map((p) => p.text).sort();
      const partial = {
        ...sandboxProfile,
        id: 'sandbox-partial',
        name: 'Partial',
        embeddedSandbox: false,
        baseUrl: h.sandbox.url,
        groups: { ...sandboxProfile.groups, posts: 'unspecified' },
      };
      await call(h, 'profile.import', { json: JSON.stringify(partial) });
      // Another profile for the same platform: the session carries over, no new sign-in.
      expect(await call(h, 'profile.select', { id: 'sandbox-partial' })).toMatchObject({
        ready: true,
        profile: { groups: { posts: 'unspecified' } },
      });
      await call(h, 'records.create', { group: 'posts', fields: { text: 'waits' } });
      await call(h, 'records.create', { group: 'creatives', fields: { name: 'goes' } });
      await vi.waitFor(async () => expect(await remoteAll(h, '/v2/creatives')).toHaveLength(1), { timeout: 5000 });
      const status = await call(h, 'sync.status', {});
      expect(status.groups.find((g) => g.group === 'posts')).toMatchObject({ endpoints: 'unspecified', pending: 1 });
      expect(await posts()).toEqual([]);

      // Choosing a profile that names them sends them.
      await call(h, 'profile.import', {
        json: JSON.stringify({ ...partial, id: 'sandbox-full', name: 'Full', groups: sandboxProfile.groups }),
      });
      await call(h, 'profile.select', { id: 'sandbox-full' });
      await vi.waitFor(async () => expect(await posts()).toEqual(['waits']), { timeout: 5000 });

      // So does a new version of the profile in use.
      await call(h, 'profile.select', { id: 'sandbox-partial' });
      await call(h, 'records.create', { group: 'posts', fields: { text: 'waits too' } });
      await new Promise((r) => setTimeout(r, 300));
      expect(await posts()).toEqual(['waits']);
      await call(h, 'profile.import', { json: JSON.stringify({ ...partial, groups: sandboxProfile.groups }) });
      await vi.waitFor(async () => expect(await posts()).toEqual(['waits', 'waits too']), { timeout: 5000 });
      expect(outboxRows(h)).toEqual([]);
    },
  );

  it('says which groups wait for the specification before any sync ran, signed in or not', async () => {
    const h = await harness();
    await call(h, 'profile.import', {
      json: JSON.stringify({
        ...sandboxProfile,
        id: 'sandbox-partial',
        name: 'Partial',
        embeddedSandbox: false,
        baseUrl: h.sandbox.url,
        groups: { ...sandboxProfile.groups, posts: 'unspecified' },
      }),
    });
    await call(h, 'profile.select', { id: 'sandbox-partial' });
    const endpoints = async () =>
      Object.fromEntries((await call(h, 'sync.status', {})).groups.map((g) => [g.group, g.endpoints]));
    expect(await endpoints()).toMatchObject({ posts: 'unspecified', creatives: 'specified', assets: 'specified' });
    await call(h, 'profile.select', { id: 'sandbox' });
    expect(await endpoints()).toMatchObject({ posts: 'specified' });
  });
});
