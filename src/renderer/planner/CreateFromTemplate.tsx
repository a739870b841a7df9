import { useId, useMemo, useState } from 'react';
import type { FromTemplateInput } from '../../shared/planner';
import { useChannel } from '../backend/context';
import { ErrorNote } from '../account/Field';
import { toAppError } from '../library/app-error';
import { useDebouncedValue } from '../library/use-debounced-value';
import { QueryError } from '../sync/QueryError';
import { issueLine } from './csv-table';
import { CsvRows } from './CsvRows';
import { planOf } from './fields';
import { fromLocalInput } from './local-time';
import { noDefaults, TemplateDefaults, type Defaults } from './TemplateDefaults';
import { useKnownChannels } from './use-known-channels';
import { usePlannerAction, useRecords } from './use-records';
import { useZone } from './use-zone';

interface Props {
  target: 'posts' | 'creatives';
  variables: readonly string[];
  /** The sample values, used for "one record". */
  values: Readonly<Record<string, string>>;
  /** Save the template if it has changes; its id, or null when saving failed. */
  ensureSaved(): Promise<string | null>;
}

/** D4: records from a template, one from the sample values or one per CSV row, with defaults for posts. */
export function CreateFromTemplate({ target, variables, values, ensureSaved }: Props) {
  const id = useId();
  const { tz } = useZone();
  const [source, setSource] = useState<'one' | 'csv'>('one');
  const [csv, setCsv] = useState('');
  const [defaults, setDefaults] = useState<Defaults>(noDefaults);
  const [result, setResult] = useState<{ created: number } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const plans = useRecords('contentPlans');
  const channels = useKnownChannels(tz);
  const planViews = useMemo(() => (plans.data?.items ?? []).map(planOf), [plans.data]);
  const settledCsv = useDebouncedValue(csv, 250);
  const parsed = useChannel('planner.parseCsv', { text: settledCsv }, { enabled: source === 'csv' && settledCsv.trim() !== '', placeholderData: (prev) => prev });
  const make = usePlannerAction('planner.fromTemplate');

  const rows = source === 'one' ? [{ ...values }] : csv.trim() && parsed.data ? parsed.data.rows : [];
  const noun = target === 'posts' ? 'post' : 'creative';
  const create = async () => {
    setBusy(true);
    setResult(null);
    setFailure(null);
    try {
      const templateId = await ensureSaved();
      if (!templateId) return;
      const at = fromLocalInput(defaults.when, tz);
      const input: FromTemplateInput = {
        templateId,
        target,
        rows,
        defaults:
          target === 'posts'
            ? {
                status: defaults.status,
                ...(defaults.channel.trim() ? { channel: defaults.channel.trim() } : {}),
                ...(defaults.planId ? { planId: defaults.planId } : {}),
                ...(at ? { scheduledAt: at } : {}),
              }
            : {},
      };
      const made = await make.mutateAsync(input);
      setResult({ created: made.created.length });
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const error = failure ? toAppError(failure) : null;
  return (
    <section className="detail-block template-create" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Create from template</h3>
      <div className="radio-row" role="radiogroup" aria-label="Values from">
        <label className="radio">
          <input type="radio" name={`${id}-source`} data-testid="template-source-one" checked={source === 'one'} onChange={() => setSource('one')} />
          One {noun} from the sample values
        </label>
        <label className="radio">
          <input type="radio" name={`${id}-source`} data-testid="template-source-csv" checked={source === 'csv'} onChange={() => setSource('csv')} />
          One {noun} per CSV row
        </label>
      </div>
      {source === 'csv' && (
        <>
          <CsvRows text={csv} parsed={csv.trim() ? parsed.data : undefined} variables={variables} onText={setCsv} />
          <QueryError error={parsed.error} />
        </>
      )}
      {target === 'posts' && <TemplateDefaults value={defaults} plans={planViews} channels={channels} tz={tz} onChange={setDefaults} />}
      <div className="row">
        <button type="button" className="primary" data-testid="template-create" disabled={busy || rows.length === 0} onClick={() => void create()}>
          {busy ? 'Creating…' : rows.length > 1 ? `Create ${rows.length} ${noun}s` : `Create ${noun}`}
        </button>
        <span role="status">
          {result && (
            <span className="lib-notice" data-testid="template-created">
              Created {result.created} {result.created === 1 ? noun : `${noun}s`}.
            </span>
          )}
        </span>
      </div>
      {error && (
        <div data-testid="template-errors">
          <ErrorNote error={{ error }} />
          {error.issues && error.issues.length > 0 && (
            <ul className="field-error issue-list">
              {error.issues.map((i) => (
                <li key={`${i.path}:${i.message}`}>{issueLine(i)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
