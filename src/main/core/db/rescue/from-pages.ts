import fs from 'node:fs';
import type { Db } from '../open';
import { copyTable, openSource, type TableReport } from './copy-table';
import { sourceTables, type TargetTable } from './schema';
import { pointSchemaAt, readSchemaFromPages } from './schema-pages';
import type { WorkCopy } from './work-copy';

/**
 * Carry the -wal's committed pages into the working copy's main file, since the schema is read from
 * the file's own pages; what cannot be carried over is dropped with the -wal.
 */
function settleWal(work: WorkCopy): void {
  if (!work.hasWal) return;
  const db = openSource(work.file);
  try {
    db?.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // the -wal cannot be applied without a readable schema: the file's own pages are all there is
  } finally {
    db?.close();
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${work.file}${suffix}`, { force: true });
}

/**
 * When SQLite cannot read the schema at all (a damaged sqlite_schema page), read the schema rows
 * left on its other pages, then read each table they name by giving the working copy a page 1
 * that names only that table. Tables whose schema row was lost count no rows.
 */
export function fillFromSchemaPages(target: Db, work: WorkCopy, tables: TargetTable[]): TableReport[] {
  settleWal(work);
  let entries: ReturnType<typeof readSchemaFromPages> = [];
  try {
    entries = readSchemaFromPages(work.file).filter((e) => e.type === 'table');
  } catch {
    // not even page 1's header can be read
  }
  return tables.map((table) => {
    const entry = entries.find((e) => e.name === table.name);
    if (!entry || !pointSchemaAt(work.file, entry)) return { name: table.name, copied: 0, lost: 0 };
    const db = openSource(work.file);
    try {
      return copyTable(target, table, { db, table: db ? sourceTables(db).get(table.name) : undefined });
    } finally {
      db?.close();
    }
  });
}
