import type Database from 'better-sqlite3';
import { isDamageError } from './damage';
import type { Db } from './open';

type Fn = (...args: never[]) => unknown;

/** The same function, telling `onDamage` about a damage error before it goes on its way. */
function watched<F extends Fn>(fn: F, self: unknown, onDamage: (e: unknown) => void): F {
  return function (this: unknown, ...args: Parameters<F>) {
    try {
      return fn.apply(this ?? self, args);
    } catch (e) {
      if (isDamageError(e)) onDamage(e);
      throw e;
    }
  } as F;
}

function watchStatement(stmt: Database.Statement, onDamage: (e: unknown) => void): Database.Statement {
  for (const name of ['run', 'get', 'all', 'iterate'] as const) {
    Object.defineProperty(stmt, name, {
      value: watched(stmt[name] as Fn, stmt, onDamage),
      configurable: true,
      writable: true,
    });
  }
  return stmt;
}

/**
 * Watch every statement, pragma, exec and transaction on this connection: the first
 * SQLITE_CORRUPT or SQLITE_NOTADB from anywhere (a handler, sync, the AI queue, a reminder)
 * reaches `onDamage` at once, whoever catches the error afterwards.
 */
export function guardDatabase(db: Db, onDamage: (e: unknown) => void): Db {
  const prepare = db.prepare.bind(db);
  const transaction = db.transaction.bind(db);
  Object.defineProperty(db, 'prepare', {
    value: (source: string) => watchStatement(prepare(source), onDamage),
    configurable: true,
    writable: true,
  });
  Object.defineProperty(db, 'exec', {
    value: watched(db.exec.bind(db), db, onDamage),
    configurable: true,
    writable: true,
  });
  Object.defineProperty(db, 'pragma', {
    value: watched(db.pragma.bind(db), db, onDamage),
    configurable: true,
    writable: true,
  });
  Object.defineProperty(db, 'transaction', {
    value: (fn: Fn) => {
      const tx = transaction(fn);
      const outer = watched(tx, tx, onDamage);
      // COMMIT runs inside better-sqlite3 (not through prepare): each variant is watched too.
      for (const variant of ['deferred', 'immediate', 'exclusive'] as const) {
        Object.defineProperty(outer, variant, { value: watched(tx[variant], tx, onDamage) });
      }
      return outer;
    },
    configurable: true,
    writable: true,
  });
  return db;
}
