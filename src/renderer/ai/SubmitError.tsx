import type { AppError } from '../../shared/errors';
import { ErrorNote } from '../account/Field';
import { otherIssues, type FormField } from './form-errors';

/** The core's refusal: its message and hint, and any issue the form has no field to show beside. */
export function SubmitError({ error, fields }: { error: AppError | null; fields: readonly FormField[] }) {
  if (!error) return null;
  const unplaced = otherIssues(error, fields);
  return (
    <div>
      <ErrorNote error={{ error }} />
      {unplaced.length > 0 && (
        <ul className="field-error issue-list">
          {unplaced.map((i) => (
            <li key={`${i.path}:${i.message}`}>
              {i.path && <span className="mono">{i.path}: </span>}
              {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
