import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppException } from '../errors';
import { loadMigrations } from './migrations';
import { migrationsDir } from './migrations-dir';
import { rescueDatabase, rescueError, type RescueOptions, type RescueReport } from './rescue';
import {
  RECORD_TABLES,
  buildDatabase,
  damage,
  rowPages,
  touchedPages,
  untouchedRows,
  type Damage,
  type DamageKind,
  type DamageOptions,
  type RowPages,
} from '../../../../test/support/damage';
import { tempDirs } from '../../../../test/support/temp-dirs';

const tmp = tempDirs('rescue');
const RECORDS = 10_000;
const ROW_TABLES = [...RECORD_TABLES, 'assets', 'outbox', 'ai_jobs', 'ai_outputs', 'app_meta'];
const COUNTED = [...RECORD_TABLES, 'assets'];

let base: string;
let pristine: string;
let pristineWal: string;
let pages: RowPages;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-rescue-base-'));
  pristine = buildDatabase(base, { records: RECORDS });
  pristineWal = buildDatabase(base, { records: RECORDS, walRecords: 1000, name: 'with-wal.db' });
  pages = rowPages(pristine, ROW_TABLES);
});
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const sha = (file: string) =>
  fs.existsSync(file) ? crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex') : 'absent';
const fingerprint = (file: string) => ['', '-wal', '-shm'].map((s) => sha(`${file}${s}`));

interface Case {
  dir: string;
  file: string;
  target: string;
  damage: Damage;
  before: string[];
}

function damaged(kind: DamageKind, opts: DamageOptions = {}): Case {
  const dir = tmp();
  const file = path.join(dir, 'atelier.db');
  const from = kind === 'wal' ? pristineWal : pristine;
  fs.copyFileSync(from, file);
  if (kind === 'wal') fs.copyFileSync(`${from}-wal`, `${file}-wal`);
  const result = damage(file, kind, opts);
  return { dir, file, target: path.join(dir, 'rescued.db'), damage: result, before: fingerprint(file) };
}

type Row = Record<string, unknown>;

function rowsByRowid(file: string, table: string): Map<number, Row> {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db.prepare(`SELECT rowid AS _rowid, * FROM ${table}`).all() as Row[];
    return new Map(rows.map((r) => [Number(r._rowid), r]));
  } finally {
    db.close();
  }
}

function checkTarget(target: string, report: RescueReport): void {
  const db = new Database(target, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare('SELECT id FROM schema_migrations ORDER BY id').pluck().all()).toEqual(
      loadMigrations(migrationsDir).map((m) => m.id),
    );
    for (const t of report.tables)
      expect(db.prepare(`SELECT count(*) FROM ${t.name}`).pluck().get(), t.name).toBe(t.copied);
    // Full text is rebuilt from the copied assets: every asset is found by a word all of them hold.
    expect(db.prepare(`SELECT count(*) FROM assets_fts WHERE assets_fts MATCH 'library'`).pluck().get()).toBe(
      db.prepare('SELECT count(*) FROM assets').pluck().get(),
    );
  } finally {
    db.close();
  }
}

/** Every row whose pages the damage did not touch is back, byte for byte, under its own rowid. */
function checkUntouchedBack(c: Case, target: string, only?: Set<string>): number {
  const keep = untouchedRows(pages, touchedPages(c.damage.ranges, pages.pageSize));
  for (const table of keep.keys()) if (only && !only.has(table)) keep.delete(table);
  const jobs = new Set([...rowsByRowid(target, 'ai_jobs').values()].map((r) => r.id));
  let checked = 0;
  for (const [table, rowids] of keep) {
    const before = rowsByRowid(pristine, table);
    const after = rowsByRowid(target, table);
    for (const rowid of rowids) {
      const row = before.get(rowid);
      if (table === 'ai_outputs' && !jobs.has(row?.job_id)) continue; // its job was lost: the output cannot stand alone
      expect(after.get(rowid), `${table} rowid ${rowid}`).toEqual(row);
      checked++;
    }
  }
  return checked;
}

function recordCount(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return COUNTED.reduce((n, t) => n + Number(db.prepare(`SELECT count(*) FROM ${t}`).pluck().get()), 0);
  } finally {
    db.close();
  }
}

