import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { AppException } from '../errors';
import type { Logger } from '../ports';
import { checkInBackground, type BackgroundCheck, type CheckResult } from './check';
import { closeWithoutCheckpoint } from './close';
import { DatabaseDamagedError, damageOf } from './damage';
import { checkDatabaseHeader, checkWal, isWalMode } from './file-check';
import { loadMigrations, type Migration } from './migrations';
import { withReadOnly } from './read-only';

export type Db = Database.Database;

const AppliedRow = z.object({ id: z.number().int(), name: z.string(), checksum: z.string() });
type AppliedRow = z.infer<typeof AppliedRow>;

/** How long opening waits for SQLite's quick_check; the rest of a longer check runs on in the background. */
export const CHECK_WAIT_MS = 1000;

/**
 * A WAL-mode file larger than this opens without waiting for its check (a check of 100,000 assets
 * takes longer than the whole start should): the check begins CHECK_DELAY_MS later, once the first
 * screen has been served, and damage it finds still stops every write. Smaller files are checked
 * first, within CHECK_WAIT_MS, as before.
 */
export const DEFER_CHECK_ABOVE_BYTES = 32 * 1024 * 1024;
export const CHECK_DELAY_MS = 3000;

/** SQLite's default: checkpoint the WAL into the file once it holds this many pages. */
export const WAL_AUTOCHECKPOINT_PAGES = 1000;

export interface OpenOptions {
  /** Called before pending migrations change an existing database (to back it up); throwing stops them. */
  beforeMigrations?: (db: Db, pending: Migration[]) => void;
  /** An empty file is a database that lost its content (backups of it exist), not a new one. */
  emptyIsDamage?: boolean;
  /**
   * How long to wait for the check before opening anyway (see `checked` and `pendingCheck`). When
   * given, it applies whatever the file's size (no deferred check).
   */
  checkWaitMs?: number;
  /** Files larger than this get a deferred check (default DEFER_CHECK_ABOVE_BYTES). */
  deferCheckAboveBytes?: number;
  /** How long a deferred check waits before it begins (default CHECK_DELAY_MS). */
  checkDelayMs?: number;
}

export interface OpenedDatabase {
  db: Db;
  schemaVersion: number;
  applied: number[];
  /**
   * full: quick_check passed before opening; partial: it had not finished in time (see pendingCheck); new: created now.
   */
  checked: 'full' | 'partial' | 'new';
  /**
   * The check still running when `checked` is partial. Until it passes the WAL is never
   * checkpointed (wal_autocheckpoint is 0), so a damaged file is not written into; call
   * `allowCheckpoints` once it has.
   */
  pendingCheck?: BackgroundCheck;
}

/** The check passed: the WAL may be copied into the file again. */
export function allowCheckpoints(db: Db): void {
  if (db.open) db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
}

/** Every commit waits for the disk, unless a writer says otherwise for one commit it can afford to lose. */
export const SYNCHRONOUS = 'FULL';

/**
 * The schema version of a database (how many migrations it has applied). schema_migrations is created and
 * kept here, so other modules (the backup's copy facts) read it through this, never with SQL of their own.
 */
export const SCHEMA_VERSION_SQL = 'SELECT count(*) FROM schema_migrations';
export function schemaVersion(db: Db): number {
  return Number(db.prepare<[], number>(SCHEMA_VERSION_SQL).pluck().get());
}

function readApplied(file: string): { applied: AppliedRow[]; error: unknown } {
  try {
    return {
      applied: withReadOnly(file, (db) => {
        const hasTable = db
          .prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'")
          .get();
        return hasTable
          ? db
              .prepare('SELECT id, name, checksum FROM schema_migrations ORDER BY id')
              .all()
              .map((r) => AppliedRow.parse(r))
          : [];
      }),
      error: null,
    };
  } catch (e) {
    return { applied: [], error: e };
  }
}

function compareSchema(applied: AppliedRow[], migrations: Migration[]): void {
  for (const row of applied) {
    const known = migrations.find((m) => m.id === row.id);
    if (!known)
      throw new DatabaseDamagedError(
        'newer',
        `It uses schema ${applied.length}; this version knows ${migrations.length}. The file was left untouched.`,
      );
    if (known.checksum !== row.checksum || known.name !== row.name)
      throw new DatabaseDamagedError('diverged', `(step ${row.id} ${row.name}) The file was left untouched.`);
  }
}

function refuseFailedCheck(file: string, check: CheckResult, logger?: Logger): never {
  logger?.error('the database failed its check at start', { problems: check.problems });
  if (check.damaged) throw new DatabaseDamagedError('corrupt');
  throw new AppException({
    code: 'storage',
    message:
      `The database at ${file} could not be checked (${check.problems[0] ?? 'no answer'}). ` + `It was left untouched.`,
    hint: 'Check that the data folder is readable by you and the disk has room, then start Atelier again.',
  });
}

type Inspection = Pick<OpenedDatabase, 'checked' | 'pendingCheck'>;

/**
 * The quick_check begun `delayMs` from now on a worker thread, so it does not compete with the first
 * screen for the CPU and the disk. Cancelled before it begins, it answers as a stopped check does.
 */
