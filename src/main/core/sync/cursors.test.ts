import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { migrationsDir } from '../db/migrations-dir';
import { forgetAllCursors, SyncCursors } from './cursors';

describe('SyncCursors', () => {
  it('saves, replaces and reads each feed position per account and group', () => {
    const { db } = openDatabase(':memory:', migrationsDir);
    const cursors = new SyncCursors(db);
    expect(cursors.get('a1', 'posts')).toBeNull();
    cursors.save('a1', 'posts', 'c1', 100);
    cursors.save('a1', 'posts', 'c2', 200);
    cursors.save('a1', 'assets', null, 300);
    cursors.save('a2', 'posts', 'other', 400);
    expect(cursors.get('a1', 'posts')).toBe('c2');
    expect(cursors.get('a1', 'assets')).toBeNull();
    expect(cursors.pulledAt('a1')).toEqual(
      new Map([
        ['posts', 200],
        ['assets', 300],
      ]),
    );
    forgetAllCursors(db);
    expect(cursors.get('a2', 'posts')).toBeNull();
    expect(cursors.pulledAt('a1').size).toBe(0);
  });

  it('forgetting cursors of a file from before sync existed changes nothing', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE notes (id TEXT)');
    expect(() => forgetAllCursors(db)).not.toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: 'notes' }]);
  });
});
