import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { RecordStore } from '../store/record-store';
import { AssetSql, countLiveAssets, type ResolvedQuery } from './library-sql';

const SHA = 'a'.repeat(64);
const THUMB = 'b'.repeat(64);

function setup() {
  const { db } = openDatabase(':memory:', defaultMigrationsDir);
  let now = 1_000;
  const store = new RecordStore(db, () => (now += 1));
  const sql = new AssetSql(db);
  const add = (name: string, fields: Record<string, unknown> = {}, account = 'acct') =>
    store.create('assets', account, { name, ...fields }, { columns: { thumb_state: 'ready', thumb_sha256: THUMB } }).id;
  return { db, store, sql, add };
}

const query = (q: Partial<ResolvedQuery> = {}): ResolvedQuery => ({
  trash: false,
  sort: 'name',
  dir: 'asc',
  offset: 0,
  limit: 10,
  ...q,
});

describe('AssetSql', () => {
  it('pages an account’s assets by tag and text, with the total', () => {
    const { sql, add } = setup();
    add('beach.jpg', { tags: ['summer'] });
    add('city.jpg', { tags: ['summer', 'night'] });
    add('other.jpg', { tags: ['summer'] }, 'someone-else');
    expect(sql.page(query({ tag: 'summer' }), 'acct')).toMatchObject({
      total: 2,
      rows: [{ data: expect.stringContaining('beach') }, { data: expect.stringContaining('city') }],
    });
    expect(sql.page(query({ text: 'city' }), 'acct').rows.map((r) => JSON.parse(r.data).name)).toEqual(['city.jpg']);
    expect(sql.tags('acct')).toEqual([
      { tag: 'summer', count: 2 },
      { tag: 'night', count: 1 },
    ]);
  });

  it('finds assets by id, content and name, and tells whether a file is still held', () => {
    const { sql, add } = setup();
    const id = add('beach.jpg', { sha256: SHA });
    expect(sql.row(id)).toMatchObject({ id, thumb_state: 'ready', thumb_sha256: THUMB, trashed_at: null });
    expect(sql.row('nope')).toBeUndefined();
    expect(sql.bySha('acct', SHA)?.id).toBe(id);
    expect(sql.bySha('someone-else', SHA)).toBeUndefined();
    expect(sql.name(id)).toBe('beach.jpg');
    expect(sql.names([id, 'nope'])).toEqual(new Map([[id, 'beach.jpg']]));
    expect([sql.holdsFile(SHA), sql.holdsFile(THUMB), sql.holdsFile('c'.repeat(64))]).toEqual([true, true, false]);
  });

  it('moves assets to the trash and back, and drops them as a tombstone or for good', () => {
    const { db, sql, add } = setup();
    const a = add('a.jpg');
    const b = add('b.jpg');
    sql.setTrashed(a, 5_000);
    expect([sql.trashedAt(a), sql.trashedAt(b), sql.trashedAt('nope')]).toEqual([5_000, null, undefined]);
    expect([sql.usable(a, 'acct'), sql.usable(b, 'acct'), sql.usable(b, 'someone-else')]).toEqual([false, true, false]);
    expect(sql.trashed('acct').map((r) => r.id)).toEqual([a]);
    expect(sql.untrashed('acct').map((r) => r.id)).toEqual([b]);
    sql.setUntrashed(a, 6_000);
    expect(sql.row(a)).toMatchObject({ trashed_at: null, updated_at: 6_000, sync_state: 'pending' });
    db.prepare("UPDATE assets SET remote_id = 'r1', remote_version = 3 WHERE id = ?").run(a);
    sql.forgetRemote(a);
    expect(sql.row(a)).toMatchObject({ remote_id: null, remote_version: null });
    sql.drop(a, true);
    sql.drop(b, false);
    expect(sql.row(a)?.deleted).toBe(1);
    expect(sql.row(b)).toBeUndefined();
    expect(countLiveAssets(db)).toBe(0);
  });
});
