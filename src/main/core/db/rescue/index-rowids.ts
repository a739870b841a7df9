import type Database from 'better-sqlite3';
import { fullIndexes, quoteName } from './schema';

export interface IndexRowids {
  /** Every rowid any readable full index holds, sorted, each once. */
  rowids: bigint[];
  /** How many rows the table held, by the count most of those indexes agree on. */
  count: number;
}

const MAX = 2n ** 63n - 1n;
const byValue = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The rowids of a table as its indexes hold them: an index lives on pages of its own and holds one
 * entry per row, so it says which rows exist even where the table's pages are damaged. Every full
 * index that reads end to end is joined: a damaged index page can decode into wrong rowids without
 * an error, and the others still name the right ones.
 */
export function indexRowids(db: Database.Database, table: string): IndexRowids | undefined {
  const lists: bigint[][] = [];
  for (const index of fullIndexes(db, table)) {
    try {
      // Plucked, with safe integers: each row is its rowid as a bigint.
      lists.push(
        db
          .prepare<[], bigint>(`SELECT rowid FROM ${quoteName(table)} INDEXED BY ${quoteName(index)}`)
          .pluck()
          .safeIntegers(true)
          .all(),
      );
    } catch {
      // this index is damaged too (or cannot be used that way): the others may do
    }
  }
  if (!lists.length) return undefined;
  const votes = new Map<number, number>();
  for (const l of lists) votes.set(l.length, (votes.get(l.length) ?? 0) + 1);
  const [count] = [...votes].sort(([n1, v1], [n2, v2]) => v2 - v1 || n2 - n1)[0] ?? [0];
  const rowids = [...new Set(lists.flat())].sort(byValue);
  return { rowids, count };
}

/** Position of the first element >= value in a sorted array. */
export function lowerBound(sorted: bigint[], value: bigint): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? MAX) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where to split a range that could not be read. With the rowids the indexes know, the split falls
 * between two real rows, a range with none is dropped and one with a single row is read alone;
 * without, the range is halved.
 */
export function split(a: bigint, b: bigint, rowids: bigint[] | undefined): [bigint, bigint][] {
  if (!rowids) {
    const mid = a + (b - a) / 2n;
    return [
      [a, mid],
      [mid + 1n, b],
    ];
  }
  const first = lowerBound(rowids, a);
  const count = lowerBound(rowids, b + 1n) - first;
  const only = rowids[first] ?? a;
  if (count === 0 || (count === 1 && only === a && only === b)) return [];
  if (count === 1) return [[only, only]];
  const mid = rowids[first + Math.floor(count / 2) - 1] ?? a;
  return [
    [a, mid],
    [mid + 1n, b],
  ];
}
