/**
 * The media queue: adding assets, creatives and posts, moving and removing items, and how that
 * syncs with the sandbox, whose queue can only add and list (moves and removals wait for the
 * platform's specification, nothing is lost).
 */
import { describe, expect, it } from 'vitest';
import { harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { parseFields } from '../store/fields';
import { make, plannerOf, remoteAll } from './test-kit';

const harness = harnesses();
const ids = (view: { items: { id: string }[] }) => view.items.map((i) => i.id);
const orders = (h: Harness, list: string[]) =>
  list.map((id) => parseFields(h.core.store.get('mediaQueue', id)?.data ?? null).order);

describe('media queue', () => {
  it('adds assets, and creatives and posts by their first media, at the end', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const account = h.core.workspace.account();
    const one = make(h, 'assets', { name: 'one.png' });
    const two = make(h, 'assets', { name: 'two.png' });
    const gone = make(h, 'assets', { name: 'gone.png' });
    h.core.store.remove('assets', account, gone);
    const creative = make(h, 'creatives', { name: 'Banner', asset_ids: [gone, two] });
    const post = make(h, 'posts', { text: 'Spring sale\nAll week', asset_ids: [one] });
    const plan = make(h, 'contentPlans', { title: 'May' });

    const i1 = await p.run('planner.queueAdd', { source: { group: 'assets', id: one } });
    expect(i1).toMatchObject({
      position: 1,
      assetId: one,
      source: { group: 'assets', id: one, label: 'one.png' },
      planId: null,
      scheduledAt: null,
      note: '',
      syncState: 'pending',
    });
    const i2 = await p.run('planner.queueAdd', {
      source: { group: 'creatives', id: creative },
      planId: plan,
      scheduledAt: '2026-05-01T09:00:00+02:00',
      note: 'hero',
    });
    expect(i2).toMatchObject({
      position: 2,
      assetId: two,
      source: { group: 'creatives', id: creative, label: 'Banner' },
      planId: plan,
      scheduledAt: '2026-05-01T07:00:00.000Z',
      note: 'hero',
    });
    const i3 = await p.run('planner.queueAdd', { source: { group: 'posts', id: post } });
    expect(i3).toMatchObject({ position: 3, assetId: one, source: { group: 'posts', id: post, label: 'Spring sale' } });
    expect(h.core.store.view('mediaQueue', i2.id).fields).toEqual({
      asset_id: two,
      creative_id: creative,
      plan_id: plan,
      scheduled_at: '2026-05-01T07:00:00.000Z',
      note: 'hero',
      order: 2,
    });
    expect(h.core.store.view('mediaQueue', i3.id).fields).toMatchObject({ asset_id: one, post_id: post, order: 3 });
    expect(ids(await p.run('planner.queue', {}))).toEqual([i1.id, i2.id, i3.id]);

    const empty = make(h, 'creatives', { name: 'Empty', asset_ids: [gone] });
    await expect(p.run('planner.queueAdd', { source: { group: 'creatives', id: empty } })).rejects.toThrow(
      'validation The creative “Empty” has no media to queue.',
    );
    const bare = make(h, 'posts', { text: 'Words only' });
    await expect(p.run('planner.queueAdd', { source: { group: 'posts', id: bare } })).rejects.toThrow(
      /has no media to queue/,
    );
    await expect(p.run('planner.queueAdd', { source: { group: 'assets', id: gone } })).rejects.toThrow(/not_found/);
    await expect(p.run('planner.queueAdd', { source: { group: 'assets', id: one }, planId: 'nope' })).rejects.toThrow(
      /not_found/,
    );
    expect((await p.run('planner.queue', {})).items).toHaveLength(3);

    // The source's label follows the source; a deleted one says so.
    h.core.store.remove('posts', account, post);
    expect((await p.run('planner.queue', {})).items[2]?.source).toEqual({
      group: 'posts',
      id: post,
      label: 'Deleted post',
    });
  });

  it('moves an item between its new neighbours by writing only its own order, and removes items', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const asset = make(h, 'assets', { name: 'a.png' });
    const add = async () => (await p.run('planner.queueAdd', { source: { group: 'assets', id: asset } })).id;
    const [a, b, c] = [await add(), await add(), await add()] as [string, string, string];

    expect(ids(await p.run('planner.queueMove', { id: c, before: a }))).toEqual([c, a, b]);
    expect(orders(h, [c, a, b])).toEqual([0, 1, 2]);
    expect(ids(await p.run('planner.queueMove', { id: c, before: null }))).toEqual([a, b, c]);
    expect(orders(h, [a, b, c])).toEqual([1, 2, 3]);
    const view = await p.run('planner.queueMove', { id: a, before: c });
    expect(ids(view)).toEqual([b, a, c]);
    expect(view.items.map((i) => i.position)).toEqual([1, 2, 3]);
    expect(orders(h, [b, a, c])).toEqual([2, 2.5, 3]);

    // Moving to where it already is changes nothing.
    const before = h.core.store.get('mediaQueue', a)?.updated_at;
    await p.run('planner.queueMove', { id: a, before: c });
    await p.run('planner.queueMove', { id: a, before: a });
    expect(h.core.store.get('mediaQueue', a)?.updated_at).toBe(before);
    await expect(p.run('planner.queueMove', { id: 'missing', before: null })).rejects.toThrow(/not_found/);
    await expect(p.run('planner.queueMove', { id: a, before: 'missing' })).rejects.toThrow(/not_found/);

    // Squeezing between the same two neighbours again and again ends in a renumbering, in order.
    for (let i = 0; i < 30; i++)
      await p.run('planner.queueMove', i % 2 === 0 ? { id: c, before: a } : { id: a, before: c });
    expect(ids(await p.run('planner.queue', {}))).toEqual([b, a, c]);
    const squeezed = orders(h, [b, a, c]) as number[];
    expect(squeezed[0]).toBeLessThan(squeezed[1] as number);
    expect((squeezed[2] as number) - (squeezed[1] as number)).toBeGreaterThan(1e-7);

    expect(ids(await p.run('planner.queueRemove', { id: a }))).toEqual([b, c]);
    expect(h.core.store.get('mediaQueue', a)).toBeUndefined(); // never synced: gone at once
    await expect(p.run('planner.queueRemove', { id: a })).rejects.toThrow(/not_found/);
  });

  it('numbers items that came without an order (added elsewhere) after its own, once', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const asset = make(h, 'assets', { name: 'a.png' });
    const mine = (await p.run('planner.queueAdd', { source: { group: 'assets', id: asset } })).id;
    const foreign = make(h, 'mediaQueue', { asset_id: asset });
    expect(ids(await p.run('planner.queue', {}))).toEqual([mine, foreign]);
    const next = (await p.run('planner.queueAdd', { source: { group: 'assets', id: asset } })).id;
    expect(ids(await p.run('planner.queue', {}))).toEqual([mine, foreign, next]);
    expect(orders(h, [mine, foreign, next])).toEqual([1, 2, 3]);
  });

  it('syncs added items to the sandbox with platform ids; moves and removals wait for the specification', async () => {
    const h = await harness();
    await signInDemo(h);
    const p = plannerOf(h);
    const asset = make(h, 'assets', { name: 'a.png' });
    const post = make(h, 'posts', { text: 'Post', asset_ids: [asset] });
    const first = await p.run('planner.queueAdd', { source: { group: 'assets', id: asset }, note: 'first' });
    const second = await p.run('planner.queueAdd', { source: { group: 'posts', id: post } });
    await h.core.sync.run();

    const [remoteAsset] = await remoteAll(h, '/v2/assets');
    const [remotePost] = await remoteAll(h, '/v2/posts');
    const remote = await remoteAll(h, '/v2/media-queue');
    expect(remote).toEqual([
      expect.objectContaining({ asset_id: remoteAsset?.id, note: 'first', order: 1 }),
      expect.objectContaining({ asset_id: remoteAsset?.id, post_id: remotePost?.id, order: 2 }),
    ]);
    const synced = await p.run('planner.queue', {});
    expect(synced.items.map((i) => [i.syncState, i.waiting])).toEqual([
      ['synced', null],
      ['synced', null],
    ]);
    // Pulled back, references point at the local records again.
    expect(synced.items[1]).toMatchObject({ assetId: asset, source: { group: 'posts', id: post } });

    // The sandbox profile has no way to change a queue item: the move waits, and says so before and after trying.
    const moved = await p.run('planner.queueMove', { id: second.id, before: first.id });
    expect(ids(moved)).toEqual([second.id, first.id]);
    const spec = "Waiting for the platform's specification: it has no way to update a media queue item yet.";
    expect(moved.items[0]?.waiting).toBe(spec);
    await h.core.sync.run();
    const outbox = h.core.store.outbox.entries(second.id);
    expect(outbox).toMatchObject([{ op: 'update', state: 'pending' }]);
    expect(outbox[0]?.last_error).toMatch(/^Waiting for the platform's specification/);
    const after = await p.run('planner.queue', {});
    expect(ids(after)).toEqual([second.id, first.id]);
    expect(after.items[0]?.waiting).toBe(outbox[0]?.last_error);

    const removed = await p.run('planner.queueRemove', { id: first.id });
    expect(ids(removed)).toEqual([second.id]);
    await h.core.sync.run();
    expect(h.core.store.outbox.entries(first.id)).toMatchObject([
      { op: 'delete', state: 'pending', last_error: expect.stringMatching(/no way to delete/) },
    ]);
    expect(await remoteAll(h, '/v2/media-queue')).toHaveLength(2);
    expect(ids(await p.run('planner.queue', {}))).toEqual([second.id]);
  });
});
