import { ErrorNote } from '../account/Field';
import { BackendError } from '../backend/call';

/** A failed read: the core's message and hint when it sent them, the bare message otherwise. */
export function QueryError({ error }: { error: Error | null }) {
  if (!error) return null;
  return <ErrorNote error={error instanceof BackendError ? error : { error: { message: error.message } }} />;
}
