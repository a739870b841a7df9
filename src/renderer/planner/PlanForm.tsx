import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { atLocalTime, dayRange } from '../../shared/calendar';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { isDayKey } from './local-time';
import { usePlannerAction } from './use-records';

/** A new content plan: a title and the days it runs (first day's start to the last day's end, local time). */
export function PlanForm({ tz, onCreated, onCancel }: { tz: string; onCreated(plan: RecordView): void; onCancel(): void }) {
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [starts, setStarts] = useState('');
  const [ends, setEnds] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = usePlannerAction('records.create');
  useEffect(() => titleRef.current?.focus(), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setProblem('Enter a title.');
    if (starts && ends && ends < starts) return setProblem('The plan must end on or after its first day.');
    setProblem(null);
    const fields = {
      title: title.trim(),
      ...(isDayKey(starts) ? { starts_at: dayRange(starts, tz).from } : {}),
      ...(isDayKey(ends) ? { ends_at: atLocalTime(ends, '23:59', tz) } : {}),
      post_ids: [],
    };
    create.mutate({ group: 'contentPlans', fields }, { onSuccess: onCreated });
  };
  return (
    <form className="card form cal-plan-form" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} data-testid="plan-form">
      <h3 id={`${id}-title`}>New content plan</h3>
      <div className="planner-fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>Title</label>
          <input id={`${id}-name`} ref={titleRef} data-testid="plan-title" maxLength={500} aria-invalid={problem && !title.trim() ? true : undefined} value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-starts`}>First day (optional)</label>
          <input id={`${id}-starts`} type="date" data-testid="plan-starts" value={starts} onChange={(e) => setStarts(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-ends`}>Last day (optional)</label>
          <input id={`${id}-ends`} type="date" data-testid="plan-ends" value={ends} onChange={(e) => setEnds(e.target.value)} />
        </div>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <SubmitError error={create.error?.error ?? null} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="plan-create" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create plan'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
