/**
 * Posts and content plans made, changed and deleted in the planner reach the sandbox with the
 * platform's ids in their references; the planner's own writes (reschedule, duplicate) sync too.
 */
import { describe, expect, it } from 'vitest';
import { harnesses, signInDemo } from '../../../../test/support/core-with-sandbox';
import { make, plannerOf, remoteAll } from './test-kit';

const harness = harnesses();

describe('planner sync', () => {
  it('creates, updates and deletes posts and content plans on the platform', async () => {
    const h = await harness();
    await signInDemo(h);
    const p = plannerOf(h);
    const account = h.core.workspace.account();
    const asset = make(h, 'assets', { name: 'a.png' });
    const post = make(h, 'posts', {
      text: 'Hello June',
      status: 'scheduled',
      scheduled_at: '2026-06-01T07:00:00Z',
      channel: 'Instagram',
      asset_ids: [asset],
    });
    const plan = make(h, 'contentPlans', { title: 'June', starts_at: '2026-06-01T00:00:00Z', post_ids: [post] });
    await h.core.sync.run();

    const [remoteAsset] = await remoteAll(h, '/v2/assets');
    const [remotePost] = await remoteAll(h, '/v2/posts');
    expect(remotePost).toMatchObject({
      text: 'Hello June',
      status: 'scheduled',
      scheduled_at: '2026-06-01T07:00:00Z',
      channel: 'Instagram',
      asset_ids: [remoteAsset?.id],
    });
    expect(await remoteAll(h, '/v2/content-plans')).toEqual([
      expect.objectContaining({ title: 'June', post_ids: [remotePost?.id] }),
    ]);

    // Planner writes: a new time and a copy.
    await p.run('planner.reschedule', { group: 'posts', id: post, at: '2026-06-02T07:30:00Z' });
    const copy = await p.run('planner.duplicatePost', { id: post });
    h.core.store.update('contentPlans', account, plan, { title: 'June launch', post_ids: [post, copy.id] });
    await h.core.sync.run();
    const posts = await remoteAll(h, '/v2/posts');
    expect(posts).toHaveLength(2);
    expect(posts.find((r) => r.id === remotePost?.id)).toMatchObject({
      scheduled_at: '2026-06-02T07:30:00.000Z',
      status: 'scheduled',
    });
    const remoteCopy = posts.find((r) => r.id !== remotePost?.id);
    expect(remoteCopy).toMatchObject({
      text: 'Hello June',
      status: 'draft',
      channel: 'Instagram',
      asset_ids: [remoteAsset?.id],
    });
    expect(remoteCopy).not.toHaveProperty('scheduled_at');
    expect(await remoteAll(h, '/v2/content-plans')).toEqual([
      expect.objectContaining({ title: 'June launch', post_ids: [remotePost?.id, remoteCopy?.id] }),
    ]);

    // Deletes: the copy, then the plan.
    h.core.store.remove('posts', account, copy.id);
    h.core.store.update('contentPlans', account, plan, { post_ids: [post] });
    await h.core.sync.run();
    expect((await remoteAll(h, '/v2/posts')).map((r) => r.id)).toEqual([remotePost?.id]);
    h.core.store.remove('contentPlans', account, plan);
    await h.core.sync.run();
    expect(await remoteAll(h, '/v2/content-plans')).toEqual([]);
    expect(h.core.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });

    // What the platform holds comes back the same: the calendar still shows the post at its new time.
    const view = await p.run('planner.calendar', { from: '2026-06-02T00:00:00Z', to: '2026-06-03T00:00:00Z' });
    expect(view.items).toEqual([
      expect.objectContaining({ id: post, at: '2026-06-02T07:30:00.000Z', planIds: [], assetIds: [asset] }),
    ]);
  });
});
