import type Database from 'better-sqlite3';
import type { Db } from './open';

type Params = unknown[] | object;
type Bound<P extends Params> = P extends unknown[] ? P : [P];

/**
 * Typed statements for the module that owns a table: each text is prepared once (preparing costs
 * more than the small reads themselves) and comes back with its parameter and row types, so rows
 * are read without casts. Each owner keeps its own instance private.
 */
export class Statements {
  private readonly cache = new Map<string, Database.Statement<unknown[], unknown>>();

  constructor(private readonly db: Db) {}

  /** `P`: the parameters (a tuple, or one object of named ones); `R`: the row a read returns. */
  sql<P extends Params = [], R = never>(text: string): Database.Statement<Bound<P>, R> {
    let s = this.cache.get(text);
    if (!s) {
      s = this.db.prepare(text);
      this.cache.set(text, s);
    }
    return s as unknown as Database.Statement<Bound<P>, R>;
  }

  /** Runs `fn` in one transaction (nested calls join the outer one as savepoints). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
