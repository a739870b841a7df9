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

/** D4: records from a template, one from the sample values or one per CSV row, with defaults for posts. */
export function CreateFromTemplate({ target, variables, values, ensureSaved }: Props) {
  const id = useId();
  const { tz } = useZone();
  const channels = useKnownChannels(tz);
  const { form, attempt, errorOf, failure, busy, source, csv, defaults, parsed, rows, created, planViews } =
    useFromTemplate(target, values, tz, ensureSaved);
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
            onText={(t) => form.setValue('csv', t)}
          />
          <QueryError error={parsed.error} />
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
      <div className="row">
        <button
          type="button"
          className="primary"
          data-testid="template-create"
          disabled={busy || rows.length === 0}
          onClick={() => void attempt()}
        >
          {busy ? 'Creating…' : rows.length > 1 ? `Create ${rows.length} ${noun}s` : `Create ${noun}`}
        </button>
        <span role="status">
          {created !== null && (
            <span className="lib-notice" data-testid="template-created">
              Created {created} {created === 1 ? noun : `${noun}s`}.
            </span>
          )}
        </span>
      </div>
      {failure && <CreateFailure failure={failure} />}
    </section>
  );
}
