import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppException } from '../errors';
import type { Logger } from '../ports';
import { loadMigrations, type Migration } from './migrations';

export type Db = Database.Database;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

interface AppliedRow {
  id: number;
  name: string;
  checksum: string;
}

function refuse(message: string, hint: string): never {
  throw new AppException({ code: 'storage', message, hint });
}

/** Look at an existing file read-only; refuse (and leave it untouched) if it is not ours or is newer. */
function inspectExisting(file: string, migrations: Migration[]): void {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(16);
  const read = fs.readSync(fd, head, 0, 16, 0);
  fs.closeSync(fd);
  if (read === 0) return; // an empty file is a new database
  if (read < 16 || !head.equals(SQLITE_HEADER)) {
    refuse(
      `The database at ${file} is damaged or is not an Atelier database. It was left untouched.`,
      'Move the file aside (or restore it from a backup) and start Atelier again to create a new one.',
    );
  }
  let applied: AppliedRow[] = [];
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type='table' AND name='schema_migrations'").get();
    if (hasTable) applied = db.prepare('SELECT id, name, checksum FROM schema_migrations ORDER BY id').all() as AppliedRow[];
  } catch (e) {
    if (e instanceof AppException) throw e;
    refuse(
      `The database at ${file} could not be read (${(e as Error).message}). It was left untouched.`,
      'Move the file aside (or restore it from a backup) and start Atelier again to create a new one.',
    );
  } finally {
    db?.close();
  }
  for (const row of applied) {
    const known = migrations.find((m) => m.id === row.id);
    if (!known) {
      refuse(
        `The database at ${file} was written by a newer version of Atelier (schema ${applied.length}, this version knows ${migrations.length}). It was left untouched.`,
        'Update Atelier to the latest version to open it.',
      );
    }
    if (known.checksum !== row.checksum || known.name !== row.name) {
      refuse(
        `The database at ${file} has a schema step (${row.id} ${row.name}) that differs from this version's. It was left untouched.`,
        'Open it with the version of Atelier that created it, or restore a backup.',
      );
    }
  }
}

export interface OpenedDatabase {
  db: Db;
  schemaVersion: number;
  applied: number[];
}

/** Every commit waits for the disk, unless a writer says otherwise for one commit it can afford to lose. */
export const SYNCHRONOUS = 'FULL';

/**
 * Open (or create) the database: verify it first without writing, then WAL + synchronous=FULL,
 * then apply pending numbered migrations, each in its own transaction, recording them.
 */
export function openDatabase(file: string, migrationsDir: string, logger?: Logger): OpenedDatabase {
  const migrations = loadMigrations(migrationsDir);
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (fs.existsSync(file)) inspectExisting(file, migrations);
  }
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${SYNCHRONOUS}`);
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    const done = new Set((db.prepare('SELECT id FROM schema_migrations').all() as { id: number }[]).map((r) => r.id));
    const record = db.prepare('INSERT INTO schema_migrations (id, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      db.transaction(() => {
        db.exec(m.sql);
        record.run(m.id, m.name, m.checksum, new Date().toISOString());
      })();
      applied.push(m.id);
      logger?.info('applied migration', { id: m.id, name: m.name });
    }
    return { db, schemaVersion: migrations.length, applied };
  } catch (e) {
    db.close();
    throw e;
  }
}
