import { ZodError } from 'zod';
import type { AppError, AppErrorCode } from '../../shared/errors';

/** A thrown AppError: handlers throw these; dispatch turns them into envelopes. */
export class AppException extends Error {
  readonly error: AppError;
  constructor(error: AppError) {
    super(error.message);
    this.name = 'AppException';
    this.error = error;
  }
}

export function fail(code: AppErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}): never {
  throw new AppException({ code, message, ...extra });
}

export function issuesOf(error: ZodError): NonNullable<AppError['issues']> {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}

function errnoCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** The words for a full disk, the same on every path: the channels, the upload route (507), the AI queue. */
export const DISK_FULL: Readonly<AppError> = Object.freeze({
  code: 'storage',
  message: 'The disk is full; nothing was changed.',
  hint: 'Free some disk space and try again.',
});

/** A write refused for lack of space: the disk (ENOSPC), the user's quota (EDQUOT) or the database (SQLITE_FULL). */
export function isDiskFull(e: unknown): boolean {
  const code = errnoCode(e);
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/**
 * Map anything thrown to an AppError; `known` is false when it is a bug worth logging.
 * `whileDamaged`: the damage words when the database was found damaged; writes already under way
 * then fail with SQLITE_READONLY (writes are stopped), which those words explain.
 */
export function toAppError(e: unknown, whileDamaged?: AppError | null): { error: AppError; known: boolean } {
  if (e instanceof AppException) return { error: e.error, known: true };
  if (whileDamaged && errnoCode(e) === 'SQLITE_READONLY') return { error: whileDamaged, known: true };
  if (e instanceof ZodError) {
    return { error: { code: 'validation', message: 'The request was not valid.', issues: issuesOf(e) }, known: true };
  }
  const code = errnoCode(e);
  if (isDiskFull(e)) return { error: { ...DISK_FULL }, known: true };
  if (code === 'EFBIG') {
    return {
      error: {
        code: 'storage',
        message: 'The file is too large for the disk it was written to; nothing was changed.',
        hint: 'Disks formatted as FAT32 take at most 4 GB per file: choose another disk.',
      },
      known: true,
    };
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return {
      error: {
        code: 'storage',
        message: 'Atelier could not write to its data folder.',
        hint: 'Check the folder permissions.',
      },
      known: true,
    };
  }
  return {
    error: { code: 'internal', message: 'Something went wrong inside Atelier. The details were logged.' },
    known: false,
  };
}
