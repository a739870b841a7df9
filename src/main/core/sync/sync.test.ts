/**
 * The outbox and sync engine against the sandbox over loopback: what is sent, in which order,
 * what is set aside, what becomes a conflict, and that nothing is ever lost or duplicated.
 */
import { describe, expect, it, vi } from 'vitest';
import { call, harnesses, remoteAll, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { sandboxProfile } from '../platform/builtin-profiles';
import type { OutboxEntry } from '../store/outbox';
import { SyncWriter } from './writer';

const harness = harnesses();

const outboxRows = (h: Harness) => h.core.db.prepare('SELECT * FROM outbox ORDER BY seq').all() as { op: string; state: string; grp: string; attempts: number; last_error: string | null }[];

describe('outbox', () => {
  it('writes each change with its entry and folds untried changes into one request', async () => {
    const h = await harness();
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'first' } });
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'second' } });
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { status: 'ready' } });
    expect(outboxRows(h)).toMatchObject([{ op: 'create', state: 'pending', attempts: 0 }]);
    expect(JSON.parse((h.core.db.prepare('SELECT payload FROM outbox').get() as { payload: string }).payload)).toEqual({ text: 'second', status: 'ready' });

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
    const bad = await h.core.dispatch('records.create', { group: 'posts', fields: { text: 'x', scheduled_at: 'tomorrow' } });
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

  it('acknowledgements commit without waiting for the disk, all or none; every other commit still waits', async () => {
    const h = await harness();
    const a = await call(h, 'records.create', { group: 'posts', fields: { text: 'a' } });
    const b = await call(h, 'records.create', { group: 'posts', fields: { text: 'b' } });
    const { db, store } = h.core;
    const synchronous = () => db.pragma('synchronous', { simple: true });
    const FULL = 2;
    const NORMAL = 1;
    expect(synchronous()).toBe(FULL);
    const during: unknown[] = [];
    const remove = store.outbox.remove.bind(store.outbox);
    vi.spyOn(store.outbox, 'remove').mockImplementation((seq) => {
      during.push(synchronous());
      remove(seq);
    });
    const writer = new SyncWriter(store, () => Date.now());
    const entries = db.prepare('SELECT * FROM outbox ORDER BY seq').all() as OutboxEntry[];
    const answer = (remoteId: string) => ({ remoteId, version: 1, deleted: false, fields: {} });

    // Bad answers (two creates given one platform id) fail the whole batch: nothing of it is kept.
    expect(() => writer.ackMany(entries.map((entry) => ({ entry, remote: answer('r-same') })))).toThrow(/UNIQUE/);
    expect(synchronous()).toBe(FULL);
    expect(outboxRows(h)).toHaveLength(2);
    expect(await call(h, 'records.get', { group: 'posts', id: a.id })).toMatchObject({ remoteId: null, syncState: 'pending' });

    during.length = 0;
    writer.ackMany(entries.map((entry, i) => ({ entry, remote: answer(`r-${i}`) })));
    expect(during).toEqual([NORMAL, NORMAL]);
    expect(synchronous()).toBe(FULL);
    expect(outboxRows(h)).toEqual([]);
    expect(await call(h, 'records.get', { group: 'posts', id: a.id })).toMatchObject({ remoteId: 'r-0', syncState: 'synced' });
    expect(await call(h, 'records.get', { group: 'posts', id: b.id })).toMatchObject({ remoteId: 'r-1', syncState: 'synced' });
  });

  it('acknowledgements stored with the next batch commit as durably as the batch, and not at all when reading it fails', async () => {
    const h = await harness();
    const a = await call(h, 'records.create', { group: 'posts', fields: { text: 'a' } });
    const b = await call(h, 'records.create', { group: 'posts', fields: { text: 'b' } });
    const { db, store } = h.core;
    const FULL = 2;
    const writer = new SyncWriter(store, () => Date.now());
    const [first, second] = db.prepare('SELECT * FROM outbox ORDER BY seq').all() as OutboxEntry[];
    const answer = { remoteId: 'r-a', version: 1, deleted: false, fields: {} };

    // The batch read fails: the acknowledgement goes with it, the entry stays queued.
    expect(() =>
      writer.ackThen([{ entry: first!, remote: answer }], () => {
        throw new Error('read failed');
      }),
    ).toThrow('read failed');
    expect(outboxRows(h)).toHaveLength(2);
    expect(await call(h, 'records.get', { group: 'posts', id: a.id })).toMatchObject({ remoteId: null, syncState: 'pending' });

    // Inside the transaction the acknowledgement is already applied (the read sees what follows it),
    // and the commit waits for the disk like any other.
    const seen = writer.ackThen([{ entry: first!, remote: answer }], () => ({
      synchronous: db.pragma('synchronous', { simple: true }),
      left: (db.prepare('SELECT seq FROM outbox').all() as { seq: number }[]).map((r) => r.seq),
    }));
    expect(seen).toEqual({ synchronous: FULL, left: [second!.seq] });
    expect(await call(h, 'records.get', { group: 'posts', id: a.id })).toMatchObject({ remoteId: 'r-a', syncState: 'synced' });
    expect(await call(h, 'records.get', { group: 'posts', id: b.id })).toMatchObject({ remoteId: null, syncState: 'pending' });
  });

  it('a full disk while storing acknowledgements stops the drain, loses and duplicates nothing, and the next cycle finishes', async () => {
    const h = await harness();
    await signInDemo(h);
    const count = 600; // more than two batches of the drain
    h.core.db.transaction(() => {
      for (let i = 0; i < count; i++) h.core.store.create('posts', h.core.workspace.account(), { text: `post ${i}` });
    })();
    const remove = h.core.store.outbox.remove.bind(h.core.store.outbox);
    let removes = 0;
    const full = vi.spyOn(h.core.store.outbox, 'remove').mockImplementation((seq) => {
      // The disk fills up while the first acknowledgements are being stored.
      if (++removes > 100) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      remove(seq);
    });
    await h.core.sync.run();
    const stopped = h.core.sync.status();
    expect(stopped.phase).toBe('idle');
    expect(stopped.message).toMatch(/unexpected error; it will try again/);
    // The failed transaction kept nothing of its own: every change is still queued or fully settled.
    const synced = (await call(h, 'records.list', { group: 'posts', limit: 1000 })).items.filter((p) => p.syncState === 'synced').length;
    expect(outboxRows(h).length).toBeGreaterThan(0);
    expect(outboxRows(h).length + synced).toBe(count);
    expect(h.sandbox.stats.byRoute['POST /v2/posts']).toBeLessThan(count); // the other workers stopped too
    expect(h.core.db.pragma('integrity_check', { simple: true })).toBe('ok');

    full.mockRestore();
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    // Requests whose acknowledgement was lost went again with their keys: the platform replayed them.
    expect(await remoteAll(h, '/v2/posts')).toHaveLength(count);
    expect(h.sandbox.stats.idempotentReplays).toBeGreaterThan(0);
    expect((await call(h, 'records.list', { group: 'posts', limit: 1000 })).items.every((p) => p.syncState === 'synced')).toBe(true);
  });

  it('every group syncs through its endpoints, the media queue through its batch "add items" endpoint', async () => {
    const h = await harness();
    await signInDemo(h);
    const asset = await call(h, 'records.create', { group: 'assets', fields: { name: 'a.png' } });
    const template = await call(h, 'records.create', { group: 'mediaTemplates', fields: { name: 'Launch', variables: ['product'], body: 'Meet {{product}}' } });
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'Meet Atelier', status: 'scheduled', scheduled_at: '2026-12-01T09:00:00Z', asset_ids: [asset.id] } });
    await call(h, 'records.create', { group: 'creatives', fields: { name: 'Banner', template_id: template.id, asset_ids: [asset.id] } });
    await call(h, 'records.create', { group: 'contentPlans', fields: { title: 'December', post_ids: [post.id] } });
    await call(h, 'records.create', { group: 'automations', fields: { name: 'Tag imports', enabled: true, trigger: { type: 'asset_imported', tag: 'raw' }, actions: [{ type: 'add_tag', tag: 'seen' }] } });
    await call(h, 'records.create', { group: 'mediaQueue', fields: { asset_id: asset.id, note: 'first' } });
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    const [remoteAsset] = await remoteAll(h, '/v2/assets');
    const [remoteTemplate] = await remoteAll(h, '/v2/media-templates');
    const [remotePost] = await remoteAll(h, '/v2/posts');
    expect(remotePost).toMatchObject({ asset_ids: [remoteAsset?.id], scheduled_at: '2026-12-01T09:00:00Z' });
    expect((await remoteAll(h, '/v2/creatives'))[0]).toMatchObject({ template_id: remoteTemplate?.id, asset_ids: [remoteAsset?.id] });
    expect((await remoteAll(h, '/v2/content-plans'))[0]).toMatchObject({ title: 'December', post_ids: [remotePost?.id] });
    expect((await remoteAll(h, '/v2/automations'))[0]).toMatchObject({ name: 'Tag imports', enabled: true });
    expect((await remoteAll(h, '/v2/media-queue'))[0]).toMatchObject({ asset_id: remoteAsset?.id, note: 'first' });

    // A second device pulls them all, with references pointing at its own local records.
    const b = await harness({ reuse: h.sandbox });
    await signInDemo(b);
    await b.core.sync.run();
    for (const group of ['assets', 'automations', 'contentPlans', 'creatives', 'mediaQueue', 'mediaTemplates', 'posts'] as const) {
      expect((await call(b, 'records.list', { group })).total, group).toBe(1);
    }
    const [bAsset] = (await call(b, 'records.list', { group: 'assets' })).items;
    const [bQueue] = (await call(b, 'records.list', { group: 'mediaQueue' })).items;
    expect(bQueue?.fields.asset_id).toBe(bAsset?.id);
    const usage = await call(b, 'library.get', { id: bAsset?.id ?? '' });
    expect(usage.usage.map((u) => u.group).sort()).toEqual(['creatives', 'mediaQueue', 'posts']);
  });

  it('sets a refused change aside after one attempt with the server message; the others sync; retry sends it again', async () => {
    const h = await harness();
    await signInDemo(h);
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
    const h = await harness();
    await signInDemo(h);
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
    expect(await call(h, 'records.get', { group: 'posts', id: post.id })).toMatchObject({ fields: { text: 'v1' }, syncState: 'synced', pending: 0 });
    // Screens showing the post hear of it.
    expect(changed).toContainEqual({ group: 'posts', ids: [post.id] });
  });

  it('backs off on 5xx without dropping the change, then sends it', async () => {
    let offset = 0;
    const h = await harness({ clock: { now: () => Date.now() + offset } });
    await signInDemo(h);
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

  it('an update whose answer was lost is not taken for a change made elsewhere when the pull brings it back', async () => {
    const h = await harness();
    await signInDemo(h);
    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'v1' } });
    await h.core.sync.run();
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'mine' } });
    // The platform commits the update but its answer is lost, and the retries meet 503s, so the
    // update waits for its next attempt without knowing it arrived. This cycle's pull fails too.
    const { remoteId } = await call(h, 'records.get', { group: 'posts', id: post.id });
    h.sandbox.faults.set([
      { path: `/v2/posts/${String(remoteId)}`, method: 'PATCH', kind: 'drop', count: 1 },
      { path: '/v2/posts/*', method: 'PATCH', kind: 'error', status: 503, count: 5 },
      { path: '/v2/posts', method: 'GET', kind: 'error', status: 500, count: 5 },
    ]);
    await h.core.sync.run();
    h.sandbox.faults.clear();
    expect(outboxRows(h)).toMatchObject([{ op: 'update', state: 'pending', attempts: 1 }]);
    expect((await remoteAll(h, '/v2/posts')).map((p) => [p.text, p.version])).toEqual([['mine', 2]]);
    // Edited again while that answer is out (its retry still backing off); the next pull carries
    // "mine" back, version 2.
    h.core.db.prepare('UPDATE outbox SET next_attempt_at = ?').run(Date.now() + 600_000);
    await call(h, 'records.update', { group: 'posts', id: post.id, fields: { text: 'mine, again' } });
    await h.core.sync.run();
    expect((await call(h, 'sync.status', {})).totals.conflicts).toBe(0);
    expect((await call(h, 'records.get', { group: 'posts', id: post.id })).fields.text).toBe('mine, again');
    // Once it is due, the first update's answer comes in (same key) and the second follows.
    h.core.db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    expect((await remoteAll(h, '/v2/posts')).map((p) => [p.text, p.version])).toEqual([['mine, again', 3]]);
    expect(await call(h, 'records.get', { group: 'posts', id: post.id })).toMatchObject({ syncState: 'synced', fields: { text: 'mine, again' } });
  });

  it('100 creates whose responses are lost after the sandbox committed them: no duplicates, all acknowledged', async () => {
    // Each create's first answer is lost after the sandbox committed it (one request at a time, so
    // the fault hits exactly that request).
    let sandbox: Harness['sandbox'] | null = null;
    const h = await harness({
      sync: { concurrency: 1 },
      faultPoint: (name) => {
        if (name === 'sync.before-send') sandbox?.faults.set({ path: '/v2/assets', method: 'POST', kind: 'drop', count: 1 });
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

  it('pauses on an ended session without dropping anything, and resumes after sign-in', async () => {
    const h = await harness();
    await signInDemo(h);
    await call(h, 'records.create', { group: 'posts', fields: { text: 'kept' } });
    h.sandbox.expireAccessTokens();
    h.sandbox.expireRefreshTokens();
    await h.core.sync.run();
    const status = await call(h, 'sync.status', {});
    expect(status.phase).toBe('paused_auth');
    expect(status.message).toMatch(/sign in again/i);
    expect(outboxRows(h)).toMatchObject([{ op: 'create', state: 'pending', attempts: 0 }]);
    await call(h, 'session.signIn', { username: h.sandbox.demo.username, password: h.sandbox.demo.password });
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text)).toEqual(['kept']);
  });

  it('an expired API key pauses sync and keeps everything; its replacement is the same account and sends it all', async () => {
    const h = await harness();
    await signInDemo(h);
    // Keys come from the sandbox's stand-in for the account's API Key section.
    const token = JSON.parse((await h.deps.secrets.get('session.tokens'))!).access as string;
    const newKey = async () =>
      (await (
        await fetch(`${h.sandbox.url}/account/api-keys`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
        })
      ).json()) as { key: string; expires_at: string };
    const first = await newKey();
    const account = (await call(h, 'apiKey.set', { key: first.key, expiresAt: first.expires_at })).accountId;
    await call(h, 'records.create', { group: 'posts', fields: { text: 'sent with the first key' } });
    await h.core.sync.run();
    await call(h, 'records.create', { group: 'posts', fields: { text: 'queued while the key is dead' } });

    h.sandbox.expireApiKeys();
    await h.core.sync.run();
    const paused = await call(h, 'sync.status', {});
    expect(paused.phase).toBe('paused_auth');
    expect(outboxRows(h)).toMatchObject([{ op: 'create', state: 'pending' }]);

    // "Replace key": the new key is the same account's, so its screens and queued work stay.
    const second = await newKey();
    const renewed = await call(h, 'apiKey.set', { key: second.key, expiresAt: second.expires_at });
    expect(renewed).toMatchObject({ state: 'active', accountId: account });
    expect((await call(h, 'records.list', { group: 'posts' })).total).toBe(2);
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text).sort()).toEqual(['queued while the key is dead', 'sent with the first key']);

    // A key added after removing the old one may be anyone's: it starts an account of its own.
    await call(h, 'apiKey.remove', {});
    const other = await call(h, 'apiKey.set', { key: second.key, expiresAt: second.expires_at });
    expect(other.accountId).not.toBe(account);
    expect((await call(h, 'records.list', { group: 'posts' })).total).toBe(0);
  });

  it('pausing while a drain runs lets what is on its way finish, sends nothing more, and stays paused until resumed', async () => {
    // The user pauses as the 6th create leaves; at most the 5 others already out may follow it.
    let posts = 0;
    let h: Harness | null = null;
    h = await harness({
      observe: (method, url) => {
        if (method === 'POST' && url.pathname === '/v2/posts' && ++posts === 6) void h?.core.dispatch('sync.setPaused', { paused: true });
      },
    });
    await signInDemo(h);
    for (let i = 0; i < 60; i++) await call(h, 'records.create', { group: 'posts', fields: { text: `p${i}` } });
    h.sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'latency', latencyMs: 20 });
    const statuses: string[] = [];
    h.core.events.subscribe((event, payload) => {
      if (event === 'sync.changed') statuses.push((payload as { phase: string }).phase);
    });
    await h.core.sync.run();
    const sent = h.sandbox.stats.byRoute['POST /v2/posts'] ?? 0;
    expect(sent).toBeGreaterThanOrEqual(6);
    expect(sent).toBeLessThanOrEqual(11);
    expect((await call(h, 'sync.status', {})).phase).toBe('paused_user');
    expect(statuses.at(-1)).toBe('paused_user');
    expect((await remoteAll(h, '/v2/posts')).length).toBe(sent);
    // Another cycle (a timer, an edit) sends nothing while paused.
    await h.core.sync.run();
    expect(h.sandbox.stats.byRoute['POST /v2/posts']).toBe(sent);

    h.sandbox.faults.clear();
    await call(h, 'sync.setPaused', { paused: false });
    await h.core.sync.run();
    expect((await remoteAll(h, '/v2/posts')).length).toBe(60);
    expect(outboxRows(h)).toEqual([]);
  });

  it('a drain that stops early opens again the entries it read but never sent: later edits fold into them', async () => {
    let sends = 0;
    let sandbox: Harness['sandbox'] | null = null;
    const h = await harness({
      sync: { concurrency: 2 },
      faultPoint: (name) => {
        // The session ends for good after the tenth request has left.
        if (name === 'sync.before-send' && ++sends === 10) {
          sandbox?.expireAccessTokens();
          sandbox?.expireRefreshTokens();
        }
      },
    });
    sandbox = h.sandbox;
    await signInDemo(h);
    const account = h.core.workspace.account();
    const ids = h.core.db.transaction(() => Array.from({ length: 300 }, (_, i) => h.core.store.create('posts', account, { text: `post ${i}` }).id))();
    await h.core.sync.run();
    expect(h.core.sync.status().phase).toBe('paused_auth');
    const frozen = (h.core.db.prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NOT NULL').get() as { n: number }).n;
    expect(frozen).toBeGreaterThan(0); // the requests in flight when it stopped stay frozen: they may have arrived
    expect(frozen).toBeLessThanOrEqual(sends);
    expect(outboxRows(h).length).toBeGreaterThan(250);

    // The last post was read with the first batch but never sent: the edit folds into its create.
    const last = ids[ids.length - 1] as string;
    await call(h, 'records.update', { group: 'posts', id: last, fields: { text: 'edited before it ever left' } });
    expect(h.core.store.outbox.entries(last)).toMatchObject([{ op: 'create', sent_at: null }]);

    sandbox = null;
    await call(h, 'session.signIn', { username: h.sandbox.demo.username, password: h.sandbox.demo.password });
    await h.core.sync.run();
    expect(outboxRows(h)).toEqual([]);
    const remote = await remoteAll(h, '/v2/posts');
    expect(remote).toHaveLength(300);
    // Created once, already edited: one request, not a create and then an update.
    expect(remote.filter((p) => p.text === 'edited before it ever left')).toMatchObject([{ version: 1 }]);
  });

  it("never sends one account's changes under another account", async () => {
    const h = await harness();
    await h.sandbox.createAccount('other@atelier.local', 'other-password');
    await signInDemo(h);
    await call(h, 'records.create', { group: 'posts', fields: { text: 'made by demo' } });
    await call(h, 'session.signOut', {});
    await call(h, 'session.signIn', { username: 'other@atelier.local', password: 'other-password' });
    await h.core.sync.run();
    expect(await remoteAll(h, '/v2/posts')).toEqual([]);
    expect(h.sandbox.stats.byRoute['POST /v2/posts'] ?? 0).toBe(0);
    // The other account's screens do not show it; its change still waits.
    expect((await call(h, 'records.list', { group: 'posts' })).total).toBe(0);
    expect(outboxRows(h)).toHaveLength(1);

    await call(h, 'session.signOut', {});
    await call(h, 'session.signIn', { username: h.sandbox.demo.username, password: h.sandbox.demo.password });
    await h.core.sync.run();
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text)).toEqual(['made by demo']);
  });

  it('keeps changes of unspecified groups waiting; a profile that names the endpoints sends them with nothing else to do', async () => {
    const h = await harness({ sync: { autoStart: true } });
    await signInDemo(h);
    const posts = async () => (await remoteAll(h, '/v2/posts')).map((p) => p.text).sort();
    const partial = { ...sandboxProfile, id: 'sandbox-partial', name: 'Partial', embeddedSandbox: false, baseUrl: h.sandbox.url, groups: { ...sandboxProfile.groups, posts: 'unspecified' } };
    await call(h, 'profile.import', { json: JSON.stringify(partial) });
    // Another profile for the same platform: the session carries over, no new sign-in.
    expect(await call(h, 'profile.select', { id: 'sandbox-partial' })).toMatchObject({ ready: true, profile: { groups: { posts: 'unspecified' } } });
    await call(h, 'records.create', { group: 'posts', fields: { text: 'waits' } });
    await call(h, 'records.create', { group: 'creatives', fields: { name: 'goes' } });
    await vi.waitFor(async () => expect(await remoteAll(h, '/v2/creatives')).toHaveLength(1), { timeout: 5000 });
    const status = await call(h, 'sync.status', {});
    expect(status.groups.find((g) => g.group === 'posts')).toMatchObject({ endpoints: 'unspecified', pending: 1 });
    expect(await posts()).toEqual([]);

    // Choosing a profile that names them sends them.
    await call(h, 'profile.import', { json: JSON.stringify({ ...partial, id: 'sandbox-full', name: 'Full', groups: sandboxProfile.groups }) });
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
  });

  it('says which groups wait for the specification before any sync ran, signed in or not', async () => {
    const h = await harness();
    await call(h, 'profile.import', { json: JSON.stringify({ ...sandboxProfile, id: 'sandbox-partial', name: 'Partial', embeddedSandbox: false, baseUrl: h.sandbox.url, groups: { ...sandboxProfile.groups, posts: 'unspecified' } }) });
    await call(h, 'profile.select', { id: 'sandbox-partial' });
    const endpoints = async () => Object.fromEntries((await call(h, 'sync.status', {})).groups.map((g) => [g.group, g.endpoints]));
    expect(await endpoints()).toMatchObject({ posts: 'unspecified', creatives: 'specified', assets: 'specified' });
    await call(h, 'profile.select', { id: 'sandbox' });
    expect(await endpoints()).toMatchObject({ posts: 'specified' });
  });

  it('asks before a pull that would delete 90% or more of the local records', async () => {
    const h = await harness();
    await signInDemo(h);
    for (let i = 0; i < 10; i++) await call(h, 'records.create', { group: 'mediaTemplates', fields: { name: `t${i}` } });
    await h.core.sync.run();
    for (const r of await remoteAll(h, '/v2/media-templates')) {
      await h.core.session.request({ method: 'DELETE', url: `${h.sandbox.url}/v2/media-templates/${String(r.id)}` });
    }
    await h.core.sync.run();
    const asked = (await call(h, 'sync.status', {})).groups.find((g) => g.group === 'mediaTemplates');
    expect(asked?.massDelete).toEqual({ wouldDelete: 10, localCount: 10 });
    expect((await call(h, 'records.list', { group: 'mediaTemplates' })).total).toBe(10);

    await call(h, 'sync.confirmMassDelete', { group: 'mediaTemplates', choice: 'keep' });
    await h.core.sync.run();
    await h.core.sync.run();
    expect(await remoteAll(h, '/v2/media-templates')).toHaveLength(10);
    expect((await call(h, 'records.list', { group: 'mediaTemplates' })).total).toBe(10);

    for (const r of await remoteAll(h, '/v2/media-templates')) {
      await h.core.session.request({ method: 'DELETE', url: `${h.sandbox.url}/v2/media-templates/${String(r.id)}` });
    }
    await h.core.sync.run();
    await call(h, 'sync.confirmMassDelete', { group: 'mediaTemplates', choice: 'allow' });
    await h.core.sync.run();
    expect((await call(h, 'records.list', { group: 'mediaTemplates' })).total).toBe(0);
  });
});

