import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { AppException } from '../errors';
import type { Logger } from '../ports';
import { checkNow } from './check';
import { closeWithoutCheckpoint } from './close';
import { DatabaseDamagedError, damageOf } from './damage';
import { checkDatabaseHeader, checkWal } from './file-check';
import { loadMigrations, type Migration } from './migrations';
import { withReadOnly } from './read-only';

export type Db = Database.Database;

const AppliedRow = z.object({ id: z.number().int(), name: z.string(), checksum: z.string() });
type AppliedRow = z.infer<typeof AppliedRow>;

/** Up to this size (database and WAL) SQLite's quick_check runs before opening: well under a second. */
export const FULL_CHECK_BYTES = 128 * 1024 * 1024;

export interface OpenOptions {
  /** Called before pending migrations change an existing database (to back it up); throwing stops them. */
  beforeMigrations?: (db: Db, pending: Migration[]) => void;
  /** An empty file is a database that lost its content (backups of it exist), not a new one. */
  emptyIsDamage?: boolean;
  /** Files larger than this are checked in full later, in the background (see `checked`). */
  fullCheckBytes?: number;
}

export interface OpenedDatabase {
  db: Db;
  schemaVersion: number;
  applied: number[];
  /** full: quick_check passed before opening; partial: only the header and schema were read (check the rest later); new: created now. */
  checked: 'full' | 'partial' | 'new';
}

/** Every commit waits for the disk, unless a writer says otherwise for one commit it can afford to lose. */
export const SYNCHRONOUS = 'FULL';

function readApplied(file: string): { applied: AppliedRow[]; error: unknown } {
  try {
    return {
      applied: withReadOnly(file, (db) => {
        const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'").get();
        return hasTable ? db.prepare('SELECT id, name, checksum FROM schema_migrations ORDER BY id').all().map((r) => AppliedRow.parse(r)) : [];
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
    if (!known) throw new DatabaseDamagedError('newer', `It uses schema ${applied.length}; this version knows ${migrations.length}. The file was left untouched.`);
    if (known.checksum !== row.checksum || known.name !== row.name) throw new DatabaseDamagedError('diverged', `(step ${row.id} ${row.name}) The file was left untouched.`);
  }
}

/**
 * Look at an existing file without writing to it: its bytes, its WAL, its schema steps and, when
 * it is small enough to take well under a second, SQLite's quick_check. Damage throws
 * DatabaseDamagedError; the file is never touched.
 */
function inspectExisting(file: string, migrations: Migration[], options: OpenOptions, logger?: Logger): OpenedDatabase['checked'] {
  const wal = checkWal(`${file}-wal`);
  if (wal.damaged) throw new DatabaseDamagedError('journal');
  const size = fs.statSync(file).size;
  if (size === 0 && wal.frames === 0) {
    if (options.emptyIsDamage) throw new DatabaseDamagedError('empty');
    return 'new';
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
      message: `The database at ${file} could not be read (${error instanceof Error ? error.message : String(error)}). It was left untouched.`,
      hint: 'Check that the data folder is readable by you, then start Atelier again.',
    });
  }
  compareSchema(applied, migrations);
  const walSize = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;
  if (size + walSize > (options.fullCheckBytes ?? FULL_CHECK_BYTES)) return 'partial';
  const check = checkNow(file, 'quick_check');
  if (!check.ok) {
    logger?.error('the database failed its check at start', { problems: check.problems });
    throw new DatabaseDamagedError('corrupt');
  }
  return 'full';
}

function applyMigrations(db: Db, migrations: Migration[], existed: boolean, options: OpenOptions, logger?: Logger): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const done = new Set((db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((r) => r.id));
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
export function openDatabase(file: string, migrationsDir: string, logger?: Logger, options: OpenOptions = {}): OpenedDatabase {
  const migrations = loadMigrations(migrationsDir);
  let checked: OpenedDatabase['checked'] = 'new';
  const existed = file !== ':memory:' && fs.existsSync(file);
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (existed) checked = inspectExisting(file, migrations, options, logger);
  }
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const applied = applyMigrations(db, migrations, existed, options, logger);
    return { db, schemaVersion: migrations.length, applied, checked };
  } catch (e) {
    // A damaged file found only now is left as it is: no checkpoint copies anything into it.
    const damage = damageOf(e);
    if (damage) {
      closeWithoutCheckpoint(db);
      throw damage;
    }
    db.close();
    throw e;
  }
}
