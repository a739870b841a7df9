import type { Db } from './db/open';

/** Small non-secret facts kept in the database (connection choice, current account, warnings shown). */
export class MetaStore {
  // Prepared once: preparing a statement per call costs more than the read itself.
  private readonly read;
  private readonly write;
  private readonly remove;

  constructor(db: Db) {
    this.read = db.prepare<[string], { value: string }>('SELECT value FROM app_meta WHERE key = ?');
    this.write = db.prepare<[string, string]>('INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    this.remove = db.prepare<[string]>('DELETE FROM app_meta WHERE key = ?');
  }

  get<T>(key: string): T | undefined {
    const row = this.read.get(key);
    if (!row) return undefined;
    try {
      return JSON.parse(row.value) as T;
    } catch {
      return undefined;
    }
  }

  set(key: string, value: unknown): void {
    this.write.run(key, JSON.stringify(value));
  }

  delete(key: string): void {
    this.remove.run(key);
  }
}
