import type { LibraryQuery } from '../../../shared/library';
import { ftsQuery } from './fts-query';

export type ResolvedQuery = LibraryQuery & { trash: boolean; sort: NonNullable<LibraryQuery['sort']>; dir: 'asc' | 'desc'; offset: number; limit: number };

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
export function librarySql(q: ResolvedQuery, account: string): { count: string; page: string; params: unknown[]; pageParams: unknown[] } {
  const where = ['a.account_id = ?', 'a.deleted = 0', q.trash ? 'a.trashed_at IS NOT NULL' : 'a.trashed_at IS NULL'];
  const params: unknown[] = [];
  let source = 'assets a';
  if (q.tag) {
    // CROSS JOIN keeps asset_tags as the outer loop: start from the tag's few index entries
    // rather than walking every asset (SQLite never reorders a CROSS JOIN).
    source = 'asset_tags t CROSS JOIN assets a ON a.id = t.asset_id';
    where.unshift('t.tag = ?');
    params.push(q.tag);
  }
  params.push(account);
  if (q.kind) {
    where.push('a.kind = ?');
    params.push(q.kind);
  }
  const match = q.text ? ftsQuery(q.text) : null;
  if (match) {
    where.push('a.rowid IN (SELECT rowid FROM assets_fts WHERE assets_fts MATCH ?)');
    params.push(match);
  }
  const from = `FROM ${source} WHERE ${where.join(' AND ')}`;
  const order = `${SORT_COLUMNS[q.sort]} ${q.dir === 'asc' ? 'ASC' : 'DESC'}, a.id`;
  return {
    count: `SELECT count(*) AS n ${from}`,
    page: `SELECT a.* ${from} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params,
    pageParams: [...params, q.limit, q.offset],
  };
}
