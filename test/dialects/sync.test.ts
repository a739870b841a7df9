// A group synced both ways against every dialect, with the dialect profile's paging, record
// naming and error fields: a change made here reaches the platform, a change made there (by
// another client) arrives here, and a refused change shows the platform's own words.
import { describe, expect, it } from 'vitest';
import { call } from '../support/core-with-sandbox';
import { DIALECT_NAMES, dialectHarnesses } from './dialect-harness';

const open = dialectHarnesses();

describe.each(DIALECT_NAMES)('posts synced both ways, %s dialect', (dialect) => {
  it('local changes go up, remote changes come down, deletions too', async () => {
    const h = await open(dialect);
    const local = await call(h, 'records.create', {
      group: 'posts',
      fields: { text: 'written here', status: 'draft' },
    });
    await h.core.sync.run();
    const remote = h.remote('posts');
    const [up] = (await remote.changes(null)).items;
    expect(up).toMatchObject({ deleted: false, fields: { text: 'written here', status: 'draft' } });
    expect(await call(h, 'records.get', { group: 'posts', id: local.id })).toMatchObject({
      remoteId: up!.remoteId,
      syncState: 'synced',
      pending: 0,
    });

    // Another client edits that post and writes one of its own.
    await remote.update(up!.remoteId, up!.version, { text: 'edited there' }, `edit-${dialect}`);
    const theirs = await remote.create({ text: 'written there', status: 'ready' }, `create-${dialect}`);
    await h.core.sync.run();
    const list = await call(h, 'records.list', { group: 'posts' });
    const texts = list.items.map((r) => r.fields.text).sort();
    expect(texts).toEqual(['edited there', 'written there']);

    // A deletion made there arrives as one here.
    await remote.remove(theirs.remoteId, theirs.version, `delete-${dialect}`);
    await h.core.sync.run();
    expect((await call(h, 'records.list', { group: 'posts' })).items.map((r) => r.fields.text)).toEqual([
      'edited there',
    ]);
    expect((await call(h, 'sync.status', {})).totals).toMatchObject({ pending: 0, failed: 0, conflicts: 0 });
  });

  it('a refused change is set aside with the platform’s words, read with the profile’s error fields', async () => {
    const h = await open(dialect);
    h.sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'error', status: 422, count: 1 });
    await call(h, 'records.create', { group: 'posts', fields: { text: 'refused' } });
    await h.core.sync.run();
    const [failed] = await call(h, 'sync.failed', {});
    expect(failed).toMatchObject({ group: 'posts', message: 'injected fault: HTTP 422' });
  });
});