async function rescue(c: Case, options: RescueOptions = { method: 'row-walk' }): Promise<RescueReport> {
  const report = await rescueDatabase(c.file, c.target, migrationsDir, options);
  expect(fingerprint(c.file)).toEqual(c.before);
  expect(fs.readdirSync(c.dir).filter((f) => f.startsWith('.rescue-'))).toEqual([]);
  checkTarget(c.target, report);
  return report;
}

const copiedOf = (report: RescueReport, table: string) => report.tables.find((t) => t.name === table)?.copied ?? -1;
const lostOf = (report: RescueReport, table: string) => report.tables.find((t) => t.name === table)?.lost ?? -1;

/** Every record is back, no table lost a row, and the untouched ones came back as they were. */
function expectNothingLost(c: Case, report: RescueReport): void {
  expect(recordCount(c.target)).toBe(recordCount(pristine));
  expect(report.tables.every((t) => t.lost === 0)).toBe(true);
  expect(checkUntouchedBack(c, c.target)).toBeGreaterThan(RECORDS);
}

describe('rescueDatabase: the row walk, through every kind of damage', () => {
  it('header: rebuilds the destroyed file header on its copy and brings every record back', async () => {
    const c = damaged('header');
    const report = await rescue(c);
    expect(report.method).toBe('row-walk');
    expectNothingLost(c, report);
  });

  for (const [name, offsets] of [
    ['at 30, 55 and 80 %', undefined],
    ['at 10, 45, 65 and 90 %', [0.1, 0.45, 0.65, 0.9]],
  ] as const) {
    it(
      `middle, 8 KiB of random bytes ${name}: keeps every record on an untouched page, ` +
        `and counts the rest as lost`,
      async () => {
        const size = fs.statSync(pristine).size;
        const c = damaged('middle', offsets ? { offsets: offsets.map((f) => Math.floor(size * f)) } : {});
        const started = Date.now();
        const report = await rescue(c);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(checkUntouchedBack(c, c.target)).toBeGreaterThan(RECORDS * 0.9);
        const total = recordCount(pristine);
        const back = recordCount(c.target);
        expect(back).toBeGreaterThanOrEqual(total * 0.9);
        expect(back).toBeLessThan(total); // the damage did reach records
        // A full index of each table could still be read, so "lost" is exact.
        for (const table of COUNTED)
          expect(copiedOf(report, table) + lostOf(report, table), table).toBe(rowsByRowid(pristine, table).size);
      },
    );
  }

  it('index-page: an index page of random bytes costs no record (rows are read from the table)', async () => {
    const c = damaged('index-page');
    const report = await rescue(c);
    expectNothingLost(c, report);
  });

  it('wal: reads the commits before the damage in the -wal file and leaves that file as it was', async () => {
    const c = damaged('wal');
    expect(fs.existsSync(`${c.file}-wal`)).toBe(true);
    const report = await rescue(c);
    const posts = copiedOf(report, 'posts');
    expect(posts).toBeGreaterThan(RECORDS / 2); // some of the posts only the -wal held
    expect(posts).toBeLessThan(RECORDS / 2 + 1000); // ...but not those after the damage
    const before = rowsByRowid(pristine, 'posts');
    const after = rowsByRowid(c.target, 'posts');
    for (const [rowid, row] of before) expect(after.get(rowid)).toEqual(row);
  });

  it('truncate: keeps the records whose pages are in the half that is left', async () => {
    const c = damaged('truncate');
    const report = await rescue(c);
    expect(checkUntouchedBack(c, c.target)).toBeGreaterThan(RECORDS / 4);
    expect(copiedOf(report, 'posts')).toBeGreaterThan(0);
  });

  it('a damaged page of the schema itself: the tables named on its other pages are still read', async () => {
    const schema = rowPages(pristine, ['sqlite_schema']);
    const names = new Map([...rowsByRowid(pristine, 'sqlite_schema')].map(([rowid, r]) => [rowid, String(r.name)]));
    const leafOf = (name: string) =>
      [...(schema.tables.get('sqlite_schema') ?? [])].find(([rowid]) => names.get(rowid) === name)?.[1][0] ?? 0;
    const page = leafOf('assets');
    expect(page).toBeGreaterThan(1);
    const c = damaged('middle', { offsets: [(page - 1) * pages.pageSize], length: pages.pageSize });
    const survivors = new Set(ROW_TABLES.filter((t) => leafOf(t) !== page));
    expect(survivors.has('posts') && !survivors.has('assets')).toBe(true);
    const report = await rescue(c);
    expect(checkUntouchedBack(c, c.target, survivors)).toBeGreaterThan(RECORDS / 4);
    expect(copiedOf(report, 'assets')).toBe(0);
  });

  it('zero: an empty file gives an empty database and a report of nothing copied', async () => {
    const c = damaged('zero');
    const report = await rescue(c);
    expect(report.method).toBe('row-walk');
    expect(report.tables.length).toBeGreaterThan(10);
    expect(report.tables.every((t) => t.copied === 0 && t.lost === 0)).toBe(true);
  });

  it('a file that is no database at all gives an empty database, not a crash', async () => {
    const dir = tmp();
    const file = path.join(dir, 'atelier.db');
    fs.writeFileSync(file, crypto.randomBytes(64 * 1024));
    const c: Case = {
      dir,
      file,
      target: path.join(dir, 'rescued.db'),
      damage: { kind: 'middle', ranges: [] },
      before: fingerprint(file),
    };
    const report = await rescue(c, {});
    expect(report.tables.every((t) => t.copied === 0)).toBe(true);
  });

  it('newer-schema: copies every record into the current schema, minus the unknown step, table or column', async () => {
    const c = damaged('newer-schema');
    const report = await rescue(c);
    expect(recordCount(c.target)).toBe(recordCount(pristine));
    expect(report.tables.map((t) => t.name)).not.toContain('future_things');
    const db = new Database(c.target, { readonly: true });
    try {
      expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'future_things'`).all()).toEqual([]);
      expect(db.prepare('SELECT name FROM pragma_table_xinfo(?)').pluck().all('posts')).not.toContain('future_note');
    } finally {
      db.close();
    }
  });

  it('refuses rows the schema refuses (broken JSON, a child without its parent) and counts them as lost', async () => {
    const c = damaged('index-page');
    const db = new Database(c.file);
    db.pragma('ignore_check_constraints = ON');
    db.pragma('foreign_keys = OFF');
    db.prepare(`UPDATE outbox SET payload = 'not json' WHERE seq = 7`).run();
    db.prepare(
      `INSERT INTO ai_outputs (job_id, idx, kind, sha256, mime_type, size_bytes) ` +
        `VALUES ('no-such-job', 0, 'image', 'x', 'image/png', 1)`,
    ).run();
    db.close();
    c.before = fingerprint(c.file);
    const report = await rescue(c);
    expect(copiedOf(report, 'outbox')).toBe(RECORDS / 10 - 1);
    expect(lostOf(report, 'outbox')).toBe(1);
    expect(copiedOf(report, 'ai_outputs')).toBe(RECORDS / 20);
    expect(lostOf(report, 'ai_outputs')).toBe(1);
  });
});

/**
 * A stand-in for a sqlite3 whose `.recover` works: it answers `.recover` with the real tool's `.dump`, plus a
 * lost_and_found table.
 */
function fakeSqlite3(dir: string, real: string): string {
  const bin = path.join(dir, 'sqlite3');
  fs.writeFileSync(
    bin,
    `#!/bin/sh
if [ "$2" = ".recover" ]; then
  "${real}" "$1" .dump || exit 1
  echo "CREATE TABLE lost_and_found(rootpgno INTEGER, pgno INTEGER, nfield INTEGER, id INTEGER, c0, c1);"
  echo "INSERT INTO lost_and_found VALUES(NULL, 99, 2, 1, 'orphan', 'row');"
  echo "INSERT INTO app_meta VALUES('workspace_id', 'a second row the loader refuses');"
  exit 0
fi
exec "${real}" "$@"
`,
    { mode: 0o755 },
  );
  return bin;
}

function realSqlite3(): { path: string; recovers: boolean } | undefined {
  try {
    const found = execFileSync('sh', ['-c', 'command -v sqlite3'], { encoding: 'utf8' }).trim();
    try {
      execFileSync(found, [':memory:', 'SELECT count(*) FROM sqlite_dbpage'], { stdio: 'ignore' });
      return { path: found, recovers: true };
    } catch {
      return { path: found, recovers: false }; // built without the pages table .recover reads (Debian 12's is)
    }
  } catch {
    return undefined;
  }
}

describe('rescueDatabase: sqlite3 .recover first, the row walk when it cannot', () => {
  const real = realSqlite3();

  it("loads sqlite3 .recover's output into the new database by column name, leaving lost_and_found out", async () => {
    expect(real, 'sqlite3 must be installed (.ci/run installs it)').toBeDefined();
    const c = damaged('index-page');
    const report = await rescue(c, { sqlite3: fakeSqlite3(c.dir, real?.path ?? 'sqlite3') });
    expect(report.method).toBe('sqlite3-recover');
    expect(report.tables.map((t) => t.name)).not.toContain('lost_and_found');
    expectNothingLost(c, report);
  });

  it('uses the sqlite3 on PATH when it can recover, and walks rows when it cannot', async () => {
    const c = damaged('middle');
    const report = await rescue(c, {});
    expect(report.method).toBe(real?.recovers ? 'sqlite3-recover' : 'row-walk');
    expect(checkUntouchedBack(c, c.target)).toBeGreaterThan(RECORDS * 0.9);
  });

  it('walks rows when sqlite3 is missing, fails, or takes too long', async () => {
    const c = damaged('middle');
    const failing = path.join(c.dir, 'failing-sqlite3');
    fs.writeFileSync(failing, '#!/bin/sh\necho "Error: no such table: sqlite_dbpage" >&2\nexit 1\n', { mode: 0o755 });
    const hanging = path.join(c.dir, 'hanging-sqlite3');
    fs.writeFileSync(hanging, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    const options: RescueOptions[] = [
      { sqlite3: path.join(c.dir, 'no-such-sqlite3') },
      { sqlite3: failing },
      { sqlite3: hanging, timeoutMs: 300 },
    ];
    for (const [i, o] of options.entries()) {
      const started = Date.now();
      const report = await rescue({ ...c, target: path.join(c.dir, `rescued-${i}.db`) }, o);
      expect(report.method).toBe('row-walk');
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });
});

describe('rescueDatabase: refusals in words', () => {
  it('never overwrites an existing file, and says so', async () => {
    const c = damaged('middle');
    fs.writeFileSync(c.target, 'mine');
    const error = await rescueDatabase(c.file, c.target, migrationsDir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppException);
    expect((error as AppException).error).toMatchObject({
      code: 'storage',
      message: expect.stringContaining('already exists'),
    });
    expect(fs.readFileSync(c.target, 'utf8')).toBe('mine');
    expect(fingerprint(c.file)).toEqual(c.before);
  });

  it('says when there is nothing to rescue', async () => {
    const dir = tmp();
    const error = await rescueDatabase(path.join(dir, 'none.db'), path.join(dir, 'out.db'), migrationsDir).catch(
      (e: unknown) => e,
    );
    expect((error as AppException).error).toMatchObject({
      code: 'storage',
      message: expect.stringContaining('no database'),
    });
  });

  it('a full disk stops the rescue in words and leaves no partial file', async () => {
    const c = damaged('middle');
    const full = vi.spyOn(fs, 'copyFileSync').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, copyfile'), { code: 'ENOSPC' });
    });
    try {
      const error = await rescueDatabase(c.file, c.target, migrationsDir).catch((e: unknown) => e);
      expect((error as AppException).error).toMatchObject({
        code: 'storage',
        message: expect.stringContaining('disk is full'),
      });
    } finally {
      full.mockRestore();
    }
    expect(fs.readdirSync(c.dir)).toEqual(['atelier.db']);
    expect(fingerprint(c.file)).toEqual(c.before);
  });

  it('puts a full disk while writing and any other failure into words, without a stack', () => {
    const full = rescueError(
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      'a.db',
    ).error;
    expect(full).toMatchObject({
      code: 'storage',
      message: expect.stringContaining('disk is full'),
      hint: expect.stringContaining('Free some disk space'),
    });
    const other = rescueError(new TypeError('x is not a function'), 'a.db').error;
    expect(other.code).toBe('storage');
    expect(other.message).toContain('a.db was left untouched');
    expect(other.message).not.toMatch(/\n\s+at /);
  });
});
