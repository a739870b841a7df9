import { toAppError } from './app-error';

/** A failed load, with the core's message and hint, and a way to try again. */
export function LibraryError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const e = toAppError(error);
  return (
    <div className="error-note library-error" role="alert">
      <strong>The library could not be loaded: {e.message}</strong>
      {e.hint && <span> {e.hint}</span>}{' '}
      <button type="button" className="lib-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
