/**
 * The data folder made private: a tree left 0755/0644 by an earlier version is tightened once
 * (links are not followed), the marker remembers it, the log says so, the folder itself is
 * checked at every start; Windows is left to its ACLs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { createLogger, type LogRecord, memorySink } from '../logger';
import { SecretRegistry } from '../redact';
import { makeDataFolderPrivate, PRIVATE_MARKER, tightenFiles, tightenTree } from './private-folder';

const tmp = tempDirs('private-folder');

const mode = (p: string) => fs.lstatSync(p).mode & 0o777;

/** An old data folder: folders 0755, files 0644 (one executable), and a link to a file outside. */
function oldFolder(outside: string): string {
  const root = path.join(tmp(), 'Atelier');
  for (const dir of ['media/ab', 'uploads', 'logs', 'backups'])
    fs.mkdirSync(path.join(root, dir), { recursive: true, mode: 0o755 });
  for (const file of [
    'atelier.db',
    'atelier.db-wal',
    'media/ab/ab12',
    'uploads/0b6c2a5e',
    'logs/atelier.log',
    'backups/daily.db',
    'settings.json',
  ]) {
    fs.writeFileSync(path.join(root, file), 'x', { mode: 0o644 });
  }
  fs.chmodSync(path.join(root, 'settings.json'), 0o755);
  fs.symlinkSync(outside, path.join(root, 'link-out'));
  for (const dir of ['', 'media', 'media/ab', 'uploads', 'logs', 'backups']) fs.chmodSync(path.join(root, dir), 0o755);
  return root;
}

/** Every entry below root (links excluded) that group or others may read, write or enter. */
function open(root: string): string[] {
  const entries = ['.', ...fs.readdirSync(root, { recursive: true }).map(String)];
  return entries.filter(
    (e) => !fs.lstatSync(path.join(root, e)).isSymbolicLink() && (mode(path.join(root, e)) & 0o077) !== 0,
  );
}

function logger() {
  const records: LogRecord[] = [];
  return { records, logger: createLogger([memorySink(records)], new SecretRegistry()) };
}

describe('tightenTree', () => {
  it('makes folders 0700 and files 0600, counts the changes, and never follows a link', () => {
    const outside = path.join(tmp(), 'not-ours.txt');
    fs.writeFileSync(outside, 'shared', { mode: 0o644 });
    fs.chmodSync(outside, 0o644);
    const root = oldFolder(outside);
    expect(tightenTree(root)).toEqual({ folders: 6, files: 7, failed: 0 });
    expect(open(root)).toEqual([]);
    expect(mode(path.join(root, 'media'))).toBe(0o700);
    expect(mode(path.join(root, 'settings.json'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644);
    expect(tightenTree(root)).toEqual({ folders: 0, files: 0, failed: 0 });
  });
});

describe('makeDataFolderPrivate', () => {
  it('tightens an old folder once, says so in the log, and at later starts only checks the folder itself', () => {
    const outside = path.join(tmp(), 'x');
    fs.writeFileSync(outside, 'x');
    const root = oldFolder(outside);
    const first = logger();
    expect(makeDataFolderPrivate(root, first.logger, 'linux')).toEqual({ folders: 6, files: 7, failed: 0 });
    expect(open(root)).toEqual([]);
    expect(fs.existsSync(path.join(root, PRIVATE_MARKER))).toBe(true);
    expect(first.records.map((r) => [r.level, r.msg])).toEqual([
      ['info', 'data folder made private to this user (0700 folders, 0600 files)'],
    ]);

    // Later starts do not walk again: a file loosened since stays as it is, the folder is private again.
    fs.chmodSync(path.join(root, 'settings.json'), 0o644);
    fs.chmodSync(root, 0o755);
    const second = logger();
    expect(makeDataFolderPrivate(root, second.logger, 'linux')).toBeNull();
    expect(mode(path.join(root, 'settings.json'))).toBe(0o644);
    expect(mode(root)).toBe(0o700);
    expect(second.records).toEqual([]);
  });

  it('creates a missing folder private, and writes nothing in the log when nothing was open', () => {
    const root = path.join(tmp(), 'fresh', 'Atelier');
    const { records, logger: log } = logger();
    makeDataFolderPrivate(root, log, 'linux');
    expect(mode(root)).toBe(0o700);
    expect(mode(path.join(root, PRIVATE_MARKER))).toBe(0o600);
    expect(records).toEqual([]);
  });

  it('leaves Windows to the ACL the folder inherits from the user profile', () => {
    const root = path.join(tmp(), 'win');
    fs.mkdirSync(root, { mode: 0o755 });
    fs.chmodSync(root, 0o755);
    expect(makeDataFolderPrivate(root, logger().logger, 'win32')).toBeNull();
    expect(mode(root)).toBe(0o755);
    expect(fs.existsSync(path.join(root, PRIVATE_MARKER))).toBe(false);
  });
});

describe('tightenFiles', () => {
  it('makes the files that exist 0600 and skips the ones that do not', () => {
    const dir = tmp();
    const db = path.join(dir, 'atelier.db');
    fs.writeFileSync(db, 'x', { mode: 0o644 });
    fs.chmodSync(db, 0o644);
    tightenFiles([db, `${db}-wal`], 'linux');
    expect(mode(db)).toBe(0o600);
    expect(fs.existsSync(`${db}-wal`)).toBe(false);
  });
});
