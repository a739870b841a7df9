import type { AssetView, LibraryQuery } from '../../../shared/library';
import type Database from 'better-sqlite3';
import type { Db } from '../db/open';
import { Statements } from '../db/statements';
import type { RecordRow } from '../store/record-store';
import { ftsQuery } from './fts-query';

/** A row of the assets table: a record with the library's own local columns. */
export interface AssetRow extends RecordRow {
  trashed_at: number | null;
  thumb_sha256: string | null;
  thumb_state: AssetView['thumb']['state'];
}

/** The columns a library card is made of (toView): a page reads only these. */
export type ViewRow = Pick<
  AssetRow,
  'id' | 'data' | 'created_at' | 'updated_at' | 'trashed_at' | 'thumb_sha256' | 'thumb_state' | 'sync_state'
>;
// Not a.*: that would also copy `base` (a second copy of the fields) and compute the seven generated columns.
const VIEW_COLUMNS =
  'a.id, a.data, a.created_at, a.updated_at, a.trashed_at, a.thumb_sha256, a.thumb_state, a.sync_state';

export type ResolvedQuery = LibraryQuery & {
  trash: boolean;
  sort: NonNullable<LibraryQuery['sort']>;
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
};

const SORT_COLUMNS: Record<ResolvedQuery['sort'], string> = {
  created: 'a.created_at',
  updated: 'a.updated_at',
  name: 'a.name COLLATE NOCASE',
  size: 'a.size_bytes',
  kind: 'a.kind',
};

/**
 * The two statements behind one library window: the total and the page. Kept apart from the
 * library so the benchmark runs exactly this SQL on a raw connection as its baseline.
 */
