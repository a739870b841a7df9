import Database from 'better-sqlite3';
import { z } from 'zod';
import { resourceGroups } from '../../../shared/profile';
import { tableOf } from '../store/tables';

// Facts read from a fresh copy (never from the live database, so they describe the copy exactly).

const ShaRow = z.object({ sha: z.string() });
const CountRow = z.object({ n: z.number().int() });

// Every column that names a stored file: library files and thumbnails, AI inputs, results and posters.
const MEDIA_SQL = `
  SELECT sha256 AS sha FROM assets WHERE sha256 IS NOT NULL
  UNION SELECT thumb_sha256 FROM assets WHERE thumb_sha256 IS NOT NULL
  UNION SELECT input_sha256 FROM ai_jobs WHERE input_sha256 IS NOT NULL
  UNION SELECT sha256 FROM ai_outputs
  UNION SELECT thumb_sha256 FROM ai_outputs WHERE thumb_sha256 IS NOT NULL`;

export interface CopyFacts {
  media: string[];
  records: number;
  /** Schema steps applied in the copy. */
  schemaVersion: number;
  /** Why the media list could not be read (an older schema, say); the backup is still good. */
  mediaProblem: string | null;
}

/**
 * Make the copy a single self-contained file (rollback journal instead of WAL, so no -wal/-shm
 * travel with it), then read the media it refers to and how many live records it holds.
 */
export function settleCopy(file: string): CopyFacts {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
    let media: string[] = [];
    let mediaProblem: string | null = null;
    try {
      media = db
        .prepare(MEDIA_SQL)
        .all()
        .map((r) => ShaRow.parse(r).sha)
        .filter((s) => /^[a-f0-9]{64}$/.test(s));
    } catch (e) {
      mediaProblem = e instanceof Error ? e.message : String(e);
    }
    let records = 0;
    for (const group of resourceGroups) {
      try {
        records += CountRow.parse(db.prepare(`SELECT count(*) AS n FROM ${tableOf(group).table} WHERE deleted = 0`).get()).n;
      } catch {
        // A group this copy's schema does not have yet.
      }
    }
    const schemaVersion = CountRow.parse(db.prepare('SELECT count(*) AS n FROM schema_migrations').get()).n;
    return { media, records, schemaVersion, mediaProblem };
  } finally {
    db.close();
  }
}
