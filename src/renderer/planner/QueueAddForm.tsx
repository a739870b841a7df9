import { useId } from 'react';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { useZodForm } from '../forms/use-zod-form';
import {
  emptyQueueAdd,
  missingSource,
  queueAddInput,
  queueAddSchema,
  type QueueAddValues,
  type SourceGroup,
} from './queue-add';
import { QueueSource } from './QueueSource';
import { usePlannerAction } from './use-records';

/** Add an asset, a creative or a post (its first media) at the end of the queue, with an optional time and note. */
export function QueueAddForm({ tz, onAdded }: { tz: string; onAdded(id: string): void }) {
  const id = useId();
  const add = usePlannerAction('planner.queueAdd');
  const { form, onSubmit, errorOf, failure, busy } = useZodForm<QueueAddValues, string>({
    schema: queueAddSchema(() => tz),
    defaultValues: emptyQueueAdd('assets'),
    check: (v) => ({ 'source.id': missingSource(v) }),
    send: async (v) => {
      const item = await add.mutateAsync(queueAddInput(v, tz));
      form.reset(emptyQueueAdd(v.source.group));
      onAdded(item.id);
      return item.id;
    },
  });
  // Another kind of source: what was chosen and its error no longer apply.
  const kind = form.register('source.group', {
    onChange: () => {
      form.setValue('source.id', '');
      form.clearErrors();
    },
  });
  return (
    <form
      className="card form mq-add"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="queue-add"
    >
      <h2 id={`${id}-title`}>Add to the queue</h2>
      <div className="planner-fields">
        <FormField label="What">
          {(c) => (
            <select {...c} data-testid="queue-add-kind" {...kind}>
              <option value={'assets' satisfies SourceGroup}>An asset from the library</option>
              <option value={'creatives' satisfies SourceGroup}>A creative</option>
              <option value={'posts' satisfies SourceGroup}>A post (its first media)</option>
            </select>
          )}
        </FormField>
        <QueueSource form={form} error={errorOf('source')} />
        <FormField label="When (optional)" error={errorOf('scheduledAt')}>
          {(c) => <input {...c} type="datetime-local" {...form.register('scheduledAt')} />}
        </FormField>
        <FormField label="Note (optional)" error={errorOf('note')}>
          {(c) => <input {...c} maxLength={10_000} {...form.register('note')} />}
        </FormField>
      </div>
      <SubmitError error={failure} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="queue-add-submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add to the queue'}
        </button>
      </div>
    </form>
  );
}
