/**
 * Changes the platform refuses or fails: set aside with its message, discarded, backed off and
 * retried, and answers lost after the platform committed them.
 */
import { describe, expect, it } from 'vitest';
import { call, remoteAll, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { outboxRows, syncHarnesses } from '../../../../test/support/sync-harness';

const { harness, signedIn } = syncHarnesses();

describe('sync engine', () => {
  it('a refused change is set aside after one try with the server message; others sync; retry resends it', async () => {
    const h = await signedIn();
    const good = await call(h, 'records.create', { group: 'posts', fields: { text: 'good' } });
    await h.core.sync.run();
    await call(h, 'records.create', { group: 'posts', fields: { text: 'bad' } });
    await call(h, 'records.update', { group: 'posts', id: good.id, fields: { text: 'good 2' } });
    h.sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'error', status: 422, count: 1 });
    await h.core.sync.run();
    const failed = await call(h, 'sync.failed', {});
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ label: 'bad', op: 'create', attempts: 1 });
    // The platform's own words, not a generic line.
    expect(failed[0]?.message).toContain('injected fault: HTTP 422');
    expect(h.sandbox.stats.byRoute['POST /v2/posts']).toBeGreaterThanOrEqual(1);
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text)).toEqual(['good 2']);
    const status = await call(h, 'sync.status', {});
    expect(status.groups.find((g) => g.group === 'posts')).toMatchObject({ failed: 1, pending: 0 });
    // One attempt only: another cycle leaves it alone.
    await h.core.sync.run();
    expect((await call(h, 'sync.failed', {}))[0]?.attempts).toBe(1);

    await call(h, 'sync.retry', { seq: failed[0]?.seq ?? 0 });
    await h.core.sync.run();
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text).sort()).toEqual(['bad', 'good 2']);
    expect(await call(h, 'sync.failed', {})).toEqual([]);
  });

  it('discarding a refused change returns the record to the platform version', async () => {
    const h = await signedIn();
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'v1' } });
    await h.core.sync.run();
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'v2' } });
    h.sandbox.faults.set({ path: '/v2/posts/*', method: 'PATCH', kind: 'error', status: 400, count: 1 });
    await h.core.sync.run();
    const [failed] = await call(h, 'sync.failed', {});
    const changed: unknown[] = [];
    h.core.events.subscribe((event, payload) => {
      if (event === 'records.changed') changed.push(payload);
    });
    await call(h, 'sync.discard', { seq: failed?.seq ?? 0 });
    expect(await call(h, 'records.get', { group: 'posts', id: post.id })).toMatchObject({
      fields: { text: 'v1' },
      syncState: 'synced',
      pending: 0,
    });
    // Screens showing the post hear of it.
    expect(changed).toContainEqual({ group: 'posts', ids: [post.id] });
  });

  it('backs off on 5xx without dropping the change, then sends it', async () => {
    let offset = 0;
    const h = await signedIn({ clock: { now: () => Date.now() + offset } });
    await call(h, 'records.create', { group: 'creatives', fields: { name: 'hero' } });
    h.sandbox.faults.set({ path: '/v2/creatives', method: 'POST', kind: 'error', status: 503, count: 50 });
    await h.core.sync.run();
    const [row] = outboxRows(h);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row?.last_error).toBeTruthy();
    h.sandbox.faults.clear();
    await h.core.sync.run(); // not due yet: nothing sent
    expect(outboxRows(h)).toHaveLength(1);
    offset += 10 * 60 * 1000;
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    expect(await remoteAll(h, '/v2/creatives')).toHaveLength(1);
  });

  it('100 creates with answers lost after the sandbox committed them: no duplicates, all acknowledged', async () => {
    // Each create's first answer is lost after the sandbox committed it (one request at a time, so
    // the fault hits exactly that request).
    let sandbox: Harness['sandbox'] | null = null;
    const h = await harness({
      sync: { concurrency: 1 },
      faultPoint: (name) => {
        if (name === 'sync.before-send')
          sandbox?.faults.set({ path: '/v2/assets', method: 'POST', kind: 'drop', count: 1 });
      },
    });
    sandbox = h.sandbox;
    await signInDemo(h);
    for (let i = 0; i < 100; i++) await call(h, 'records.create', { group: 'assets', fields: { name: `a${i}` } });
    await h.core.sync.run();
    sandbox = null;
    const remote = await remoteAll(h, '/v2/assets');
    expect(remote).toHaveLength(100);
    expect(new Set(remote.map((r) => r.name)).size).toBe(100);
    expect(outboxRows(h)).toEqual([]);
    const local = await call(h, 'records.list', { group: 'assets', limit: 1000 });
    expect(new Set(local.items.map((r) => r.remoteId))).toEqual(new Set(remote.map((r) => r.id)));
    expect(h.sandbox.stats.idempotentReplays).toBeGreaterThanOrEqual(100);
  });
});
