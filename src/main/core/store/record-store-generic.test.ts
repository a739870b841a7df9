import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { countLiveRecords, liveRecordsSql, RecordStore } from './record-store';

// The generic reads and writes other domains use instead of SQL of their own.
describe('RecordStore generic helpers', () => {
  const setup = () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    let now = 1_000;
    return { db, store: new RecordStore(db, () => (now += 1)) };
  };

  it('finds live records whose reference field (one id or a list) holds an id, latest first', () => {
    const { store } = setup();
    const p1 = store.create('posts', 'acct', { text: 'one', asset_ids: ['a1', 'a2'] }).id;
    const p2 = store.create('posts', 'acct', { text: 'two', asset_ids: ['a1'] }).id;
    store.create('posts', 'other', { text: 'elsewhere', asset_ids: ['a1'] });
    const q = store.create('mediaQueue', 'acct', { asset_id: 'a1' }).id;
    expect(store.referencing('posts', 'acct', 'asset_ids', 'a1').map((r) => r.id)).toEqual([p2, p1]);
    expect(store.referencing('posts', 'acct', 'asset_ids', 'a2').map((r) => r.id)).toEqual([p1]);
    expect(store.referencing('mediaQueue', 'acct', 'asset_id', 'a1').map((r) => r.id)).toEqual([q]);
    expect(store.referencing('creatives', 'acct', 'asset_ids', 'a1')).toEqual([]);
  });

  it('inserts a record under its own id and times, with extra columns, and counts live records', () => {
    const { db, store } = setup();
    store.insertAs(
      'assets',
      'acct',
      { id: 'kept-id', fields: { name: 'x.jpg' }, createdAt: 5, updatedAt: 6 },
      { columns: { thumb_state: 'none' } },
    );
    expect(store.get('assets', 'kept-id')).toMatchObject({
      account_id: 'acct',
      created_at: 5,
      updated_at: 6,
      sync_state: 'pending',
      data: '{"name":"x.jpg"}',
    });
    expect(store.outbox.entries('kept-id')).toEqual([]);
    expect(() =>
      store.insertAs('assets', 'acct', { id: 'kept-id', fields: { name: 'y' }, createdAt: 1, updatedAt: 1 }),
    ).toThrow(/UNIQUE/);
    expect(countLiveRecords(db, 'assets')).toBe(1);
    expect(countLiveRecords(db, 'creatives')).toBe(0);
    expect(liveRecordsSql('mediaTemplates')).toBe('SELECT count(*) FROM media_templates WHERE deleted = 0');
  });
});
