import Database from 'better-sqlite3';
import type { Db } from '../open';
import { countRows } from './count';
import { walkKeyed } from './key-walk';
import { walkRowids, type WalkResult } from './row-walk';
import type { SourceTable, TargetTable } from './schema';
import { TableWriter } from './writer';

export interface TableReport {
  name: string;
  copied: number;
  lost: number;
}

/** Open a working copy for reading; undefined when it is no database at all. */
export function openSource(file: string): Db | undefined {
  try {
    const db = new Database(file, { fileMustExist: true });
    db.pragma('cell_size_check = ON'); // report damaged cells as errors instead of reading garbage
    // A file shorter than its header says (cut off) is refused outright unless the schema is
    // "writable", which defensive mode (better-sqlite3's default) forbids. Nothing is written to
    // this copy: it is only read up to its missing end.
    db.unsafeMode(true);
    db.pragma('writable_schema = ON');
    return db;
  } catch {
    return undefined;
  }
}

/**
 * How many rows the table held, as well as can be told, for the report's "lost" (rows held minus
 * rows copied). When part of the table could not be read: the count of a full index (one entry
 * per row, on pages of its own), or else the span of the rowids that were read (Atelier never picks
 * rowids, so they are dense and each gap in the span is a row that could not be read; rows past
 * the highest readable one cannot be seen this way). With sqlite3 .recover: the damaged copy's own
 * count through any readable b-tree, or else the rows it recovered.
 */
function expectedRows(walk: WalkResult, counted: number | undefined): number {
  if (counted !== undefined) return Math.max(walk.read, counted);
  if (walk.complete) return walk.read;
  if (walk.known !== undefined) return Math.max(walk.read, walk.known);
  return walk.span ? Math.max(walk.read, Number(walk.span[1] - walk.span[0]) + 1) : walk.read;
}

export interface TableSource {
  db: Db | undefined;
  table: SourceTable | undefined;
  /** Reading what sqlite3 .recover wrote (whole, so reads go unchecked); rows are counted in the damaged copy. */
  recovered?: { countIn: Db | undefined };
}

/** Copy one table's readable rows into the fresh database and report how many came and how many were lost. */
export function copyTable(target: Db, table: TargetTable, from: TableSource): TableReport {
  let walk: WalkResult = { read: 0, complete: true };
  let copied = 0;
  const { db, table: source } = from;
  const columns = table.columns.filter((c) => source?.columns.has(c));
  if (db && source && columns.length) {
    const withRowid = !source.withoutRowid && !table.withoutRowid && !table.rowidAlias;
    const writer = new TableWriter(target, table, columns, withRowid);
    const emit = (values: unknown[], rowid: bigint | undefined) => writer.write(values, rowid);
    target.transaction(() => {
      walk = source.withoutRowid
        ? walkKeyed(db, source, columns, emit)
        : walkRowids(db, table.name, columns, emit, from.recovered !== undefined);
    })();
    copied = writer.copied;
  }
  const countIn = from.recovered?.countIn;
  const counted = countIn ? countRows(countIn, table.name) : undefined;
  return { name: table.name, copied, lost: Math.max(0, expectedRows(walk, counted) - copied) };
}
