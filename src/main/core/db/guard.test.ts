import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { pagesOf, scribble } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { guardDatabase } from './guard';

const tmp = tempDirs('guard');

/** A table over many pages, one of its leaf pages then overwritten while no connection is open. */
function damagedFile(): string {
  const file = path.join(tmp(), 'g.db');
  const db = new Database(file);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT)');
  const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 400; i++) insert.run('y'.repeat(500));
  })();
  db.close();
  const pages = pagesOf(file, 't');
  scribble(file, ((pages[Math.floor(pages.length / 2)] ?? 2) - 1) * 4096, 4096, 5);
  return file;
}

describe('guardDatabase', () => {
  it('tells about SQLITE_CORRUPT from a statement at once, and the error still reaches the caller', () => {
    const onDamage = vi.fn();
    const db = guardDatabase(new Database(damagedFile()), onDamage);
    const count = db.prepare('SELECT count(*) AS n, sum(length(x)) AS s FROM t').pluck();
    expect(() => count.get()).toThrow(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_CORRUPT/) }));
    expect(onDamage).toHaveBeenCalledTimes(1);
    expect(() => db.prepare('SELECT * FROM t').all()).toThrow();
    expect(onDamage).toHaveBeenCalledTimes(2);
    db.close();
  });

  it('stays quiet about ordinary errors, inside transactions too', () => {
    const onDamage = vi.fn();
    const db = guardDatabase(new Database(':memory:'), onDamage);
    db.exec('CREATE TABLE a (x INTEGER NOT NULL)');
    expect(() => db.prepare('INSERT INTO a VALUES (NULL)').run()).toThrow(/NOT NULL/);
    expect(() => db.exec('NOT SQL')).toThrow();
    expect(() => db.pragma('no_such_pragma = x')).not.toThrow();
    const tx = db.transaction(() => db.prepare('INSERT INTO a VALUES (NULL)').run());
    expect(() => tx()).toThrow(/NOT NULL/);
    expect(() => tx.immediate()).toThrow(/NOT NULL/);
    expect(db.prepare('SELECT count(*) FROM a').pluck().get()).toBe(0);
    expect(onDamage).not.toHaveBeenCalled();
    db.close();
  });
});
