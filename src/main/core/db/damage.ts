import type { DamageKind } from '../../../shared/backups';
import { AppException } from '../errors';

const REPAIR =
  'Restore the newest backup, or rescue what can still be read into a new database. ' +
  'The damaged file is kept beside it, untouched.';

/** What each kind of damage is called, in words for the person who sees it. */
const words: Record<DamageKind, { message: string; hint: string }> = {
  'not-a-database': {
    message: "Atelier's database is damaged: the file no longer starts like a database, so it cannot be read as it is.",
    hint: REPAIR,
  },
  corrupt: { message: "Atelier's database is damaged: parts of it can no longer be read.", hint: REPAIR },
  truncated: {
    message: "Atelier's database is damaged: the file is shorter than it should be, so part of it is missing.",
    hint: REPAIR,
  },
  empty: {
    message: "Atelier's database is empty: the file is there but holds nothing, although backups of it exist.",
    hint: REPAIR,
  },
  journal: {
    message:
      "Atelier's database journal is damaged: changes saved just before Atelier last stopped cannot all be read back.",
    hint: REPAIR,
  },
  newer: {
    message: "Atelier's database was written by a newer version of Atelier.",
    hint: 'Update Atelier to the latest version to open it, or restore an older backup.',
  },
  diverged: {
    message: "Atelier's database has a schema step that differs from this version's.",
    hint: 'Open it with the version of Atelier that created it, or restore a backup.',
  },
};

/** The database file cannot be used as it is; `kind` says why. Nothing was written to it. */
export class DatabaseDamagedError extends AppException {
  readonly kind: DamageKind;
  constructor(kind: DamageKind, detail?: string) {
    const { message, hint } = words[kind];
    super({ code: 'storage', message: detail ? `${message} ${detail}` : message, hint });
    this.name = 'DatabaseDamagedError';
    this.kind = kind;
  }
}

function sqliteCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** SQLite's own word that a file is damaged or not a database (better-sqlite3 throws SqliteError with `.code`). */
export function isDamageError(e: unknown): boolean {
  const code = sqliteCode(e);
  return code !== undefined && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** The damage an error shows, if it shows one. */
export function damageOf(e: unknown): DatabaseDamagedError | null {
  if (e instanceof DatabaseDamagedError) return e;
  if (!isDamageError(e)) return null;
  return new DatabaseDamagedError(sqliteCode(e) === 'SQLITE_NOTADB' ? 'not-a-database' : 'corrupt');
}