describe('two clients on one account', () => {
  async function pair() {
    const a = await harness();
    const b = await harness({ reuse: a.sandbox });
    await signInDemo(a);
    await signInDemo(b);
    return { a, b };
  }

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
    expect((await call(b, 'records.get', { group: 'posts', id: onB?.id ?? '' })).fields).toEqual({ text: 'from A', status: 'draft' });

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
    const badMerge = await b.core.dispatch('sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'merged', fields: { text: 5 } });
    expect(badMerge).toMatchObject({ ok: false, error: { code: 'validation' } });
    await call(b, 'sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'merged', fields: { text: 'A3 + B3', status: 'draft' } });
    await b.core.sync.run();
    await a.core.sync.run();
    expect((await call(a, 'records.get', { group: 'posts', id: post.id })).fields.text).toBe('A3 + B3');
  });

  it("an automation's template reference travels as the platform id and arrives as the other computer's own id", async () => {
    const { a, b } = await pair();
    // Made together: the automation waits for its template's create, in the same drain.
    const template = await call(a, 'records.create', { group: 'mediaTemplates', fields: { name: 'Tea of the day', text: 'Try {{asset_name}}' } });
    const rule = {
      name: 'Post new teas',
      trigger: { type: 'asset_imported', tag: 'tea' },
      actions: [{ type: 'add_tag', tag: 'posted' }, { type: 'post_from_template', template_id: template.id, values: {}, channel: 'Instagram' }],
    };
    await call(a, 'records.create', { group: 'automations', fields: rule });
    await a.core.sync.run();
    expect(outboxRows(a)).toEqual([]);

    const [remoteTemplate] = await remoteAll(a, '/v2/media-templates');
    const [remoteRule] = await remoteAll(a, '/v2/automations');
    expect(remoteRule?.actions).toEqual([rule.actions[0], { ...rule.actions[1], template_id: remoteTemplate?.id }]);

    await b.core.sync.run();
    const [templateOnB] = (await call(b, 'records.list', { group: 'mediaTemplates' })).items;
    const [ruleOnB] = (await call(b, 'records.list', { group: 'automations' })).items;
    expect(templateOnB?.id).not.toBe(template.id);
    expect(ruleOnB?.fields.actions).toEqual([rule.actions[0], { ...rule.actions[1], template_id: templateOnB?.id }]);

    // An edit made on B goes back up with the platform id again, and A keeps its own id.
    await call(b, 'records.update', { group: 'automations', id: ruleOnB?.id ?? '', fields: { name: 'Post new teas (B)' } });
    await b.core.sync.run();
    await a.core.sync.run();
    const [ruleOnA] = (await call(a, 'records.list', { group: 'automations' })).items;
    expect(ruleOnA?.fields).toMatchObject({ name: 'Post new teas (B)', actions: [rule.actions[0], { ...rule.actions[1], template_id: template.id }] });
  });

  it('a create the platform keeps failing holds back only records new to us: changes to the others still arrive', async () => {
    const { a, b } = await pair();
    const known = await call(a, 'records.create', { group: 'posts', fields: { text: 'known' } });
    await a.core.sync.run();
    await b.core.sync.run();
    await call(a, 'records.create', { group: 'posts', fields: { text: 'new on the platform' } });
    await call(a, 'records.update', { group: 'posts', id: known.id, fields: { text: 'known, changed by A' } });
    await a.core.sync.run();

    // B's create is sent and fails with 5xx: it may have arrived, so a stranger could be it.
    a.sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'error', status: 503 });
    await call(b, 'records.create', { group: 'posts', fields: { text: 'from B' } });
    await b.core.sync.run();
    expect(outboxRows(b)).toMatchObject([{ op: 'create', state: 'pending' }]);
    const texts = async () => (await call(b, 'records.list', { group: 'posts' })).items.map((p) => p.fields.text).sort();
    expect(await texts()).toEqual(['from B', 'known, changed by A']);

    a.sandbox.faults.clear();
    b.core.db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    await b.core.sync.run();
    expect(await texts()).toEqual(['from B', 'known, changed by A', 'new on the platform']);
    expect((await remoteAll(b, '/v2/posts')).map((p) => p.text).sort()).toEqual(['from B', 'known, changed by A', 'new on the platform']);
    expect(outboxRows(b)).toEqual([]);
  });

  it('a change waiting for an endpoint the profile lacks is not in doubt: the platform\'s edits still arrive, as a conflict', async () => {
    const { a, b } = await pair();
    const noUpdate = { ...sandboxProfile, id: 'sandbox-no-update', name: 'No update', embeddedSandbox: false, baseUrl: b.sandbox.url, groups: { ...sandboxProfile.groups, posts: { ...(sandboxProfile.groups.posts as object), update: undefined } } };
    await call(b, 'profile.import', { json: JSON.stringify(noUpdate) });
    await call(b, 'profile.select', { id: 'sandbox-no-update' });
    const post = await call(a, 'records.create', { group: 'posts', fields: { text: 'original' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [onB] = (await call(b, 'records.list', { group: 'posts' })).items;
    // B's edit has no endpoint to go to: it waits, never sent.
    await call(b, 'records.update', { group: 'posts', id: onB?.id ?? '', fields: { text: 'from B' } });
    await b.core.sync.run();
    expect(outboxRows(b)).toMatchObject([{ op: 'update', state: 'pending', attempts: 0 }]);
    await call(a, 'records.update', { group: 'posts', id: post.id, fields: { text: 'from A' } });
    await call(a, 'records.create', { group: 'posts', fields: { text: 'new from A' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [conflict] = await call(b, 'sync.conflicts', {});
    expect(conflict).toMatchObject({ local: { fields: { text: 'from B' } }, remote: { fields: { text: 'from A' } } });
    expect((await call(b, 'records.list', { group: 'posts' })).items.map((p) => p.fields.text).sort()).toEqual(['from B', 'new from A']);
  });

  it('a create in doubt holds back deletions of records new to us too: deleted elsewhere meanwhile, it goes here as well', async () => {
    const { a, b } = await pair();
    await b.core.sync.run(); // B has pulled before: from here on the feed carries deletions too
    // B's create is committed but its answer lost, and its retries meet 503s: in doubt.
    b.sandbox.faults.set([
      { path: '/v2/posts', method: 'POST', kind: 'drop', count: 1 },
      { path: '/v2/posts', match: 'prefix', method: 'POST', kind: 'error', status: 503, count: 5 },
    ]);
    const mine = await call(b, 'records.create', { group: 'posts', fields: { text: 'from B' } });
    await b.core.sync.run();
    b.sandbox.faults.clear();
    expect(outboxRows(b)).toMatchObject([{ op: 'create', state: 'pending', attempts: 1 }]);
    // A sees it and deletes it before B hears back.
    await a.core.sync.run();
    const [onA] = (await call(a, 'records.list', { group: 'posts' })).items;
    expect(onA?.fields.text).toBe('from B');
    await call(a, 'records.delete', { group: 'posts', id: onA?.id ?? '' });
    await a.core.sync.run();
    expect(await remoteAll(a, '/v2/posts')).toEqual([]);
    // B pulls while in doubt (the deletion waits), then hears back (same key: the same record) and
    // pulls the deletion again.
    b.core.db.prepare('UPDATE outbox SET next_attempt_at = ?').run(Date.now() + 600_000);
    await b.core.sync.run();
    expect((await call(b, 'records.list', { group: 'posts' })).total).toBe(1);
    b.core.db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    await b.core.sync.run();
    expect(outboxRows(b)).toEqual([]);
    expect((await call(b, 'records.list', { group: 'posts' })).total).toBe(0);
    expect((await b.core.dispatch('records.get', { group: 'posts', id: mine.id })).ok).toBe(false);
  });

  it('a held-back change leaves only the feed from its own page to be read again', async () => {
    const a = await harness();
    const cursors: string[] = [];
    const b = await harness({
      reuse: a.sandbox,
      observe: (method, url) => {
        if (method === 'GET' && url.pathname === '/v2/posts') cursors.push(url.searchParams.get('since') ?? '(start)');
      },
    });
    await signInDemo(a);
    await signInDemo(b);
    const twoPerPage = { ...sandboxProfile, id: 'sandbox-small-pages', name: 'Small pages', embeddedSandbox: false, baseUrl: b.sandbox.url, records: { ...sandboxProfile.records, pageSize: 2 } };
    await call(b, 'profile.import', { json: JSON.stringify(twoPerPage) });
    await call(b, 'profile.select', { id: 'sandbox-small-pages' });
    const posts = [];
    for (const text of ['p0', 'p1', 'p2']) posts.push(await call(a, 'records.create', { group: 'posts', fields: { text } }));
    await a.core.sync.run();
    await b.core.sync.run();
    await call(a, 'records.update', { group: 'posts', id: posts[0]!.id, fields: { text: 'p0 by A' } });
    await call(a, 'records.update', { group: 'posts', id: posts[1]!.id, fields: { text: 'p1 by A' } });
    await a.core.sync.run();
    // B's edit of p2 arrives but its answer does not: the feed now reads [p0, p1], [p2 (ours)].
    const onB = new Map((await call(b, 'records.list', { group: 'posts' })).items.map((r) => [r.fields.text, r]));
    const p2 = onB.get('p2')!;
    b.sandbox.faults.set([
      { path: `/v2/posts/${String(p2.remoteId)}`, method: 'PATCH', kind: 'drop', count: 1 },
      { path: '/v2/posts', match: 'prefix', method: 'PATCH', kind: 'error', status: 503, count: 5 },
    ]);
    await call(b, 'records.update', { group: 'posts', id: p2.id, fields: { text: 'p2 by B' } });
    cursors.length = 0;
    await b.core.sync.run();
    b.sandbox.faults.clear();
    b.core.db.prepare('UPDATE outbox SET next_attempt_at = ?').run(Date.now() + 600_000);
    expect(cursors).toHaveLength(2);
    const texts = async () => (await call(b, 'records.list', { group: 'posts' })).items.map((r) => r.fields.text).sort();
    expect(await texts()).toEqual(['p0 by A', 'p1 by A', 'p2 by B']);
    // The next pull starts at the page that held it back, not at the beginning again.
    const heldPage = cursors[1];
    cursors.length = 0;
    await b.core.sync.run();
    expect(cursors[0]).toBe(heldPage);
    expect((await call(b, 'sync.status', {})).totals.conflicts).toBe(0);
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
    expect(conflict).toMatchObject({ local: { deleted: false, fields: { text: 'edited' } }, remote: { deleted: true } });
    await call(b, 'sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'local' });
    await b.core.sync.run();
    await a.core.sync.run();
    expect((await call(a, 'records.list', { group: 'posts' })).items.map((p) => p.fields.text)).toEqual(['edited']);
  });
});

describe('under random faults', () => {
  it('1,000 changes on 50 records: order kept per record, the rejected one set aside, the rest synced, counts true', { timeout: 120_000 }, async () => {
    // Every update as it leaves, per platform id: the edit numbers it carries, in sending order.
    const sentOrder = new Map<string, number[]>();
    const h = await harness({
      observe: (method, url, body) => {
        const text = (body as { text?: unknown } | undefined)?.text;
        const edit = typeof text === 'string' ? /-u(\d+)$/.exec(text) : null;
        if (method !== 'PATCH' || !edit) return;
        const id = url.pathname.split('/').at(-1) as string;
        sentOrder.set(id, [...(sentOrder.get(id) ?? []), Number(edit[1])]);
      },
    });
    await signInDemo(h);
    const random = (() => {
      let a = 42;
      return () => {
        a = (a * 1103515245 + 12345) % 2147483648;
        return a / 2147483648;
      };
    })();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await call(h, 'records.create', { group: 'posts', fields: { text: `r${i}-created` } })).id);
    await h.core.sync.run();
    const victim = ids[7] as string;
    const victimRemote = (await call(h, 'records.get', { group: 'posts', id: victim })).remoteId;
    const faults = [
      { kind: 'error' as const, status: 503, count: 3 },
      { kind: 'drop' as const, count: 1 },
      { kind: 'latency' as const, latencyMs: 30, count: 5 },
      { kind: 'error' as const, status: 502, count: 2 },
    ];
    const cycles: Promise<void>[] = [];
    for (let i = 0; i < 1000; i++) {
      const n = Math.floor(random() * 50);
      await call(h, 'records.update', { group: 'posts', id: ids[n] as string, fields: { text: `r${n}-u${i}` } });
      if (i === 500) h.sandbox.faults.set({ path: `/v2/posts/${String(victimRemote)}`, method: 'PATCH', kind: 'error', status: 422, count: 1 });
      if (i % 20 === 0) {
        const f = faults[Math.floor(random() * faults.length)] as (typeof faults)[number];
        h.sandbox.faults.set({ path: '/v2/posts/*', method: 'PATCH', ...f });
        cycles.push(h.core.sync.run());
        // Let some of it go out while editing goes on, so records see several sends each.
        await new Promise((r) => setTimeout(r, 15));
      }
    }
    await Promise.all(cycles);
    h.sandbox.faults.clear();
    const deadline = Date.now() + 60_000;
    const settled = () => outboxRows(h).every((r) => r.state === 'failed' || r.state === 'conflict' || (r as unknown as { record_id: string }).record_id === victim);
    while (!settled() && Date.now() < deadline) {
      h.core.db.prepare("UPDATE outbox SET next_attempt_at = 0 WHERE state = 'pending'").run();
      await h.core.sync.run();
      if (!settled()) await new Promise((r) => setTimeout(r, 250));
    }
    const rows = h.core.db.prepare('SELECT record_id, state FROM outbox ORDER BY seq').all() as { record_id: string; state: string }[];
    // Only the victim's entries are left: its refused change and the ones queued behind it.
    expect(new Set(rows.map((r) => r.record_id))).toEqual(new Set([victim]));
    expect(rows[0]?.state).toBe('failed');
    expect(rows.filter((r) => r.state === 'failed')).toHaveLength(1);

    const remote = new Map((await remoteAll(h, '/v2/posts')).map((p) => [p.id, p.text]));
    expect(remote.size).toBe(50);
    for (const id of ids) {
      if (id === victim) continue;
      const local = await call(h, 'records.get', { group: 'posts', id });
      expect(remote.get(local.remoteId)).toBe(local.fields.text);
      expect(local.syncState).toBe('synced');
    }
    // Per record, what left went in the order it was made: retries repeat a value, folding skips
    // some, but nothing older ever follows something newer.
    expect(sentOrder.size).toBeGreaterThanOrEqual(45);
    for (const [id, edits] of sentOrder) {
      expect(edits, `record ${id}`).toEqual([...edits].sort((x, y) => x - y));
    }
    // Enough sends per record for the order to mean something (about 190 and 37 here).
    expect([...sentOrder.values()].reduce((n, e) => n + e.length, 0)).toBeGreaterThan(80);
    expect([...sentOrder.values()].filter((e) => new Set(e).size >= 3).length).toBeGreaterThanOrEqual(8);
    const status = await call(h, 'sync.status', {});
    const posts = status.groups.find((g) => g.group === 'posts');
    expect(posts?.failed).toBe(rows.filter((r) => r.state === 'failed').length);
    expect(posts?.pending).toBe(rows.filter((r) => r.state === 'pending').length);
    expect(status.totals).toEqual({ pending: posts?.pending, failed: 1, conflicts: 0 });
    const [failed] = await call(h, 'sync.failed', {});
    expect(failed?.recordId).toBe(victim);

    // Once the user retries, the victim catches up in order and everything agrees.
    await call(h, 'sync.retry', { seq: failed?.seq ?? 0 });
    await h.core.sync.run();
    const victimLocal = await call(h, 'records.get', { group: 'posts', id: victim });
    expect((await remoteAll(h, '/v2/posts')).find((p) => p.id === victimLocal.remoteId)?.text).toBe(victimLocal.fields.text);
    expect(outboxRows(h)).toEqual([]);
  });
});
