import { useId, useState } from 'react';
import type { SpendingView } from '../../../shared/ai-spending';
import type { SpendingLimits } from '../../../shared/settings';
import { useChannel, useEventSync } from '../../backend/context';
import { useAction } from '../../backend/use-action';
import { QueryError } from '../../sync/QueryError';
import { SubmitError } from '../SubmitError';
import { countLine, limitsFromForm } from './spending-format';

function LimitsForm({
  limits,
  onSave,
  onCancel,
}: {
  limits: SpendingLimits;
  onSave(l: SpendingLimits): void;
  onCancel(): void;
}) {
  const id = useId();
  const [form, setForm] = useState({
    daily: limits.daily?.toString() ?? '',
    monthly: limits.monthly?.toString() ?? '',
    cost: limits.costPerJob?.toString() ?? '',
    currency: limits.currency,
  });
  const [error, setError] = useState<string | null>(null);
  const field = (key: keyof typeof form, label: string, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode={key === 'currency' ? 'text' : 'decimal'}
        value={form[key]}
        placeholder={hint}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <form
      aria-label="Spending limits"
      className="spending-form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = limitsFromForm(limits, form);
        if ('error' in parsed) setError(parsed.error);
        else onSave(parsed.limits);
      }}
    >
      <div className="row">
        {field('daily', 'Jobs per day', 'No limit')}
        {field('monthly', 'Jobs per month', 'No limit')}
        {field('cost', 'Cost per job (optional)', 'None')}
        {field('currency', 'Currency')}
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit">Save limits</button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Banner({
  view,
  onRaise,
  onOnce,
  busy,
}: {
  view: SpendingView;
  onRaise(): void;
  onOnce(): void;
  busy: boolean;
}) {
  if (view.state === 'ok' || view.message === null) return null;
  if (view.state === 'warning')
    return (
      <p role="status" className="spending-banner spending-warning">
        {view.message}
      </p>
    );
  return (
    <div role="alert" className="spending-banner spending-paused">
      <p>{view.message} Waiting jobs stay queued and start by themselves when the day (or month) turns.</p>
      <div className="row">
        <button type="button" onClick={onRaise}>
          Raise limit
        </button>
        <button type="button" disabled={busy || view.overrideArmed} onClick={onOnce}>
          {view.overrideArmed ? 'One job may run' : 'Run anyway once'}
        </button>
      </div>
    </div>
  );
}

/** Studio → Spending: AI jobs today and this month against the limits, the warning, the pause and its choices. */
export function SpendingCard() {
  useEventSync('ai.spendingChanged', 'ai.spending');
  const spending = useChannel('ai.spending', {});
  const save = useAction('settings.update', ['settings.get', 'ai.spending']);
  const once = useAction('ai.spendingOverride', ['ai.spending']);
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  const view = spending.data;
  return (
    <section className="card spending-card" aria-labelledby={titleId} data-testid="spending-card">
      <h2 id={titleId}>Spending</h2>
      <QueryError error={spending.error} />
      {view && (
        <>
          <Banner view={view} busy={once.isPending} onRaise={() => setEditing(true)} onOnce={() => once.mutate({})} />
          <dl className="spending-counts">
            <dt>Today</dt>
            <dd data-testid="spending-today">{countLine(view.today, view.limits.daily, view.limits)}</dd>
            <dt>This month</dt>
            <dd data-testid="spending-month">{countLine(view.month, view.limits.monthly, view.limits)}</dd>
          </dl>
          {Object.keys(view.month.perOperation).length > 0 && (
            <p className="muted">
              This month:{' '}
              {Object.entries(view.month.perOperation)
                .map(([op, n]) => `${op} ${n}`)
                .join(' · ')}
            </p>
          )}
          {editing ? (
            <LimitsForm
              limits={view.limits}
              onCancel={() => setEditing(false)}
              onSave={(limits) => save.mutate({ spendingLimits: limits }, { onSuccess: () => setEditing(false) })}
            />
          ) : (
            <button type="button" onClick={() => setEditing(true)}>
              Change limits…
            </button>
          )}
          <SubmitError error={save.error?.error ?? once.error?.error ?? null} fields={[]} />
        </>
      )}
    </section>
  );
}
