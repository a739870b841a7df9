import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { migrationsDir } from '../db/migrations-dir';
import { adoptRecords, changeCountsSince, RecordStore, storedData } from './record-store';

function setup() {
  const { db } = openDatabase(':memory:', migrationsDir);
  let now = 1_000;
  const store = new RecordStore(db, () => now);
  return { db, store, tick: (ms: number) => (now += ms) };
}

describe('RecordStore: what sync writes on records', () => {
  it('an acknowledged create takes the platform id and version, and settles once no entry is left', () => {
    const { store } = setup();
    const row = store.create('posts', 'a1', { text: 'hi' });
    store.update('posts', 'a1', row.id, { text: 'again' });
    const [entry] = store.outbox.entries(row.id);
    store.outbox.markSent([entry?.seq ?? 0]);
    store.update('posts', 'a1', row.id, { text: 'later' });
    store.outbox.remove(entry?.seq ?? 0);
    store.acknowledged('posts', row.id, 'create', { remoteId: 'r-1', version: 1 });
    // The later update is still queued: the record is not in step yet.
    expect(store.get('posts', row.id)).toMatchObject({
      remote_id: 'r-1',
      remote_version: 1,
      sync_state: 'pending',
      base: null,
    });
    for (const e of store.outbox.entries(row.id)) store.outbox.remove(e.seq);
    store.acknowledged('posts', row.id, 'update', { remoteId: 'r-1', version: 2 });
    expect(store.get('posts', row.id)).toMatchObject({
      remote_version: 2,
      sync_state: 'synced',
      base: JSON.stringify({ text: 'later' }),
    });
    expect(store.view('posts', row.id)).toMatchObject({ pending: 0, failed: null, syncState: 'synced' });
  });

  it('sets columns, inserts pulled records, counts and lists conflicts, and erases', () => {
    const { store } = setup();
    store.insertSynced('posts', 'a1', 'r-9', 4, JSON.stringify({ text: 'from the platform' }));
    const known = store.knownVersion('posts', 'a1', 'r-9');
    expect(known).toMatchObject({ remote_version: 4 });
    expect(store.countKnownRemotely('posts', 'a1')).toBe(1);
    store.setColumns('posts', known?.id ?? '', {
      sync_state: 'conflict',
      conflict: JSON.stringify({ fields: {}, deleted: true, version: 5 }),
    });
    store.setColumns('posts', known?.id ?? '', {});
    expect(store.countConflicts('posts', 'a1')).toBe(1);
    expect(store.conflicts('posts', 'a1').map((r) => r.remote_id)).toEqual(['r-9']);
    expect(store.countConflicts('posts', 'a2')).toBe(0);
    store.erase('posts', known?.id ?? '');
    expect(store.get('posts', known?.id ?? '')).toBeUndefined();
  });

  it('a view carries the outbox count and the message of a change set aside', () => {
    const { store } = setup();
    const row = store.create('assets', 'a1', { name: 'cover.png' });
    const [entry] = store.outbox.entries(row.id);
    store.outbox.recordAttempt(entry?.seq ?? 0, 'failed', 'Name taken.', 0, true);
    expect(store.view('assets', row.id)).toMatchObject({ pending: 1, failed: 'Name taken.' });
    expect(store.list('assets', 'a1', { offset: 0, limit: 10, includeDeleted: false })).toMatchObject({
      total: 1,
      items: [{ pending: 1, failed: 'Name taken.' }],
    });
  });

  it('reads change counts and stored fields of a database file, and adopts local records with their entries', () => {
    const { db, store, tick } = setup();
    const old = store.create('posts', 'local', { text: 'old' });
    tick(10_000);
    const fresh = store.create('posts', 'local', { text: 'new' });
    store.update('posts', 'local', old.id, { text: 'changed' });
    expect(changeCountsSince(db, 'posts', 5_000)).toEqual({ created: 1, changed: 1, deleted: 0 });
    expect(changeCountsSince(db, 'assets', 0)).toEqual({ created: 0, changed: 0, deleted: 0 });
    expect(storedData(db, 'posts', fresh.id)).toBe(JSON.stringify({ text: 'new' }));
    expect(storedData(db, 'posts', 'missing')).toBeNull();
    adoptRecords(db, store.outbox, 'local', 'a1');
    expect(store.get('posts', fresh.id)?.account_id).toBe('a1');
    expect(store.outbox.entries(fresh.id).map((e) => e.account_id)).toEqual(['a1']);
  });
});