function deferredCheck(file: string, delayMs: number): BackgroundCheck {
  let running: BackgroundCheck | null = null;
  let stop: (result: CheckResult) => void = () => undefined;
  const result = new Promise<CheckResult>((resolve) => (stop = resolve));
  const timer = setTimeout(() => {
    running = checkInBackground(file, 'quick_check');
    void running.result.then(stop);
  }, delayMs);
  // A process that is done need not stay for a check that has not begun.
  timer.unref();
  return {
    result,
    cancel: async () => {
      clearTimeout(timer);
      if (running) await running.cancel();
      else stop({ ok: false, problems: ['The work was stopped.'], damaged: false });
    },
    waitUpTo: (ms) => running?.waitUpTo(ms) ?? null,
  };
}

/**
 * SQLite's quick_check on a worker thread, waited for up to `checkWaitMs`; a longer one goes on
 * in the background. A file still in rollback-journal mode is waited for to the end: switching
 * it to WAL needs the lock the running check holds.
 */
function quickCheck(file: string, size: number, options: OpenOptions, logger?: Logger): Inspection {
  const deferAbove = options.deferCheckAboveBytes ?? DEFER_CHECK_ABOVE_BYTES;
  if (options.checkWaitMs === undefined && size > deferAbove && isWalMode(file)) {
    const delayMs = options.checkDelayMs ?? CHECK_DELAY_MS;
    logger?.info('the database check begins after start', { bytes: size, delayMs });
    return { checked: 'partial', pendingCheck: deferredCheck(file, delayMs) };
  }
  const check = checkInBackground(file, 'quick_check');
  const waitMs = options.checkWaitMs ?? CHECK_WAIT_MS;
  const answer = check.waitUpTo(waitMs) ?? (isWalMode(file) ? null : check.waitUpTo(2 ** 31 - 1));
  if (!answer) {
    logger?.info('the database check goes on in the background', { waitedMs: waitMs });
    return { checked: 'partial', pendingCheck: check };
  }
  if (!answer.ok) refuseFailedCheck(file, answer, logger);
  return { checked: 'full' };
}

/**
 * Look at an existing file without writing to it: its bytes, its WAL, its schema steps and
 * SQLite's quick_check for up to `checkWaitMs`. Damage throws DatabaseDamagedError; the file is
 * never touched.
 */
function inspectExisting(file: string, migrations: Migration[], options: OpenOptions, logger?: Logger): Inspection {
  const wal = checkWal(`${file}-wal`);
  if (wal.damaged) throw new DatabaseDamagedError('journal');
  const size = fs.statSync(file).size;
  if (size === 0 && wal.frames === 0) {
    if (options.emptyIsDamage) throw new DatabaseDamagedError('empty');
    return { checked: 'new' };
  }
  if (size > 0) {
    const kind = checkDatabaseHeader(file, wal.frames > 0);
    if (kind) throw new DatabaseDamagedError(kind);
  }
  const { applied, error } = readApplied(file);
  if (error) {
    const damage = damageOf(error);
    if (damage) throw damage;
    throw new AppException({
      code: 'storage',
      message:
        `The database at ${file} could not be read (${error instanceof Error ? error.message : String(error)}). ` +
        `It was left untouched.`,
      hint: 'Check that the data folder is readable by you, then start Atelier again.',
    });
  }
  compareSchema(applied, migrations);
  return quickCheck(file, size, options, logger);
}

function applyMigrations(
  db: Db,
  migrations: Migration[],
  existed: boolean,
  options: OpenOptions,
  logger?: Logger,
): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const done = new Set(
    db
      .prepare<[], { id: number }>('SELECT id FROM schema_migrations')
      .all()
      .map((r) => r.id),
  );
  const pending = migrations.filter((m) => !done.has(m.id));
  if (pending.length > 0 && existed && done.size > 0) options.beforeMigrations?.(db, pending);
  const record = db.prepare('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  const applied: number[] = [];
  for (const m of pending) {
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.id, m.name, m.checksum, new Date().toISOString());
    })();
    applied.push(m.id);
    logger?.info('applied migration', { id: m.id, name: m.name });
  }
  return applied;
}

/**
 * Open (or create) the database: verify it first without writing, then WAL + synchronous=FULL,
 * then apply pending numbered migrations, each in its own transaction, recording them.
 */
export function openDatabase(
  file: string,
  migrationsDir: string,
  logger?: Logger,
  options: OpenOptions = {},
): OpenedDatabase {
  const migrations = loadMigrations(migrationsDir);
  let inspection: Inspection = { checked: 'new' };
  const existed = file !== ':memory:' && fs.existsSync(file);
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (existed) inspection = inspectExisting(file, migrations, options, logger);
  }
  const db = new Database(file);
  try {
    // Not one checkpoint before the check has passed: a damaged file is never written into.
    if (inspection.pendingCheck) db.pragma('wal_autocheckpoint = 0');
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const applied = applyMigrations(db, migrations, existed, options, logger);
    return { db, schemaVersion: migrations.length, applied, ...inspection };
  } catch (e) {
    void inspection.pendingCheck?.cancel();
    // A damaged file found only now is left as it is: no checkpoint copies anything into it.
    // Nor is one that has not passed its check yet.
    const damage = damageOf(e);
    if (damage || inspection.pendingCheck) closeWithoutCheckpoint(db);
    else db.close();
    throw damage ?? e;
  }
}
