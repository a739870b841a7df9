/**
 * Pulling the change feed: our own changes coming back, changes held back while a create or update
 * is in doubt, references arriving as local ids, and the guard against mass deletions.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, remoteAll, signInDemo } from '../../../../test/support/core-with-sandbox';
import { deleteAllRemote, outboxRows, pairOf } from '../../../../test/support/sync-harness';
import { sandboxProfile } from '../platform/builtin-profiles';

const harness = harnesses();

describe('sync engine', () => {
  it('an update whose answer was lost is not taken for a change made elsewhere when pulled back', async () => {
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
    expect(await call(h, 'records.get', { group: 'posts', id: post.id })).toMatchObject({
      syncState: 'synced',
      fields: { text: 'mine, again' },
    });
  });

  it('asks before a pull that would delete 90% or more of the local records', async () => {
    const h = await harness();
    await signInDemo(h);
    for (let i = 0; i < 10; i++)
      await call(h, 'records.create', { group: 'mediaTemplates', fields: { name: `t${i}` } });
    await h.core.sync.run();
    await deleteAllRemote(h, '/v2/media-templates');
    await h.core.sync.run();
    const asked = (await call(h, 'sync.status', {})).groups.find((g) => g.group === 'mediaTemplates');
    expect(asked?.massDelete).toEqual({ wouldDelete: 10, localCount: 10 });
    expect((await call(h, 'records.list', { group: 'mediaTemplates' })).total).toBe(10);

    await call(h, 'sync.confirmMassDelete', { group: 'mediaTemplates', choice: 'keep' });
    await h.core.sync.run();
    await h.core.sync.run();
    expect(await remoteAll(h, '/v2/media-templates')).toHaveLength(10);
    expect((await call(h, 'records.list', { group: 'mediaTemplates' })).total).toBe(10);

    await deleteAllRemote(h, '/v2/media-templates');
    await h.core.sync.run();
    await call(h, 'sync.confirmMassDelete', { group: 'mediaTemplates', choice: 'allow' });
    await h.core.sync.run();
    expect((await call(h, 'records.list', { group: 'mediaTemplates' })).total).toBe(0);
  });
});

describe('two clients on one account', () => {
  const pair = () => pairOf(harness);

  it("an automation's template reference travels as the platform id, arriving as the other computer's id", async () => {
    const { a, b } = await pair();
    // Made together: the automation waits for its template's create, in the same drain.
    const template = await call(a, 'records.create', {
      group: 'mediaTemplates',
      fields: { name: 'Tea of the day', text: 'Try {{asset_name}}' },
    });
    const rule = {
      name: 'Post new teas',
      trigger: { type: 'asset_imported', tag: 'tea' },
      actions: [
        { type: 'add_tag', tag: 'posted' },
        { type: 'post_from_template', template_id: template.id, values: {}, channel: 'Instagram' },
      ],
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
    await call(b, 'records.update', {
      group: 'automations',
      id: ruleOnB?.id ?? '',
      fields: { name: 'Post new teas (B)' },
    });
    await b.core.sync.run();
    await a.core.sync.run();
    const [ruleOnA] = (await call(a, 'records.list', { group: 'automations' })).items;
    expect(ruleOnA?.fields).toMatchObject({
      name: 'Post new teas (B)',
      actions: [rule.actions[0], { ...rule.actions[1], template_id: template.id }],
    });
  });

  it('a create the platform keeps failing holds back only records new to us; other changes still arrive', async () => {
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
    const texts = async () =>
      (await call(b, 'records.list', { group: 'posts' })).items.map((p) => p.fields.text).sort();
    expect(await texts()).toEqual(['from B', 'known, changed by A']);

    a.sandbox.faults.clear();
    b.core.db.prepare('UPDATE outbox SET next_attempt_at = 0').run();
    await b.core.sync.run();
    expect(await texts()).toEqual(['from B', 'known, changed by A', 'new on the platform']);
    expect((await remoteAll(b, '/v2/posts')).map((p) => p.text).sort()).toEqual([
      'from B',
      'known, changed by A',
      'new on the platform',
    ]);
    expect(outboxRows(b)).toEqual([]);
  });

  it(
    'a change waiting for an endpoint the profile lacks is not in doubt: ' +
      "the platform's edits still arrive, as a conflict",
    async () => {
      const { a, b } = await pair();
      const noUpdate = {
        ...sandboxProfile,
        id: 'sandbox-no-update',
        name: 'No update',
        embeddedSandbox: false,
        baseUrl: b.sandbox.url,
        groups: { ...sandboxProfile.groups, posts: { ...(sandboxProfile.groups.posts as object), update: undefined } },
      };
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
      expect((await call(b, 'records.list', { group: 'posts' })).items.map((p) => p.fields.text).sort()).toEqual([
        'from B',
        'new from A',
      ]);
    },
  );

  it(
    'a create in doubt holds back deletions of records new to us too: ' +
      'deleted elsewhere meanwhile, it goes here as well',
    async () => {
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
    },
  );

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
    const twoPerPage = {
      ...sandboxProfile,
      id: 'sandbox-small-pages',
      name: 'Small pages',
      embeddedSandbox: false,
      baseUrl: b.sandbox.url,
      records: { ...sandboxProfile.records, pageSize: 2 },
    };
    await call(b, 'profile.import', { json: JSON.stringify(twoPerPage) });
    await call(b, 'profile.select', { id: 'sandbox-small-pages' });
    const posts = [];
    for (const text of ['p0', 'p1', 'p2'])
      posts.push(await call(a, 'records.create', { group: 'posts', fields: { text } }));
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
    const texts = async () =>
      (await call(b, 'records.list', { group: 'posts' })).items.map((r) => r.fields.text).sort();
    expect(await texts()).toEqual(['p0 by A', 'p1 by A', 'p2 by B']);
    // The next pull starts at the page that held it back, not at the beginning again.
    const heldPage = cursors[1];
    cursors.length = 0;
    await b.core.sync.run();
    expect(cursors[0]).toBe(heldPage);
    expect((await call(b, 'sync.status', {})).totals.conflicts).toBe(0);
  });
});
