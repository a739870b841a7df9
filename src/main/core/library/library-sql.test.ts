import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { RecordStore } from '../store/record-store';
import { AssetSql, countLiveAssets, librarySql, type ResolvedQuery } from './library-sql';

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

  it('answers a window asked again from today’s rows, whatever other windows were asked in between', () => {
    const { sql, add } = setup();
    add('beach.jpg', { tags: ['summer'] });
    const names = (q: Partial<ResolvedQuery>, account = 'acct') =>
      sql.page(query(q), account).rows.map((r) => JSON.parse(r.data).name);
    expect(names({ tag: 'summer' })).toEqual(['beach.jpg']);
    add('city.jpg', { tags: ['summer'] });
    // The same window again sees the new asset: what is kept is the statement, never its rows.
    expect(names({ tag: 'summer' })).toEqual(['beach.jpg', 'city.jpg']);
    // Windows that differ in one value each answer for that value, also after more than are kept.
    for (let offset = 0; offset < 80; offset++)
      expect(names({ tag: 'summer', offset })).toHaveLength(Math.max(0, 2 - offset));
    expect(names({ tag: 'summer', limit: 1 })).toEqual(['beach.jpg']);
    expect(names({ tag: 'summer', dir: 'desc' })).toEqual(['city.jpg', 'beach.jpg']);
    expect(names({ text: 'city' })).toEqual(['city.jpg']);
    expect(names({ text: 'beach' })).toEqual(['beach.jpg']);
    expect(names({ tag: 'summer' }, 'someone-else')).toEqual([]);
    expect(names({ tag: 'summer', trash: true })).toEqual([]);
    expect(names({ tag: 'summer' })).toEqual(['beach.jpg', 'city.jpg']);
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

  it('keeps a tag filter equal to the assets it names through trash, restore, retags and tombstones', () => {
    const { db, store, sql, add } = setup();
    const a = add('a.jpg', { tags: ['summer'] });
    const b = add('b.jpg', { tags: ['summer', 'night'] });
    const c = add('c.jpg', { tags: ['Summer'] });
    add('d.jpg', { tags: ['summer'] }, 'someone-else');
    const ids = (q: Partial<ResolvedQuery>) => {
      const page = sql.page(query({ sort: 'created', dir: 'desc', ...q }), 'acct');
      return { total: page.total, ids: page.rows.map((r) => r.id) };
    };
    expect(ids({ tag: 'SUMMER' })).toEqual({ total: 3, ids: [c, b, a] });
    sql.setTrashed(b, 9_000);
    expect(ids({ tag: 'summer' })).toEqual({ total: 2, ids: [c, a] });
    expect(ids({ tag: 'night', trash: true })).toEqual({ total: 1, ids: [b] });
    sql.setUntrashed(b, 9_500);
    store.update('assets', 'acct', a, { tags: ['winter'] });
    expect(ids({ tag: 'summer' })).toEqual({ total: 2, ids: [c, b] });
    expect(ids({ tag: 'winter', text: 'a' })).toEqual({ total: 1, ids: [a] });
    sql.drop(c, true);
    sql.drop(b, false);
    expect(ids({ tag: 'summer' })).toEqual({ total: 0, ids: [] });
    // Every tag row carries exactly its asset's columns.
    const drift = db
      .prepare(
        `SELECT count(*) FROM asset_tags t JOIN assets a ON a.id = t.asset_id WHERE t.account_id IS NOT a.account_id
         OR t.deleted IS NOT a.deleted OR t.trashed_at IS NOT a.trashed_at OR t.created_at IS NOT a.created_at`,
      )
      .pluck()
      .get();
    expect(drift).toBe(0);
  });

  it('counts a search and the whole library through assets_live, exactly as the page filters', () => {
    const { db, sql, add } = setup();
    const ids = ['sunset.jpg', 'sunny beach.mp4', 'bear.jpg', 'sun bear.pdf', 'city.jpg'].map((n) =>
      add(n, { kind: n.endsWith('.mp4') ? 'video' : 'image' }),
    );
    add('sun elsewhere.jpg', {}, 'someone-else');
    sql.setTrashed(ids[1]!, 9_000);
    sql.drop(ids[3]!, true);
    const windows: Partial<ResolvedQuery>[] = [{}, { text: 'sun' }, { text: 'sun', kind: 'image' }, { kind: 'image' }];
    for (const q of [...windows, { tag: 'x', text: 'b' }])
      for (const trash of [false, true]) {
        const window = query({ ...q, trash, limit: 100 });
        // The page (its own, older form of the filter) lists every match: the total must agree.
        const page = sql.page(window, 'acct');
        expect(page.total).toBe(page.rows.length);
      }
    expect(sql.page(query({ text: 'sun' }), 'acct').total).toBe(1);
    expect(sql.page(query({ text: 'sun', trash: true }), 'acct').total).toBe(1);
    expect(sql.page(query(), 'acct').total).toBe(3);
    const plan = (q: Partial<ResolvedQuery>) => {
      const s = librarySql(query(q), 'acct');
      return db
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${s.count}`)
        .all(...s.params)
        .map((p) => p.detail)
        .join(' | ');
    };
    expect(plan({})).toContain('COVERING INDEX assets_live');
    expect(plan({ text: 'sun' })).toMatch(/SCAN f VIRTUAL TABLE.*COVERING INDEX assets_live/);
  });

  it('breaks ties by id in the sort’s own direction, so a tag window by date reads its order from its index', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    // Every asset made in the same millisecond: only the tie-break orders them.
    const store = new RecordStore(db, () => 7_000);
    const sql = new AssetSql(db);
    const ids = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(
      (name) => store.create('assets', 'acct', { name, tags: ['x'] }).id,
    );
    const byId = [...ids].sort();
    const order = (q: Partial<ResolvedQuery>) =>
      sql.page(query({ sort: 'created', ...q }), 'acct').rows.map((r) => r.id);
    expect(order({ dir: 'asc' })).toEqual(byId);
    expect(order({ dir: 'desc' })).toEqual([...byId].reverse());
    expect(order({ dir: 'asc', tag: 'x' })).toEqual(byId);
    expect(order({ dir: 'desc', tag: 'x' })).toEqual([...byId].reverse());
    // Pages of a descending window meet without a gap or a repeat.
    expect([...order({ dir: 'desc', limit: 2 }), ...order({ dir: 'desc', limit: 2, offset: 2 })]).toEqual(
      [...byId].reverse(),
    );
    const plan = (q: Partial<ResolvedQuery>) => {
      const s = librarySql(query({ sort: 'created', ...q }), 'acct');
      return db
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${s.page}`)
        .all(...s.pageParams)
        .map((p) => p.detail)
        .join(' | ');
    };
    for (const dir of ['asc', 'desc'] as const) {
      expect(plan({ dir, tag: 'x' })).toContain('COVERING INDEX asset_tags_filter');
      expect(plan({ dir, tag: 'x' })).not.toContain('TEMP B-TREE');
    }
  });

  it('fills the tag rows of a library made before they carried the asset columns', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-tags-'));
    try {
      // The same database as before migration 7, with a tagged asset in the trash.
      const before = path.join(dir, 'before');
      fs.mkdirSync(before);
      for (const f of fs.readdirSync(defaultMigrationsDir).filter((f) => f < '0007'))
        fs.copyFileSync(path.join(defaultMigrationsDir, f), path.join(before, f));
      const file = path.join(dir, 'atelier.db');
      const old = openDatabase(file, before).db;
      const store = new RecordStore(old, () => 4_000);
      const id = store.create('assets', 'acct', { name: 'a.jpg', tags: ['summer'] }).id;
      old.prepare('UPDATE assets SET trashed_at = 5000 WHERE id = ?').run(id);
      old.close();
      const { db } = openDatabase(file, defaultMigrationsDir);
      expect(db.prepare('SELECT tag, account_id, deleted, trashed_at, created_at FROM asset_tags').all()).toEqual([
        { tag: 'summer', account_id: 'acct', deleted: 0, trashed_at: 5_000, created_at: 4_000 },
      ]);
      expect(new AssetSql(db).page(query({ tag: 'summer', trash: true }), 'acct').total).toBe(1);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
