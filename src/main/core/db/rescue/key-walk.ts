import type Database from 'better-sqlite3';
import { fullIndexes, quoteName, type SourceTable } from './schema';
import type { Emit, WalkResult } from './row-walk';
import { countRows } from './count';

type Db = Database.Database;

function keyOf(values: unknown[], positions: number[]): string {
  return positions
    .map((i) => {
      const v = values[i];
      return v instanceof Uint8Array ? `b:${Buffer.from(v).toString('hex')}` : `${typeof v}:${String(v)}`;
    })
    .join('\u0000');
}

/**
 * Read a WITHOUT ROWID table, which has no rowid to bisect: scan it forwards and backwards (the two
 * scans meet at the damage from both sides), then through each of its indexes, which hold the whole
 * primary key and so often the whole row. Rows are handed on once each.
 */
export function walkKeyed(db: Db, source: SourceTable, columns: string[], emit: Emit): WalkResult {
  const table = quoteName(source.name);
  const cols = columns.map(quoteName).join(', ');
  const keyColumns = source.primaryKey.map((k) => columns.indexOf(k));
  const positions = keyColumns.every((i) => i >= 0) && keyColumns.length ? keyColumns : columns.map((_, i) => i);
  const desc = source.primaryKey.map((k) => `${quoteName(k)} DESC`).join(', ');
  const scans = [`SELECT ${cols} FROM ${table}`, ...(desc ? [`SELECT ${cols} FROM ${table} ORDER BY ${desc}`] : [])];
  for (const index of fullIndexes(db, source.name))
    scans.push(`SELECT ${cols} FROM ${table} INDEXED BY ${quoteName(index)}`);
  const seen = new Set<string>();
  const result: WalkResult = { read: 0, complete: false };
  for (const sql of scans) {
    try {
      // Raw: each row comes as its array of values.
      for (const values of db.prepare<[], unknown[]>(sql).raw(true).safeIntegers(true).iterate()) {
        const key = keyOf(values, positions);
        if (seen.has(key)) continue;
        seen.add(key);
        emit(values, undefined);
        result.read++;
      }
      result.complete = true; // one scan went end to end: every row has been seen
      break;
    } catch {
      // stopped at damage; the next scan comes from another side or another b-tree
    }
  }
  if (!result.complete) result.known = countRows(db, source.name);
  return result;
}
