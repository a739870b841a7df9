/**
 * How acknowledgements are stored: without waiting for the disk, with the next batch, and never
 * lost or duplicated when storing them fails.
 */
import { describe, expect, it, vi } from 'vitest';
import { call, harnesses, remoteAll, signInDemo } from '../../../../test/support/core-with-sandbox';
import { outboxRows } from '../../../../test/support/sync-harness';
import type { OutboxEntry } from '../store/outbox';
import { SyncWriter } from './writer';

const harness = harnesses();

/** Two posts queued for sending, with a writer over the store and their outbox entries in order. */
async function twoQueuedPosts() {
  const h = await harness();
  const a = await call(h, 'records.create', { group: 'posts', fields: { text: 'a' } });
  const b = await call(h, 'records.create', { group: 'posts', fields: { text: 'b' } });
  const { db, store } = h.core;
  const writer = new SyncWriter(store, () => Date.now());
  const entries = db.prepare('SELECT * FROM outbox ORDER BY seq').all() as OutboxEntry[];
  return { h, a, b, db, store, writer, entries };
}

/** Checks a post's platform id and sync state. */
async function expectPost(
  h: Awaited<ReturnType<typeof harness>>,
  id: string,
  remoteId: string | null,
  syncState: string,
) {
  expect(await call(h, 'records.get', { group: 'posts', id })).toMatchObject({ remoteId, syncState });
}

describe('sync engine', () => {
  it('defers checkpoints while draining and turns them back on after, unless they were already off', async () => {
    const { db, writer } = await twoQueuedPosts();
    const limit = () => db.pragma('wal_autocheckpoint', { simple: true });
    const before = limit();
    expect(before).toBeGreaterThan(0);
    const restore = writer.deferCheckpoints();
    expect(limit()).toBe(0);
    restore();
    expect(limit()).toBe(before);
    db.pragma('wal_autocheckpoint = 0'); // a background check of the file is running
    const untouched = writer.deferCheckpoints();
    db.pragma(`wal_autocheckpoint = ${before}`); // the check passed meanwhile
    untouched();
    expect(limit()).toBe(before);
  });

  it('acknowledgements commit without waiting for the disk, all or none; every other commit still waits', async () => {
    const { h, a, b, db, store, writer, entries } = await twoQueuedPosts();
    const synchronous = () => db.pragma('synchronous', { simple: true });
    const FULL = 2;
    const NORMAL = 1;
    expect(synchronous()).toBe(FULL);
    const during: unknown[] = [];
    // Acknowledged entries leave the outbox in one statement per batch: noted once per entry.
    const removeMany = store.outbox.removeMany.bind(store.outbox);
    vi.spyOn(store.outbox, 'removeMany').mockImplementation((seqs) => {
      for (const _ of seqs) during.push(synchronous());
      removeMany(seqs);
    });
    const answer = (remoteId: string) => ({ remoteId, version: 1, deleted: false, fields: {} });

    // Bad answers (two creates given one platform id) fail the whole batch: nothing of it is kept.
    expect(() => writer.ackMany(entries.map((entry) => ({ entry, remote: answer('r-same') })))).toThrow(/UNIQUE/);
    expect(synchronous()).toBe(FULL);
    expect(outboxRows(h)).toHaveLength(2);
    await expectPost(h, a.id, null, 'pending');

    during.length = 0;
    writer.ackMany(entries.map((entry, i) => ({ entry, remote: answer(`r-${i}`) })));
    expect(during).toEqual([NORMAL, NORMAL]);
    expect(synchronous()).toBe(FULL);
    expect(outboxRows(h)).toEqual([]);
    await expectPost(h, a.id, 'r-0', 'synced');
    await expectPost(h, b.id, 'r-1', 'synced');
  });

  it(
    'acknowledgements stored with the next batch commit as durably as the batch, ' +
      'and not at all when reading it fails',
    async () => {
      const { h, a, b, db, writer, entries } = await twoQueuedPosts();
      const FULL = 2;
      const [first, second] = entries;
      const answer = { remoteId: 'r-a', version: 1, deleted: false, fields: {} };

      // The batch read fails: the acknowledgement goes with it, the entry stays queued.
      expect(() =>
        writer.ackThen([{ entry: first!, remote: answer }], () => {
          throw new Error('read failed');
        }),
      ).toThrow('read failed');
      expect(outboxRows(h)).toHaveLength(2);
      await expectPost(h, a.id, null, 'pending');

      // Inside the transaction the acknowledgement is already applied (the read sees what follows it),
      // and the commit waits for the disk like any other.
      const seen = writer.ackThen([{ entry: first!, remote: answer }], () => ({
        synchronous: db.pragma('synchronous', { simple: true }),
        left: (db.prepare('SELECT seq FROM outbox').all() as { seq: number }[]).map((r) => r.seq),
      }));
      expect(seen).toEqual({ synchronous: FULL, left: [second!.seq] });
      await expectPost(h, a.id, 'r-a', 'synced');
      await expectPost(h, b.id, null, 'pending');
    },
  );

  it(
    'a full disk while storing acknowledgements stops the drain, loses and duplicates nothing, ' +
      'and the next cycle finishes',
    async () => {
      const h = await harness();
      await signInDemo(h);
      const count = 600; // more than two batches of the drain
      h.core.db.transaction(() => {
        for (let i = 0; i < count; i++) h.core.store.create('posts', h.core.workspace.account(), { text: `post ${i}` });
      })();
      const removeMany = h.core.store.outbox.removeMany.bind(h.core.store.outbox);
      let removes = 0;
      const full = vi.spyOn(h.core.store.outbox, 'removeMany').mockImplementation((seqs) => {
        // The disk fills up while the first acknowledgements are being stored (past the 100th entry).
        removes += seqs.length;
        if (removes > 100) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        removeMany(seqs);
      });
      await h.core.sync.run();
      const stopped = h.core.sync.status();
      expect(stopped.phase).toBe('idle');
      expect(stopped.message).toMatch(/unexpected error; it will try again/);
      // The failed transaction kept nothing of its own: every change is still queued or fully settled.
      const synced = (await call(h, 'records.list', { group: 'posts', limit: 1000 })).items.filter(
        (p) => p.syncState === 'synced',
      ).length;
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
      expect(
        (await call(h, 'records.list', { group: 'posts', limit: 1000 })).items.every((p) => p.syncState === 'synced'),
      ).toBe(true);
    },
  );
});
