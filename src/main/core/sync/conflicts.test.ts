/**
 * Two computers on one account: edits on both sides become a conflict the user resolves, never
 * an overwrite.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, remoteAll } from '../../../../test/support/core-with-sandbox';
import { pairOf } from '../../../../test/support/sync-harness';

const harness = harnesses();

describe('two clients on one account', () => {
  const pair = () => pairOf(harness);

  it('an offline edit on both sides becomes a conflict, not an overwrite; keeping either side converges', async () => {
    const { a, b } = await pair();
    const post = await call(a, 'records.create', { group: 'posts', fields: { text: 'original', status: 'draft' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [onB] = (await call(b, 'records.list', { group: 'posts' })).items;
    expect(onB?.fields).toEqual({ text: 'original', status: 'draft' });

    await call(a, 'records.update', { group: 'posts', id: post.id, fields: { text: 'from A' } });
    await call(b, 'records.update', { group: 'posts', id: onB?.id ?? '', fields: { text: 'from B', status: 'ready' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [conflict] = await call(b, 'sync.conflicts', {});
    expect(conflict).toMatchObject({
      group: 'posts',
      local: { fields: { text: 'from B', status: 'ready' }, deleted: false },
      remote: { fields: { text: 'from A', status: 'draft' }, deleted: false, version: 2 },
      differing: ['status', 'text'],
    });
    expect((await remoteAll(b, '/v2/posts'))[0]?.text).toBe('from A');
    expect((await call(b, 'sync.status', {})).totals.conflicts).toBe(1);

    // Keep the platform's: B takes A's version.
    await call(b, 'sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'remote' });
    await b.core.sync.run();
    expect((await call(b, 'records.get', { group: 'posts', id: onB?.id ?? '' })).fields).toEqual({
      text: 'from A',
      status: 'draft',
    });

    // Again, and keep mine: A ends with B's version.
    await call(a, 'records.update', { group: 'posts', id: post.id, fields: { text: 'A2' } });
    await call(b, 'records.update', { group: 'posts', id: onB?.id ?? '', fields: { text: 'B2' } });
    await a.core.sync.run();
    await b.core.sync.run();
    await call(b, 'sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'local' });
    await b.core.sync.run();
    await a.core.sync.run();
    const finalA = await call(a, 'records.get', { group: 'posts', id: post.id });
    const finalB = await call(b, 'records.get', { group: 'posts', id: onB?.id ?? '' });
    expect(finalA.fields).toEqual(finalB.fields);
    expect(finalA.fields.text).toBe('B2');
    expect((await remoteAll(a, '/v2/posts'))[0]).toMatchObject({ text: 'B2' });
    expect(finalA.syncState).toBe('synced');
    expect(finalB.syncState).toBe('synced');

    // An edited merge is validated like any change and then wins everywhere.
    await call(a, 'records.update', { group: 'posts', id: post.id, fields: { text: 'A3' } });
    await call(b, 'records.update', { group: 'posts', id: onB?.id ?? '', fields: { text: 'B3' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const badMerge = await b.core.dispatch('sync.resolve', {
      group: 'posts',
      id: onB?.id ?? '',
      keep: 'merged',
      fields: { text: 5 },
    });
    expect(badMerge).toMatchObject({ ok: false, error: { code: 'validation' } });
    await call(b, 'sync.resolve', {
      group: 'posts',
      id: onB?.id ?? '',
      keep: 'merged',
      fields: { text: 'A3 + B3', status: 'draft' },
    });
    await b.core.sync.run();
    await a.core.sync.run();
    expect((await call(a, 'records.get', { group: 'posts', id: post.id })).fields.text).toBe('A3 + B3');
  });

  it('a record deleted on one side and edited on the other is a conflict too', async () => {
    const { a, b } = await pair();
    const post = await call(a, 'records.create', { group: 'posts', fields: { text: 'x' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [onB] = (await call(b, 'records.list', { group: 'posts' })).items;
    await call(a, 'records.delete', { group: 'posts', id: post.id });
    await call(b, 'records.update', { group: 'posts', id: onB?.id ?? '', fields: { text: 'edited' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [conflict] = await call(b, 'sync.conflicts', {});
    expect(conflict).toMatchObject({
      local: { deleted: false, fields: { text: 'edited' } },
      remote: { deleted: true },
    });
    await call(b, 'sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'local' });
    await b.core.sync.run();
    await a.core.sync.run();
    expect((await call(a, 'records.list', { group: 'posts' })).items.map((p) => p.fields.text)).toEqual(['edited']);
  });
});