export function librarySql(
  q: ResolvedQuery,
  account: string,
): { count: string; page: string; params: unknown[]; pageParams: unknown[] } {
  const trash = q.trash ? 'IS NOT NULL' : 'IS NULL';
  const where: string[] = [];
  const params: unknown[] = [];
  let source = 'assets a';
  let countSource = source;
  // Ties are broken by id in the sort's own direction (a descending window is the exact reverse of an
  // ascending one), so a tag window sorted by creation reads its whole order from asset_tags_filter,
  // whose entries end (created_at, asset_id): no sort of its rows at all.
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  let order = `${SORT_COLUMNS[q.sort]} ${dir}, a.id ${dir}`;
  if (q.tag) {
    // The tag rows carry the asset's account, tombstone, trash and creation columns (migration 7), so
    // the filter is one range of asset_tags_filter; CROSS JOIN keeps that range as the outer loop.
    source = 'asset_tags t CROSS JOIN assets a ON a.id = t.asset_id';
    where.push('t.tag = ?', 't.account_id = ?', 't.deleted = 0', `t.trashed_at ${trash}`);
    params.push(q.tag, account);
    // Without other filters the total needs no asset row at all.
    countSource = q.kind || q.text ? source : 'asset_tags t';
    if (q.sort === 'created') order = `t.created_at ${dir}, t.asset_id ${dir}`;
  } else {
    where.push('a.account_id = ?', 'a.deleted = 0', `a.trashed_at ${trash}`);
    params.push(account);
  }
  if (q.kind) {
    where.push('a.kind = ?');
    params.push(q.kind);
  }
  const match = q.text ? ftsQuery(q.text) : null;
  // The total's own filter: the page's, but for how a search and the untouched library are counted.
  const countWhere = [...where];
  if (match) {
    where.push('a.rowid IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH ?)');
    params.push(match);
  }
  if (!q.tag) {
    // Migration 8: each full-text match (in rowid order) looked up in assets_live, not a scan of the
    // library against a list of every match; with a kind filter, in the asset row itself.
    const live = q.kind ? 'assets a' : 'assets a INDEXED BY assets_live';
    countSource = match ? `assets_fts f CROSS JOIN ${live} ON a.rowid = f.rowid` : live;
    if (match) countWhere.push('f.assets_fts MATCH ?');
  } else countWhere.push(...where.slice(countWhere.length));
  const filter = `WHERE ${where.join(' AND ')}`;
  return {
    count: `SELECT count(*) AS n FROM ${countSource} WHERE ${countWhere.join(' AND ')}`,
    page: `SELECT ${VIEW_COLUMNS} FROM ${source} ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params,
    pageParams: [...params, q.limit, q.offset],
  };
}

type Count = { n: number };
type IdData = { id: string; data: string };

/** One library window ready to run: its two statements and their parameters, built once per distinct window. */
interface Window {
  count: Database.Statement<unknown[], Count>;
  page: Database.Statement<unknown[], ViewRow>;
  params: unknown[];
  pageParams: unknown[];
}

/** How many distinct windows are kept ready (a library screen asks for a handful again and again). */
const WINDOWS_KEPT = 64;

/** Everything a window's SQL and parameters depend on, in one string. */
function windowKey(q: ResolvedQuery, account: string): string {
  return JSON.stringify([account, q.trash, q.sort, q.dir, q.offset, q.limit, q.kind, q.tag, q.text]);
}

/** Every column of the library naming a stored file (files and thumbnails): a backup lists them, joined by UNION. */
export const ASSET_FILES_SQL = `SELECT sha256 AS sha FROM assets WHERE sha256 IS NOT NULL
  UNION SELECT thumb_sha256 FROM assets WHERE thumb_sha256 IS NOT NULL`;
/** Live assets (trashed ones included) in a database: the figure a backup reports. */
export const LIVE_ASSETS_SQL = 'SELECT count(*) FROM assets WHERE deleted = 0';

/** Live assets in a database (a backup copy, say); throws when it has no assets table. */
export function countLiveAssets(db: Db): number {
  return Number(db.prepare<[], number>(LIVE_ASSETS_SQL).pluck().get() ?? 0);
}

/**
 * The assets, asset_tags and assets_fts tables: the one module holding SQL that names them. The
 * generic record statements (create, update, remove) stay with the record store; these are the
 * library's own reads and its trash columns.
 */
/** An asset's facts as stored; JSON fields may hold anything another client wrote. */
export interface AssetFactsRow {
  id: string;
  kind: string;
  mime: unknown;
  width: unknown;
  height: unknown;
  duration_ms: unknown;
  size_bytes: unknown;
  fps: unknown;
}

/** What the palette shows of an asset it found. */
export interface AssetHitRow {
  id: string;
  name: string;
  kind: string;
  tags_text: string;
  notes: string;
  created_at: number;
  thumb_sha256: string | null;
  thumb_state: string;
}

/**
 * The palette's asset search: live, untrashed assets of the account matching the full-text query, newest
 * first. FTS5 hands its matches out in rowid order, so the LIMIT stops the walk early, even at 100,000 assets.
 */
export const ASSET_HITS_SQL = `SELECT a.id, a.name, a.kind, a.tags_text, a.notes, a.created_at, a.thumb_sha256,
    a.thumb_state
  FROM assets_fts f CROSS JOIN assets a ON a.rowid = f.rowid
  WHERE f.assets_fts MATCH ? AND a.account_id = ? AND a.deleted = 0 AND a.trashed_at IS NULL
  ORDER BY f.rowid DESC LIMIT ?`;

export class AssetSql {
  private readonly s: Statements;
  /**
   * Windows asked for lately: building the SQL (and the full-text query, a Unicode split) and looking
   * its text up among the prepared statements cost a tenth of a tag window's own query, on every refresh.
   */
  private readonly windows = new Map<string, Window>();

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** One library window: its rows and the total. */
  page(q: ResolvedQuery, account: string): { rows: ViewRow[]; total: number } {
    const w = this.window(q, account);
    const total = w.count.get(...w.params)?.n ?? 0;
    return { rows: w.page.all(...w.pageParams), total };
  }

  private window(q: ResolvedQuery, account: string): Window {
    const key = windowKey(q, account);
    let w = this.windows.get(key);
    if (!w) {
      const sql = librarySql(q, account);
      w = {
        count: this.s.sql<unknown[], Count>(sql.count),
        page: this.s.sql<unknown[], ViewRow>(sql.page),
        params: sql.params,
        pageParams: sql.pageParams,
      };
      // The oldest window goes first (a Map keeps insertion order).
      if (this.windows.size >= WINDOWS_KEPT) this.windows.delete(this.windows.keys().next().value!);
      this.windows.set(key, w);
    }
    return w;
  }

  /** Assets matching a full-text query (see ASSET_HITS_SQL), at most `limit`. */
  hits(account: string, match: string, limit: number): AssetHitRow[] {
    return this.s.sql<[string, string, number], AssetHitRow>(ASSET_HITS_SQL).all(match, account, limit);
  }

  row(id: string): AssetRow | undefined {
    return this.s.sql<[string], AssetRow>('SELECT * FROM assets WHERE id = ?').get(id);
  }

  /** A live asset (trashed or not) of the account holding this content. */
  bySha(account: string, sha: string): AssetRow | undefined {
    return this.s
      .sql<[string, string], AssetRow>(
        'SELECT * FROM assets WHERE account_id = ? AND deleted = 0 AND sha256 = ? LIMIT 1',
      )
      .get(account, sha);
  }

  /** Whether a live asset (of any account) keeps this file as its content or its ready thumbnail. */
  holdsFile(sha: string): boolean {
    const sql = `SELECT 1 AS one FROM assets
      WHERE deleted = 0 AND (sha256 = ? OR (thumb_state = 'ready' AND thumb_sha256 = ?)) LIMIT 1`;
    return this.s.sql<[string, string], { one: 1 }>(sql).get(sha, sha) !== undefined;
  }

  /** Whether a live asset of the account has this name (any case). */
  nameTaken(account: string, name: string): boolean {
    const sql = `SELECT 1 AS one FROM assets WHERE account_id = ? AND deleted = 0
      AND lower(json_extract(data, '$.name')) = lower(?) LIMIT 1`;
    return this.s.sql<[string, string], { one: 1 }>(sql).get(account, name) !== undefined;
  }

  tags(account: string): { tag: string; count: number }[] {
    return this.s
      .sql<[string], { tag: string; count: number }>(
        `SELECT t.tag AS tag, count(*) AS count FROM asset_tags t JOIN assets a ON a.id = t.asset_id
         WHERE a.account_id = ? AND a.deleted = 0 AND a.trashed_at IS NULL
         GROUP BY t.tag COLLATE NOCASE ORDER BY count DESC, t.tag LIMIT 1000`,
      )
      .all(account);
  }

  /** Live assets of the account in the trash. */
  trashed(account: string): AssetRow[] {
    return this.s
      .sql<[string], AssetRow>('SELECT * FROM assets WHERE account_id = ? AND deleted = 0 AND trashed_at IS NOT NULL')
      .all(account);
  }

  /** Live assets out of the trash, oldest first (what an export carries). */
  untrashed(account: string): AssetRow[] {
    return this.s
      .sql<[string], AssetRow>(
        'SELECT * FROM assets WHERE account_id = ? AND deleted = 0 AND trashed_at IS NULL ORDER BY created_at, id',
      )
      .all(account);
  }

  /** When an asset went to the trash (null: it is not there); undefined when there is no such asset. */
  trashedAt(id: string): number | null | undefined {
    return this.s.sql<[string], { trashed_at: number | null }>('SELECT trashed_at FROM assets WHERE id = ?').get(id)
      ?.trashed_at;
  }

  /** Whether the asset is live, the account's, and out of the trash (so it can be used in a post or the queue). */
  usable(id: string, account: string): boolean {
    return (
      this.s
        .sql<[string, string], { id: string }>(
          'SELECT id FROM assets WHERE id = ? AND account_id = ? AND deleted = 0 AND trashed_at IS NULL',
        )
        .get(id, account) !== undefined
    );
  }

  /** The name of an asset ('' when it has none), or undefined when there is no such asset. */
  name(id: string): string | undefined {
    return (
      this.s.sql<[string], { name: string | null }>('SELECT name FROM assets WHERE id = ?').get(id)?.name ?? undefined
    );
  }

  /** What pre-flight checks need of the assets among `ids` (any that are live or trashed). */
  facts(ids: string[]): Map<string, AssetFactsRow> {
    if (ids.length === 0) return new Map();
    const found = this.s
      .sql<[string], AssetFactsRow>(
        `SELECT id, kind, json_extract(data, '$.mime_type') AS mime, json_extract(data, '$.width') AS width,
           json_extract(data, '$.height') AS height, json_extract(data, '$.duration_ms') AS duration_ms,
           size_bytes, json_extract(data, '$.fps') AS fps
         FROM assets WHERE id IN (SELECT value FROM json_each(?)) AND deleted = 0`,
      )
      .all(JSON.stringify(ids));
    return new Map(found.map((a) => [a.id, a]));
  }

  /** Names of the assets among `ids` that have one. */
  names(ids: string[]): Map<string, string> {
    const found = this.s
      .sql<[string], IdData & { name: string }>(
        "SELECT id, name FROM assets WHERE id IN (SELECT value FROM json_each(?)) AND name <> ''",
      )
      .all(JSON.stringify(ids));
    return new Map(found.map((a) => [a.id, a.name]));
  }

  setTrashed(id: string, now: number): void {
    this.s
      .sql<[number, number, string]>(
        "UPDATE assets SET trashed_at = ?, updated_at = ?, sync_state = CASE sync_state WHEN 'conflict' " +
          "THEN 'conflict' ELSE 'pending' END WHERE id = ?",
      )
      .run(now, now, id);
  }

  /** Out of the trash, to be sent again. */
  setUntrashed(id: string, now: number): void {
    this.s
      .sql<[number, string]>("UPDATE assets SET trashed_at = NULL, updated_at = ?, sync_state = 'pending' WHERE id = ?")
      .run(now, id);
  }

  /** The platform's copy is gone: the asset goes up again as a new record. */
  forgetRemote(id: string): void {
    this.s.sql<[string]>('UPDATE assets SET remote_id = NULL, remote_version = NULL WHERE id = ?').run(id);
  }

  /** Gone from the library: a tombstone while a delete waits to be sent, else the row itself. */
  drop(id: string, keepTombstone: boolean): void {
    if (keepTombstone) this.s.sql<[string]>('UPDATE assets SET deleted = 1 WHERE id = ?').run(id);
    else this.s.sql<[string]>('DELETE FROM assets WHERE id = ?').run(id);
  }
}
