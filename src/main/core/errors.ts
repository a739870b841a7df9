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

/** Map anything thrown to an AppError; `known` is false when it is a bug worth logging. */
export function toAppError(e: unknown): { error: AppError; known: boolean } {
  if (e instanceof AppException) return { error: e.error, known: true };
  if (e instanceof ZodError) {
    return { error: { code: 'validation', message: 'The request was not valid.', issues: issuesOf(e) }, known: true };
  }
  const code = errnoCode(e);
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') {
    return {
      error: { code: 'storage', message: 'The disk is full; nothing was changed.', hint: 'Free some disk space and try again.' },
      known: true,
    };
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return {
      error: { code: 'storage', message: 'Atelier could not write to its data folder.', hint: 'Check the folder permissions.' },
      known: true,
    };
  }
  return { error: { code: 'internal', message: 'Something went wrong inside Atelier. The details were logged.' }, known: false };
}
