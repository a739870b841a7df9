import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

/** File name of the database inside the data folder. */
export const DB_FILE = 'sandbox.db';

/** Applies missing migrations in order; refuses a database that knows migrations this code does not. */
export function migrate(db: Db, migrations: Migration[] = MIGRATIONS): void {
  db.exec(
    `CREATE TABLE IF NOT EXISTS sandbox_migrations (
       id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL
     )`,
  );
  const applied = db.prepare('SELECT id, name FROM sandbox_migrations ORDER BY id').all() as {
    id: number;
    name: string;
  }[];
  for (const row of applied) {
    const known = migrations.find((m) => m.id === row.id);
    if (!known || known.name !== row.name) {
      throw new Error(
        `sandbox database has migration ${row.id} "${row.name}" that this sandbox does not know; ` +
          'use another data folder',
      );
    }
  }
  const done = new Set(applied.map((row) => row.id));
  const record = db.prepare('INSERT INTO sandbox_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (done.has(migration.id)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.id, migration.name, Date.now());
    })();
  }
}

/** Opens the sandbox database in dataDir (created if needed) or in memory. */
export function openDatabase(dataDir: string | null): Db {
  let db: Db;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    db = new Database(join(dataDir, DB_FILE));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
  } else {
    db = new Database(':memory:');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
