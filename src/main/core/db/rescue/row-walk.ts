import type Database from 'better-sqlite3';
import { indexRowids, lowerBound, split } from './index-rowids';
import { quoteName } from './schema';

type Db = Database.Database;
export type Emit = (values: unknown[], rowid: bigint | undefined) => void;

export interface WalkResult {
  /** Rows read and handed on. */
  read: number;
  /** False when some part of the table could not be read. */
  complete: boolean;
  /** How many rows the table held, when its indexes say (each holds one entry per row). */
  known?: number;
  /** The lowest and highest rowid read. */
  span?: [bigint, bigint];
}

const MIN = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;
const CHUNK = 1000;
/** Failed reads allowed per table while bisecting blind (no index): bounds the time spent on one table. */
const BLIND_BUDGET = 20_000;

// Raw statements: each row comes as its array of values.
interface Reads {
  range: Database.Statement<[bigint, bigint], unknown[]>;
  one: Database.Statement<[bigint], unknown[]>;
  /** The highest rowid of a range, found from the right-hand side of the b-tree. */
  highest: Database.Statement;
  /** The rowids the indexes know, when any index could be read. */
  rowids: bigint[] | undefined;
  trusted: boolean;
}

/**
 * Whether anything at all can be reached from the table's root page. Looking up the lowest and the
 * highest possible rowid reads the root and the first and last leaves; when both fail, the root
 * (or the whole table) is most likely gone.
 */
function reachable(db: Db, table: string): boolean {
  const lookup = db.prepare(`SELECT rowid FROM ${quoteName(table)} WHERE rowid = ?`).safeIntegers(true);
  return [MIN, MAX].some((rowid) => {
    try {
      lookup.get(rowid);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether rows read for [a, b] are believable. A damaged page can decode without an error into
 * rows that are not its own: rowids out of the range or out of order give that away, and so does a
 * read that skips or invents a row the indexes say (or do not say) is there.
 */
function believable(rows: unknown[][], a: bigint, b: bigint, known: bigint[] | undefined): boolean {
  let previous = a - 1n;
  let next = known ? lowerBound(known, a) : 0;
  for (const [rowid] of rows) {
    if (typeof rowid !== 'bigint' || rowid <= previous || rowid > b) return false;
    if (known && known[next++] !== rowid) return false;
    previous = rowid;
  }
  // A read that stopped short of its limit claims to have seen the whole range: no row the
  // indexes hold may be missing.
  return !known || rows.length === CHUNK || next === lowerBound(known, b + 1n);
}

/**
 * Without indexes, a read that stopped short is checked from the other side: a damaged page can
 * also end a scan early without an error, and the b-tree's right-hand path then still finds rows
 * past the last one read.
 */
function endsWhereItSays(reads: Reads, rows: unknown[][], a: bigint, b: bigint): boolean {
  if (reads.trusted || reads.rowids || rows.length === CHUNK || a === b) return true;
  const last = (rows.at(-1)?.[0] as bigint | undefined) ?? a - 1n;
  if (last >= b) return true;
  try {
    return reads.highest.get(last + 1n, b) === undefined;
  } catch {
    return false;
  }
}

/** Rows of one rowid range, or undefined when the range cannot be read (or not believed). */
function readRange(reads: Reads, a: bigint, b: bigint): unknown[][] | undefined {
  let rows: unknown[][];
  try {
    // One row by its rowid: a range scan would also step onto the next page to see where it ends.
    rows = a === b ? reads.one.all(a) : reads.range.all(a, b);
  } catch {
    return undefined;
  }
  return believable(rows, a, b, reads.rowids) && endsWhereItSays(reads, rows, a, b) ? rows : undefined;
}

function widen(span: [bigint, bigint] | undefined, first: bigint, last: bigint): [bigint, bigint] {
  return [span && span[0] < first ? span[0] : first, span && span[1] > last ? span[1] : last];
}

/**
 * Read a rowid table in rowid ranges. A range that fails is bisected down to single rows, so the
 * rows on undamaged pages are kept and only those on damaged pages are lost. The table's indexes
 * say up front which rowids exist: splits fall between real rows and every read is checked.
 */
export function walkRowids(db: Db, table: string, columns: string[], emit: Emit, trusted = false): WalkResult {
  const select = `SELECT rowid, ${columns.map(quoteName).join(', ')} FROM ${quoteName(table)}`;
  // A database sqlite3 .recover just wrote is whole: its reads need no checking.
  const index = trusted ? undefined : indexRowids(db, table);
  const reads: Reads = {
    range: db
      .prepare<[bigint, bigint], unknown[]>(`${select} WHERE rowid BETWEEN ? AND ? ORDER BY rowid LIMIT ${CHUNK}`)
      .raw(true)
      .safeIntegers(true),
    one: db.prepare<[bigint], unknown[]>(`${select} WHERE rowid = ?`).raw(true).safeIntegers(true),
    highest: db
      .prepare(`SELECT rowid FROM ${quoteName(table)} WHERE rowid BETWEEN ? AND ? ORDER BY rowid DESC LIMIT 1`)
      .pluck()
      .safeIntegers(true),
    rowids: index?.rowids,
    trusted,
  };
  const result: WalkResult = { read: 0, complete: true, ...(index ? { known: index.count } : {}) };
  let failures = 0;
  const stack: [bigint, bigint][] = [[MIN, MAX]];
  for (let range = stack.pop(); range; range = stack.pop()) {
    const [a, b] = range;
    const rows = readRange(reads, a, b);
    if (!rows) {
      // Bisecting blind where nothing is reachable would only spend its budget. With the indexes'
      // rowids each row is tried once, so even a table behind a damaged root costs one read a row.
      if (result.complete && !index && !reachable(db, table)) return { ...result, complete: false };
      result.complete = false;
      failures++;
      if (a !== b && (index || failures < BLIND_BUDGET)) stack.push(...split(a, b, index?.rowids).reverse());
      continue;
    }
    for (const [rowid, ...values] of rows) emit(values, rowid as bigint);
    result.read += rows.length;
    const first = rows[0]?.[0] as bigint | undefined;
    const last = rows.at(-1)?.[0] as bigint | undefined;
    if (first !== undefined && last !== undefined) result.span = widen(result.span, first, last);
    if (rows.length === CHUNK && last !== undefined && last < b) stack.push([last + 1n, b]);
  }
  return result;
}
