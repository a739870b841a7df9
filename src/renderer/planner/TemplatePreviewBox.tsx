import { useId, useMemo } from 'react';
import { useChannel } from '../backend/context';
import { useDebouncedValue } from '../library/use-debounced-value';
import { QueryError } from '../sync/QueryError';

interface Props {
  body: string;
  variables: readonly string[];
  values: Readonly<Record<string, string>>;
  onValue(name: string, value: string): void;
}

/** One sample input per {{variable}} and the body filled with them (by the core, as records will be). */
export function TemplatePreviewBox({ body, variables, values, onValue }: Props) {
  const id = useId();
  // Debounced as text: a fresh object each render would never settle.
  const settled = useDebouncedValue(JSON.stringify({ body, values }), 250);
  const input = useMemo(() => JSON.parse(settled) as { body: string; values: Record<string, string> }, [settled]);
  const preview = useChannel('planner.templatePreview', input, { placeholderData: (prev) => prev });
  const missing = preview.data?.missing ?? [];
  return (
    <section className="detail-block template-preview" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Preview</h3>
      {variables.length === 0 ? (
        <p className="muted">
          No {'{{variables}}'} in the body yet: every record made from it will have the same text.
        </p>
      ) : (
        <fieldset className="planner-fieldset template-vars">
          <legend>Sample values</legend>
          {variables.map((v) => (
            <div key={v} className="field">
              <label htmlFor={`${id}-var-${v}`}>{v}</label>
              <input
                id={`${id}-var-${v}`}
                data-testid={`template-var-${v}`}
                maxLength={100_000}
                value={values[v] ?? ''}
                onChange={(e) => onValue(v, e.target.value)}
              />
            </div>
          ))}
        </fieldset>
      )}
      <QueryError error={preview.error} />
      <pre
        className="template-preview-text"
        data-testid="template-preview"
        aria-live="polite"
        aria-busy={preview.isFetching}
      >
        {preview.data?.text ?? body}
      </pre>
      {missing.length > 0 && <p className="field-hint">Still unfilled: {missing.join(', ')}</p>}
    </section>
  );
}
