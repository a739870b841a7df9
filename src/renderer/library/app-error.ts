import type { AppError } from '../../shared/errors';
import { BackendError } from '../backend/call';

/** Any failure as an AppError, so every error shows a message (and a hint when the core gave one). */
export function toAppError(e: unknown): AppError {
  if (e instanceof BackendError) return e.error;
  return { code: 'internal', message: e instanceof Error && e.message ? e.message : 'Something went wrong.' };
}
