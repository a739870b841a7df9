/**
 * What the outbox holds as records change through the app, before anything is sent: one entry per
 * change, untried changes folded into one request, nothing for bad input.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, remoteAll, signInDemo } from '../../../../test/support/core-with-sandbox';
import { outboxRows } from '../../../../test/support/sync-harness';

const harness = harnesses();

describe('outbox', () => {
  it('writes each change with its entry and folds untried changes into one request', async () => {
    const h = await harness();
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'first' } });
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'second' } });
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { status: 'ready' } });
    expect(outboxRows(h)).toMatchObject([{ op: 'create', state: 'pending', attempts: 0 }]);
    expect(JSON.parse((h.core.db.prepare('SELECT payload FROM outbox').get() as { payload: string }).payload)).toEqual({
      text: 'second',
      status: 'ready',
    });

    await signInDemo(h);
    await h.core.sync.run();
    expect(h.sandbox.stats.byRoute['POST /v2/posts']).toBe(1);
    const [remote] = await remoteAll(h, '/v2/posts');
    expect(remote).toMatchObject({ text: 'second', status: 'ready', version: 1 });
    const local = await call(h, 'records.get', { group: 'posts', id: post.id });
    expect(local).toMatchObject({ remoteId: remote?.id, version: 1, syncState: 'synced', pending: 0 });
    expect(outboxRows(h)).toEqual([]);
  });

  it('sends nothing for a record deleted before its create was sent', async () => {
    const h = await harness();
    await signInDemo(h);
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'never mind' } });
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'really' } });
    await call(h, 'records.delete', { group: 'posts', id: post.id });
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    expect(h.sandbox.stats.byRoute['POST /v2/posts'] ?? 0).toBe(0);
    expect((await call(h, 'records.list', { group: 'posts', includeDeleted: true })).total).toBe(0);
  });

  it('refuses bad input from the renderer with the field at fault and writes nothing', async () => {
    const h = await harness();
    const bad = await h.core.dispatch('records.create', {
      group: 'posts',
      fields: { text: 'x', scheduled_at: 'tomorrow' },
    });
    expect(bad).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'scheduled_at' }] } });
    const reserved = await h.core.dispatch('records.create', { group: 'assets', fields: { name: 'a', version: 3 } });
    expect(reserved).toMatchObject({ ok: false, error: { code: 'validation', issues: [{ path: 'version' }] } });
    const unknownGroup = await h.core.dispatch('records.create', { group: 'stories' as 'posts', fields: {} });
    expect(unknownGroup).toMatchObject({ ok: false, error: { code: 'validation' } });
    const missing = await h.core.dispatch('records.update', { group: 'posts', id: 'nope', fields: { text: 'y' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(outboxRows(h)).toEqual([]);
  });
});
