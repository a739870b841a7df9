import fs from 'node:fs';
import path from 'node:path';
import { AppException } from '../errors';
import type { Logger } from '../ports';
import { openDatabase, type Db } from './open';
import { copyTable, openSource, type TableReport } from './rescue/copy-table';
import { fillFromSchemaPages } from './rescue/from-pages';
import { repairHeader } from './rescue/header';
import { recoverWithCli } from './rescue/recover-cli';
import { fullTextTables, quoteName, sourceTables, targetTables, type SourceTable } from './rescue/schema';
import { makeWorkCopy, type WorkCopy } from './rescue/work-copy';

export interface RescueReport {
  tables: { name: string; copied: number; lost: number }[];
  method: 'sqlite3-recover' | 'row-walk';
}

export interface RescueOptions {
  /** 'auto' (the default) tries `sqlite3 .recover` first; 'row-walk' goes straight to the row walk. */
  method?: 'auto' | 'row-walk';
  /** The sqlite3 command-line tool (default `sqlite3`, looked up on PATH). */
  sqlite3?: string;
  /** How long sqlite3 may take before the row walk is used instead (default: 60 s plus 0.1 s per MB). */
  timeoutMs?: number;
  logger?: Logger;
}

function storage(message: string, hint?: string): AppException {
  return new AppException({ code: 'storage', message, ...(hint ? { hint } : {}) });
}

function errnoCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : '';
}

/** Anything that stops a rescue, in words that also say the damaged file was left as it was. */
export function rescueError(e: unknown, damagedFile: string): AppException {
  if (e instanceof AppException) return e;
  const code = errnoCode(e);
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') {
    return storage(
      `The disk is full, so the rescue stopped and removed its unfinished copy. ${damagedFile} was left untouched.`,
      'Free some disk space and try the rescue again.',
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return storage(
      `Atelier could not write the rescued database. ${damagedFile} was left untouched.`,
      'Check the permissions of the data folder.',
    );
  }
  const reason = e instanceof Error ? e.message : String(e);
  return storage(`The rescue could not finish (${reason}). ${damagedFile} was left untouched.`);
}

function checkPaths(damagedFile: string, targetFile: string): void {
  if (!fs.existsSync(damagedFile)) throw storage(`There is no database at ${damagedFile} to rescue.`);
  const taken = ['', '-wal', '-shm'].find((suffix) => fs.existsSync(`${targetFile}${suffix}`));
  if (taken !== undefined || path.resolve(damagedFile) === path.resolve(targetFile)) {
    throw storage(
      `A file already exists at ${targetFile}${taken ?? ''}; a rescue only writes a new file.`,
      'Choose another name, or move that file aside.',
    );
  }
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Copy every readable row into the fresh database, table by table, parents first. */
function copyRows(target: Db, work: WorkCopy, recovered: string | undefined): TableReport[] {
  const tables = targetTables(target);
  const damaged = openSource(work.file);
  const from = recovered ? openSource(recovered) : damaged;
  let sources: Map<string, SourceTable>;
  try {
    sources = from ? sourceTables(from) : new Map<string, SourceTable>();
    // Rows sqlite3 .recover could not place are in its lost_and_found table: never a table of ours.
    const recoveredFrom = recovered ? { countIn: damaged } : undefined;
    if (sources.size || recovered)
      return tables.map((t) =>
        copyTable(target, t, { db: from, table: sources.get(t.name), recovered: recoveredFrom }),
      );
  } finally {
    if (from !== damaged) from?.close();
    damaged?.close();
  }
  // SQLite could not read the schema at all: find the tables from the schema pages that are left.
  return fillFromSchemaPages(target, work, tables);
}

function fill(target: Db, work: WorkCopy, recovered: string | undefined): TableReport[] {
  const report = copyRows(target, work, recovered);
  // Full-text indexes are rebuilt from the rows now in place, never copied from damaged pages.
  for (const fts of fullTextTables(target))
    target.prepare(`INSERT INTO ${quoteName(fts)} (${quoteName(fts)}) VALUES ('rebuild')`).run();
  target.pragma('wal_checkpoint(TRUNCATE)');
  return report;
}

async function tryCli(work: WorkCopy, options: RescueOptions): Promise<string | undefined> {
  if (options.method === 'row-walk') return undefined;
  const out = path.join(work.dir, 'recovered.db');
  const size = fs.statSync(work.file).size + (work.hasWal ? fs.statSync(`${work.file}-wal`).size : 0);
  const timeoutMs = options.timeoutMs ?? 60_000 + Math.ceil(size / 1_000_000) * 100;
  const outcome = await recoverWithCli(options.sqlite3 ?? 'sqlite3', work.file, out, timeoutMs);
  if (outcome.ok && outcome.reason) options.logger?.warn('rescue: sqlite3 .recover', { note: outcome.reason });
  if (outcome.ok) return out;
  options.logger?.warn('rescue: sqlite3 .recover not used, walking rows instead', { reason: outcome.reason });
  fs.rmSync(out, { force: true });
  return undefined;
}

/**
 * Rescue what can be read from a damaged Atelier database into a new one at `targetFile`, created
 * with the current schema. The damaged file (and its -wal) is only ever copied, never opened.
 * Rows come from `sqlite3 .recover` when that tool is on PATH and works, else from the row walk.
 * A file that is no database at all gives a report of empty tables, not an error.
 */
export async function rescueDatabase(
  damagedFile: string,
  targetFile: string,
  migrationsDir: string,
  options: RescueOptions = {},
): Promise<RescueReport> {
  checkPaths(damagedFile, targetFile);
  let work: WorkCopy | undefined;
  let created = false;
  try {
    fs.mkdirSync(path.dirname(targetFile), { recursive: true });
    work = makeWorkCopy(damagedFile, path.dirname(targetFile));
    const header = repairHeader(work.file, work.hasWal);
    if (header === 'repaired') options.logger?.warn('rescue: the database header was damaged; read with a rebuilt one');
    const recovered = await tryCli(work, options);
    created = true;
    const target = openDatabase(targetFile, migrationsDir).db;
    try {
      const tables = fill(target, work, recovered);
      return { tables, method: recovered ? 'sqlite3-recover' : 'row-walk' };
    } finally {
      target.close();
    }
  } catch (e) {
    if (created) removeDatabase(targetFile);
    if (!(e instanceof AppException))
      options.logger?.error('rescue failed', { error: e instanceof Error ? e.message : String(e) });
    throw rescueError(e, damagedFile);
  } finally {
    if (work) fs.rmSync(work.dir, { recursive: true, force: true });
  }
}
