import { useEffect, useId } from 'react';
import { atLocalTime, dayRange } from './calendar';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { useRecordForm } from '../forms/use-record-form';
import { isDayKey } from './local-time';

interface Values {
  title: string;
  /** Days as the date inputs hold them ("2026-05-04"). */
  starts_at: string;
  ends_at: string;
}

const load = (): Values => ({ title: '', starts_at: '', ends_at: '' });
const check = (v: Values) => ({
  ends_at:
    v.starts_at && v.ends_at && v.ends_at < v.starts_at ? 'The plan must end on or after its first day.' : undefined,
});

/** A new content plan: a title and the days it runs (first day's start to the last day's end, local time). */
export function PlanForm({
  tz,
  onCreated,
  onCancel,
}: {
  tz: string;
  onCreated(plan: RecordView): void;
  onCancel(): void;
}) {
  const id = useId();
  const fields = (v: Values) => ({
    title: v.title.trim(),
    starts_at: isDayKey(v.starts_at) ? dayRange(v.starts_at, tz).from : undefined,
    ends_at: isDayKey(v.ends_at) ? atLocalTime(v.ends_at, '23:59', tz) : undefined,
    post_ids: [],
  });
  const { form, onSubmit, errorOf, failure, busy } = useRecordForm({
    group: 'contentPlans',
    record: null,
    load,
    fields,
    check,
    always: ['post_ids'],
    created: 'Plan created.',
    notice: null,
    onSaved: onCreated,
  });
  useEffect(() => form.setFocus('title'), [form]);
  return (
    <form
      className="card form cal-plan-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="plan-form"
    >
      <h3 id={`${id}-title`}>New content plan</h3>
      <div className="planner-fields">
        <FormField label="Title" error={errorOf('title')}>
          {(c) => <input {...c} data-testid="plan-title" maxLength={500} {...form.register('title')} />}
        </FormField>
        <FormField label="First day (optional)" error={errorOf('starts_at')}>
          {(c) => <input {...c} type="date" data-testid="plan-starts" {...form.register('starts_at')} />}
        </FormField>
        <FormField label="Last day (optional)" error={errorOf('ends_at')}>
          {(c) => <input {...c} type="date" data-testid="plan-ends" {...form.register('ends_at')} />}
        </FormField>
      </div>
      <SubmitError error={failure} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="plan-create" disabled={busy}>
          {busy ? 'Creating…' : 'Create plan'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
