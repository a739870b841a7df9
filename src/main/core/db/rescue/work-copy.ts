import fs from 'node:fs';
import path from 'node:path';

export interface WorkCopy {
  /** A private folder for the rescue's working files, removed at the end. */
  dir: string;
  /** The copy of the damaged database that every read goes to. */
  file: string;
  hasWal: boolean;
}

/**
 * Copy the damaged database, with its -wal (committed changes not yet in the main file) and any
 * hot -journal, into a private folder beside the target. The originals are only ever read: opening
 * them, even read-only, could replay or rewrite their WAL.
 */
export function makeWorkCopy(damaged: string, besideDir: string): WorkCopy {
  const dir = fs.mkdtempSync(path.join(besideDir, '.rescue-'));
  const file = path.join(dir, 'damaged.db');
  try {
    fs.copyFileSync(damaged, file);
    let hasWal = false;
    for (const suffix of ['-wal', '-journal']) {
      if (!fs.existsSync(`${damaged}${suffix}`)) continue;
      fs.copyFileSync(`${damaged}${suffix}`, `${file}${suffix}`);
      if (suffix === '-wal') hasWal = true;
    }
    return { dir, file, hasWal };
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true }); // a full disk leaves no half copy behind
    throw e;
  }
}
