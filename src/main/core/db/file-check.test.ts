import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { scribble } from '../../../../test/support/seed-db';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { checkDatabaseHeader, checkWal } from './file-check';

const tmp = tempDirs('file-check');
const FRAME = 24 + 4096;

/** A database with `commits` transactions still in its WAL (as after a kill), copied beside the live one. */
function walCopy(commits: number): string {
  const dir = tmp();
  const live = path.join(dir, 'live.db');
  const db = new Database(live);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (x TEXT)');
  db.pragma('wal_checkpoint(TRUNCATE)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < commits; i++) insert.run('x'.repeat(3000));
  const copy = path.join(dir, 'copy.db');
  fs.copyFileSync(live, copy);
  fs.copyFileSync(`${live}-wal`, `${copy}-wal`);
  db.close();
  return copy;
}

describe('checkWal', () => {
  it('reads every frame of a sound WAL, and an absent one as empty', () => {
    const file = walCopy(20);
    const state = checkWal(`${file}-wal`);
    expect(state.damaged).toBe(false);
    expect(state.frames).toBeGreaterThanOrEqual(20);
    expect(checkWal(path.join(tmp(), 'none-wal'))).toEqual({ frames: 0, damaged: false });
  });

  it('finds damage when committed frames follow a broken one (SQLite would drop them silently)', () => {
    const file = walCopy(20);
    scribble(`${file}-wal`, 32 + 3 * FRAME + 100, 200, 7);
    expect(checkWal(`${file}-wal`)).toEqual({ frames: 3, damaged: true });
  });

  it('finds damage in the WAL header when frames follow it', () => {
    const file = walCopy(5);
    scribble(`${file}-wal`, 0, 32, 8);
    expect(checkWal(`${file}-wal`).damaged).toBe(true);
  });

  it('accepts a torn last transaction: a crash while it was being written', () => {
    const file = walCopy(10);
    const size = fs.statSync(`${file}-wal`).size;
    scribble(`${file}-wal`, size - 1000, 1000, 9);
    const state = checkWal(`${file}-wal`);
    expect(state.damaged).toBe(false);
    expect(state.frames).toBeGreaterThan(0);
  });
});

describe('checkDatabaseHeader', () => {
  function sound(): string {
    const file = path.join(tmp(), 'a.db');
    const db = new Database(file);
    db.exec('CREATE TABLE t (x TEXT)');
    db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(20_000));
    db.close();
    return file;
  }

  it('accepts a sound file and names what is wrong with others', () => {
    const file = sound();
    expect(checkDatabaseHeader(file, false)).toBeNull();
    const cut = path.join(path.dirname(file), 'cut.db');
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 4096));
    expect(checkDatabaseHeader(cut, false)).toBe('truncated');
    // A checkpoint that had not finished is redone from the WAL: not damage.
    expect(checkDatabaseHeader(cut, true)).toBeNull();
    fs.writeFileSync(cut, fs.readFileSync(file).subarray(0, 50));
    expect(checkDatabaseHeader(cut, false)).toBe('truncated');
    scribble(file, 0, 16, 3);
    expect(checkDatabaseHeader(file, false)).toBe('not-a-database');
  });

  it('refuses a header with an impossible page size', () => {
    const file = sound();
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.from([0x03, 0x00]), 0, 2, 16);
    fs.closeSync(fd);
    expect(checkDatabaseHeader(file, false)).toBe('not-a-database');
  });
});
