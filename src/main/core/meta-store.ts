import type { Db } from './db/open';
import { Statements } from './db/statements';

/**
 * Small non-secret facts kept in the database (connection choice, current account, warnings shown).
 * The one module that holds SQL naming the app_meta table.
 */
export class MetaStore {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  get<T>(key: string): T | undefined {
    const row = this.s.sql<[string], { value: string }>('SELECT value FROM app_meta WHERE key = ?').get(key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as T;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    this.s
      .sql<[string, string]>(
        'INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      )
      .run(key, JSON.stringify(value));
  }

  /** Write `value` only when the key has none yet (a first-run fact such as when the data folder was made). */
  setIfAbsent(key: string, value: unknown): void {
    this.s
      .sql<[string, string]>('INSERT OR IGNORE INTO app_meta (key, value) VALUES (?, ?)')
      .run(key, JSON.stringify(value));
  }

  delete(key: string): void {
    this.s.sql<[string]>('DELETE FROM app_meta WHERE key = ?').run(key);
  }
}
