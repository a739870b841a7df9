import type { AppError } from '../../../../shared/errors';
import { AppException } from '../../errors';

/** A failed platform call: the AppError plus what callers may need from the answer (a 409's current record). */
export class PlatformError extends AppException {
  readonly status?: number;
  /** The parsed error body (JSON value, text, or null); secrets the request carried are scrubbed from it. */
  readonly body: unknown;
  /** True when the caller's signal cancelled the call; see `isAbort`. */
  readonly cancelled: boolean;

  constructor(error: AppError, options: { body?: unknown; cancelled?: boolean } = {}) {
    super(error);
    this.name = 'PlatformError';
    if (error.status !== undefined) this.status = error.status;
    this.body = options.body ?? null;
    this.cancelled = options.cancelled ?? false;
  }
}

/**
 * Cancellation by the caller's signal. There is no AppError code for it, so it travels as
 * `unavailable` with the message "The request was cancelled."; callers that cancel (the AI job
 * queue) must test `isAbort(e)` rather than the code.
 */
export function cancelledError(): PlatformError {
  return new PlatformError({ code: 'unavailable', message: 'The request was cancelled.' }, { cancelled: true });
}

/** Whether a rejection is the caller's own cancellation (ours, or a raw AbortError from elsewhere). */
export function isAbort(e: unknown): boolean {
  if (e instanceof PlatformError) return e.cancelled;
  return typeof e === 'object' && e !== null && 'name' in e && e.name === 'AbortError';
}
