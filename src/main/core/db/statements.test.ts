import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Statements } from './statements';

describe('Statements', () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL)');
  const s = new Statements(db);

  it('prepares each text once and types its parameters and rows', () => {
    s.sql<[string, number]>('INSERT INTO t (id, n) VALUES (?, ?)').run('a', 1);
    s.sql<{ id: string; n: number }>('INSERT INTO t (id, n) VALUES (@id, @n)').run({ id: 'b', n: 2 });
    const one = s.sql<[string], { n: number }>('SELECT n FROM t WHERE id = ?');
    expect(one.get('a')?.n).toBe(1);
    expect(s.sql<[string], { n: number }>('SELECT n FROM t WHERE id = ?')).toBe(one);
    expect(
      s
        .sql<[], { id: string }>('SELECT id FROM t ORDER BY id')
        .all()
        .map((r) => r.id),
    ).toEqual(['a', 'b']);
  });

  it('rolls a failed transaction back whole', () => {
    expect(() =>
      s.transaction(() => {
        s.sql<[string, number]>('INSERT INTO t (id, n) VALUES (?, ?)').run('c', 3);
        s.sql<[string, number]>('INSERT INTO t (id, n) VALUES (?, ?)').run('a', 4);
      }),
    ).toThrow(/UNIQUE/);
    expect(s.sql<[], { n: number }>('SELECT count(*) AS n FROM t').get()?.n).toBe(2);
  });
});
