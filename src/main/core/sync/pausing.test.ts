/**
 * When sync pauses and what it keeps: an ended session, an expired API key, the user pausing
 * mid-drain, a drain stopped early, and another account signing in.
 */
import { describe, expect, it } from 'vitest';
import { apiKeyMaker, call, remoteAll, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import { outboxRows, syncHarnesses } from '../../../../test/support/sync-harness';

const { harness, signedIn } = syncHarnesses();

describe('sync engine', () => {
  it('pauses on an ended session without dropping anything, and resumes after sign-in', async () => {
    const h = await signedIn();
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

  it('an expired API key pauses sync, keeping everything; its replacement, same account, sends it all', async () => {
    const h = await signedIn();
    // Keys come from the sandbox's stand-in for the account's API Key section.
    const makeKey = await apiKeyMaker(h);
    const newKey = () => makeKey(30);
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
    expect((await remoteAll(h, '/v2/posts')).map((p) => p.text).sort()).toEqual([
      'queued while the key is dead',
      'sent with the first key',
    ]);

    // A key added after removing the old one may be anyone's: it starts an account of its own.
    await call(h, 'apiKey.remove', {});
    const other = await call(h, 'apiKey.set', { key: second.key, expiresAt: second.expires_at });
    expect(other.accountId).not.toBe(account);
    expect((await call(h, 'records.list', { group: 'posts' })).total).toBe(0);
  });

  it(
    'pausing while a drain runs lets what is on its way finish, sends nothing more, ' +
      'and stays paused until resumed',
    async () => {
      // The user pauses as the 6th create leaves; at most the 5 others already out may follow it.
      let posts = 0;
      let h: Harness | null = null;
      h = await harness({
        observe: (method, url) => {
          if (method === 'POST' && url.pathname === '/v2/posts' && ++posts === 6)
            void h?.core.dispatch('sync.setPaused', { paused: true });
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
    },
  );

  it('a drain stopping early opens again the entries it read but never sent: later edits fold into them', async () => {
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
    const ids = h.core.db.transaction(() =>
      Array.from({ length: 300 }, (_, i) => h.core.store.create('posts', account, { text: `post ${i}` }).id),
    )();
    await h.core.sync.run();
    expect(h.core.sync.status().phase).toBe('paused_auth');
    const frozen = (
      h.core.db.prepare('SELECT count(*) AS n FROM outbox WHERE sent_at IS NOT NULL').get() as { n: number }
    ).n;
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
});
