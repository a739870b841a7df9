import type { UseFormReturn } from 'react-hook-form';
import { postStatuses } from '../../shared/records';
import { FormField } from '../forms/FormField';
import type { PostValues } from './post-form';
import { statusLabels } from './post-filter';

/** A post's scheduled time and status. */
export function PostFields({
  form,
  tz,
  errorOf,
}: {
  form: UseFormReturn<PostValues, unknown, PostValues>;
  tz: string;
  errorOf(name: string): string | undefined;
}) {
  const when = form.watch('scheduled_at');
  return (
    <div className="planner-fields">
      <FormField label="Scheduled for" hint={`Local time (${tz})`} error={errorOf('scheduled_at')}>
        {(c) => (
          <span className="planner-inline">
            <input {...c} type="datetime-local" data-testid="post-when" {...form.register('scheduled_at')} />
            {when && (
              <button
                type="button"
                className="lib-small"
                aria-label="Clear the scheduled time"
                onClick={() => form.setValue('scheduled_at', '')}
              >
                Clear
              </button>
            )}
          </span>
        )}
      </FormField>
      <FormField label="Status" error={errorOf('status')}>
        {(c) => (
          <select {...c} data-testid="post-status" {...form.register('status')}>
            {postStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
