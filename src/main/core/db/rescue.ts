import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppException } from '../errors';
import type { Logger } from '../ports';
import { openDatabase, type Db } from './open';
import { countRows } from './rescue/count';
import { repairHeader } from './rescue/header';
import { walkKeyed } from './rescue/key-walk';
import { recoverWithCli } from './rescue/recover-cli';
import { walkRowids, type WalkResult } from './rescue/row-walk';
import { fullTextTables, sourceTables, targetTables, type SourceTable, type TargetTable } from './rescue/schema';
import { makeWorkCopy, type WorkCopy } from './rescue/work-copy';
import { TableWriter } from './rescue/writer';

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

type TableReport = RescueReport['tables'][number];

function storage(message: string, hint?: string): AppException {
  return new AppException({ code: 'storage', message, ...(hint ? { hint } : {}) });
}

function errnoCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : '';
}

/** Anything that stops a rescue, in words; the damaged file is never the one at fault here. */
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
    return storage(`Atelier could not write the rescued database. ${damagedFile} was left untouched.`, 'Check the permissions of the data folder.');
  }
  const reason = e instanceof Error ? e.message : String(e);
  return storage(`The rescue could not finish (${reason}). ${damagedFile} was left untouched.`);
}

function checkPaths(damagedFile: string, targetFile: string): void {
  if (!fs.existsSync(damagedFile)) throw storage(`There is no database at ${damagedFile} to rescue.`);
  const taken = ['', '-wal', '-shm'].find((suffix) => fs.existsSync(`${targetFile}${suffix}`));
  if (taken !== undefined || path.resolve(damagedFile) === path.resolve(targetFile)) {
    throw storage(`A file already exists at ${targetFile}${taken ?? ''}; a rescue only writes a new file.`, 'Choose another name, or move that file aside.');
  }
}

function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** Open a working copy for reading; undefined when it is no database at all. */
function openSource(file: string): Db | undefined {
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

function copyTable(target: Db, table: TargetTable, from: Db | undefined, source: SourceTable | undefined, countIn: Db | undefined): TableReport {
  let walk: WalkResult = { read: 0, complete: true };
  let copied = 0;
  const columns = table.columns.filter((c) => source?.columns.has(c));
  if (from && source && columns.length) {
    const withRowid = !source.withoutRowid && !table.withoutRowid && !table.rowidAlias;
    const writer = new TableWriter(target, table, columns, withRowid);
    const emit = (values: unknown[], rowid: bigint | undefined) => writer.write(values, rowid);
    target.transaction(() => {
      walk = source.withoutRowid ? walkKeyed(from, source, columns, emit) : walkRowids(from, table.name, columns, emit);
    })();
    copied = writer.copied;
  }
  const counted = countIn ? countRows(countIn, table.name) : undefined;
  return { name: table.name, copied, lost: Math.max(0, expectedRows(walk, counted) - copied) };
}

/** Copy every readable row into the fresh database, table by table, parents first; then rebuild full text. */
function fill(target: Db, damagedCopy: string, recovered: string | undefined): TableReport[] {
  const damaged = openSource(damagedCopy);
  const from = recovered ? openSource(recovered) : damaged;
  try {
    const sources = from ? sourceTables(from) : new Map<string, SourceTable>();
    // Rows sqlite3 .recover could not place are in its lost_and_found table: never a table of ours.
    const report = targetTables(target).map((t) => copyTable(target, t, from, sources.get(t.name), recovered ? damaged : undefined));
    for (const fts of fullTextTables(target)) target.prepare(`INSERT INTO "${fts}" ("${fts}") VALUES ('rebuild')`).run();
    target.pragma('wal_checkpoint(TRUNCATE)');
    return report;
  } finally {
    if (from !== damaged) from?.close();
    damaged?.close();
  }
}

async function tryCli(work: WorkCopy, options: RescueOptions): Promise<string | undefined> {
  if (options.method === 'row-walk') return undefined;
  const out = path.join(work.dir, 'recovered.db');
  const size = fs.statSync(work.file).size + (work.hasWal ? fs.statSync(`${work.file}-wal`).size : 0);
  const timeoutMs = options.timeoutMs ?? 60_000 + Math.ceil(size / 1_000_000) * 100;
  const outcome = await recoverWithCli(options.sqlite3 ?? 'sqlite3', work.file, out, timeoutMs);
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
export async function rescueDatabase(damagedFile: string, targetFile: string, migrationsDir: string, options: RescueOptions = {}): Promise<RescueReport> {
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
      const tables = fill(target, work.file, recovered);
      return { tables, method: recovered ? 'sqlite3-recover' : 'row-walk' };
    } finally {
      target.close();
    }
  } catch (e) {
    if (created) removeDatabase(targetFile);
    throw rescueError(e, damagedFile);
  } finally {
    if (work) fs.rmSync(work.dir, { recursive: true, force: true });
  }
}
