import { useId } from 'react';
import type { AppError } from '../../shared/errors';
import { ErrorNote } from '../account/Field';
import { QueryError } from '../sync/QueryError';
import { issueLine } from './csv-table';
import { CsvRows } from './CsvRows';
import { TemplateDefaults } from './TemplateDefaults';
import { useFromTemplate } from './use-from-template';
import { useKnownChannels } from './use-known-channels';
import { useZone } from './use-zone';

interface Props {
  target: 'posts' | 'creatives';
  /** The body as edited: CSV rows are checked and the first one filled with it. */
  body: string;
  variables: readonly string[];
  /** The sample values, used for "one record". */
  values: Readonly<Record<string, string>>;
  /** Save the template if it has changes; its id, or null when saving failed. */
  ensureSaved(): Promise<string | null>;
}

type Source = 'one' | 'csv';

/** Where the values come from: the sample values (one record) or a CSV (one record per row). */
function SourceChoice({
  name,
  noun,
  source,
  onPick,
}: {
  name: string;
  noun: string;
  source: Source;
  onPick(s: Source): void;
}) {
  return (
    <div className="radio-row" role="radiogroup" aria-label="Values from">
      <label className="radio">
        <input
          type="radio"
          name={name}
          data-testid="template-source-one"
          checked={source === 'one'}
          onChange={() => onPick('one')}
        />
        One {noun} from the sample values
      </label>
      <label className="radio">
        <input
          type="radio"
          name={name}
          data-testid="template-source-csv"
          checked={source === 'csv'}
          onChange={() => onPick('csv')}
        />
        One {noun} per CSV row
      </label>
    </div>
  );
}

/** Why nothing was created: the core's words, and each row's issue on its own line. */
function CreateFailure({ failure }: { failure: AppError }) {
  return (
    <div data-testid="template-errors">
      <ErrorNote error={{ error: failure }} />
      {failure.issues && failure.issues.length > 0 && (
        <ul className="field-error issue-list">
          {failure.issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>{issueLine(i)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The first CSV row filled, as the first record will read. */
function FirstRow({ text }: { text: string }) {
  const id = useId();
  return (
    <div className="template-first-row">
      <p id={`${id}-label`} className="field-hint">
        Row 1, filled:
      </p>
      <pre className="template-preview-text" data-testid="template-first-row" aria-labelledby={`${id}-label`}>
        {text}
      </pre>
    </div>
  );
}

/** Create, why it cannot be pressed yet, and what the last press made. */
function CreateButton({
  noun,
  count,
  busy,
  allowed,
  created,
  onCreate,
}: {
  noun: string;
  count: number;
  busy: boolean;
  allowed: { ok: boolean; why: string };
  created: { count: number; skipped: number[] } | null;
  onCreate(): void;
}) {
  const id = useId();
  return (
    <div className="row">
      <button
        type="button"
        className="primary"
        data-testid="template-create"
        disabled={busy || !allowed.ok}
        aria-describedby={`${id}-why`}
        onClick={onCreate}
      >
        {busy ? 'Creating…' : count > 1 ? `Create ${count} ${noun}s` : `Create ${noun}`}
      </button>
      <span id={`${id}-why`} className="field-hint" data-testid="template-create-why">
        {allowed.ok ? '' : allowed.why}
      </span>
      <span role="status">
        {created !== null && (
          <span className="lib-notice" data-testid="template-created">
            Created {created.count} {created.count === 1 ? noun : `${noun}s`}
            {created.skipped.length > 0
              ? `; skipped row${created.skipped.length === 1 ? '' : 's'} ${created.skipped.join(', ')}`
              : ''}
            .
          </span>
        )}
      </span>
    </div>
  );
}

/** D4: records from a template, one from the sample values or one per CSV row, with defaults for posts. */
export function CreateFromTemplate({ target, body, variables, values, ensureSaved }: Props) {
  const id = useId();
  const { tz } = useZone();
  const channels = useKnownChannels(tz);
  const t = useFromTemplate(target, body, values, tz, ensureSaved);
  const { form, attempt, errorOf, failure, busy, source, csv, defaults, parsed, rows, created, planViews } = t;
  const { checks, current, allowed } = t;
  const noun = target === 'posts' ? 'post' : 'creative';
  return (
    <section className="detail-block template-create" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Create from template</h3>
      <SourceChoice name={`${id}-source`} noun={noun} source={source} onPick={(v) => form.setValue('source', v)} />
      {source === 'csv' && (
        <>
          <CsvRows
            text={csv}
            parsed={csv.trim() ? parsed.data : undefined}
            variables={variables}
            checks={current?.rows}
            zone={current?.zone ?? tz}
            onText={(text) => form.setValue('csv', text)}
          />
          <QueryError error={parsed.error ?? checks.error} />
          {current && rows.length > 0 && <FirstRow text={current.text} />}
          {allowed.invalid > 0 && allowed.valid > 0 && (
            <label className="checkbox">
              <input type="checkbox" data-testid="template-valid-only" {...form.register('validOnly')} />
              Create only the valid rows ({allowed.valid}); skip the {allowed.invalid} flagged
            </label>
          )}
        </>
      )}
      {target === 'posts' && (
        <TemplateDefaults
          value={defaults}
          plans={planViews}
          channels={channels}
          tz={tz}
          onChange={(d) => form.setValue('defaults', d)}
        />
      )}
      {(errorOf('defaults') ?? errorOf('rows')) && (
        <p className="field-error" role="alert">
          {errorOf('defaults') ?? errorOf('rows')}
        </p>
      )}
      <CreateButton
        noun={noun}
        count={source === 'csv' && t.validOnly && allowed.invalid > 0 ? allowed.valid : rows.length}
        busy={busy}
        allowed={allowed}
        created={created}
        onCreate={() => void attempt()}
      />
      {failure && <CreateFailure failure={failure} />}
    </section>
  );
}
