import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../ports';
import { writeFileAtomic } from './atomic-write';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-modes';

/** Present once the data folder was tightened; later starts skip the walk. */
export const PRIVATE_MARKER = '.private-since';

export interface Tightened {
  /** Folders and files whose permissions were changed. */
  folders: number;
  files: number;
  /** Entries that could not be changed (owned by someone else, a read-only disk). */
  failed: number;
}

function tighten(entry: string, stat: fs.Stats, mode: number, counts: Tightened, key: 'folders' | 'files'): void {
  if ((stat.mode & 0o777) === mode) return;
  try {
    fs.chmodSync(entry, mode);
    counts[key] += 1;
  } catch {
    counts.failed += 1;
  }
}

/**
 * Every folder under `root` (itself included) 0700 and every file 0600. Links are never followed
 * (what they point to is not ours); sockets and pipes are left as they are.
 */
export function tightenTree(root: string): Tightened {
  const counts: Tightened = { folders: 0, files: 0, failed: 0 };
  const pending = [root];
  while (pending.length > 0) {
    const entry = pending.pop() as string;
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch {
      continue; // gone since it was listed
    }
    if (stat.isFile()) tighten(entry, stat, PRIVATE_FILE_MODE, counts, 'files');
    if (!stat.isDirectory()) continue;
    tighten(entry, stat, PRIVATE_DIR_MODE, counts, 'folders');
    try {
      for (const name of fs.readdirSync(entry)) pending.push(path.join(entry, name));
    } catch {
      counts.failed += 1;
    }
  }
  return counts;
}

/** Files others must not read, made 0600 where they exist (the database and its -wal and -shm after opening). */
export function tightenFiles(files: string[], platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') return;
  for (const file of files) {
    try {
      if ((fs.statSync(file).mode & 0o777) !== PRIVATE_FILE_MODE) fs.chmodSync(file, PRIVATE_FILE_MODE);
    } catch {
      // Absent (no WAL yet) or not ours to change: nothing to do.
    }
  }
}

/**
 * Keeps the data folder private to its user on POSIX hosts: the folder is 0700 at every start,
 * and once (remembered by a marker) everything already inside is tightened, since earlier versions
 * created 0644 files and 0755 folders; the log says what changed. On Windows the folder inherits
 * the user profile's ACL, which already keeps other users out, so nothing is done there.
 */
export function makeDataFolderPrivate(
  dataDir: string,
  logger: Logger,
  platform: NodeJS.Platform = process.platform,
): Tightened | null {
  if (platform === 'win32') return null;
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const marker = path.join(dataDir, PRIVATE_MARKER);
  if (fs.existsSync(marker)) {
    // Done before: only the folder itself is checked (cheap, and it alone keeps others out of everything inside).
    if ((fs.statSync(dataDir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dataDir, PRIVATE_DIR_MODE);
    return null;
  }
  const counts = tightenTree(dataDir);
  writeFileAtomic(marker, `${new Date().toISOString()}\n`);
  if (counts.folders + counts.files + counts.failed > 0) {
    logger.info('data folder made private to this user (0700 folders, 0600 files)', { ...counts });
  }
  if (counts.failed > 0)
    logger.warn('some entries of the data folder could not be made private', { failed: counts.failed });
  return counts;
}
