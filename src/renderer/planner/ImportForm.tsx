import { useId, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import { ImportInput, type ImportResult, type PlannerImportInput } from '../../shared/planner';
import { localZone } from '../../shared/time-zone';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { useZodForm } from '../forms/use-zod-form';
import { toAppError } from '../library/app-error';
import { creatorLocale, datesHint, importAllowed } from './import-rows';
import { ImportPreviewTable } from './ImportPreviewTable';
import { readImportFile, useImportPreview, type ImportKind, type LoadedFile } from './use-import-preview';
import { usePlannerAction } from './use-records';
import { useZone } from './use-zone';

interface Values {
  kind: ImportKind;
  file: LoadedFile | null;
  validOnly: boolean;
}
// Dates are read on the creator's clock, as the preview read them.
const request = (v: Values): PlannerImportInput => {
  const locale = creatorLocale();
  return {
    kind: v.kind,
    format: v.file?.format ?? 'csv',
    text: v.file?.text ?? '',
    validOnly: v.validOnly,
    zone: localZone(),
    ...(locale ? { locale } : {}),
  };
};
const schema = z.custom<Values>().transform(request).pipe(ImportInput);

/** Import, why it cannot be pressed yet, and how many records the last import made. */
function ImportButton({
  allowed,
  pending,
  result,
  onImport,
}: {
  allowed: ReturnType<typeof importAllowed>;
  pending: boolean;
  result: ImportResult | null;
  onImport(): void;
}) {
  const id = useId();
  return (
    <div className="row">
      <button
        type="button"
        className="primary"
        data-testid="import-submit"
        disabled={!allowed.ok || pending}
        aria-describedby={`${id}-why`}
        onClick={onImport}
      >
        {pending ? 'Importing…' : 'Import'}
      </button>
      <span id={`${id}-why`} className="field-hint">
        {allowed.ok ? '' : allowed.why}
      </span>
      <span role="status">
        {result && (
          <span className="lib-notice" data-testid="import-result">
            Imported {result.created}
            {result.skipped ? `, skipped ${result.skipped}` : ''}.
          </span>
        )}
      </span>
    </div>
  );
}

/** D7: posts or plans from a CSV or JSON file (read here in the browser), previewed row by row before importing. */
export function ImportForm() {
  const id = useId();
  const [result, setResult] = useState<ImportResult | null>(null);
  const submit = usePlannerAction('planner.import');
  const { form, attempt, failure } = useZodForm({
    schema,
    defaultValues: { kind: 'posts', file: null, validOnly: false },
    send: async (v) => setResult(await submit.mutateAsync(request(v))),
  });
  const { kind, file, validOnly } = form.watch();
  const { tz } = useZone();
  const { preview, problem, setProblem } = useImportPreview(file, kind, tz);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    setResult(null);
    if (f)
      await readImportFile(f).then(
        (loaded) => form.setValue('file', loaded),
        (err: unknown) => (form.setValue('file', null), setProblem(err)),
      );
  };
  const allowed = importAllowed(preview, validOnly);
  return (
    <section className="card form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import posts or plans</h2>
      <div className="planner-fields">
        <FormField label="Import">
          {(c) => (
            <select {...c} data-testid="import-kind" {...form.register('kind', { onChange: () => setResult(null) })}>
              <option value="posts">Posts</option>
              <option value="contentPlans">Content plans</option>
            </select>
          )}
        </FormField>
        <FormField label="From a CSV or JSON file" hint={datesHint(tz, creatorLocale())}>
          {(c) => (
            <input
              {...c}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              data-testid="import-file"
              onChange={(e) => void choose(e)}
            />
          )}
        </FormField>
      </div>
      {file && (
        <p className="muted">
          {file.name}, read as {file.format.toUpperCase()}
          {preview
            ? `: ${preview.valid} valid, ${preview.invalid} invalid ${preview.rows.length === 1 ? 'row' : 'rows'}`
            : ''}
        </p>
      )}
      <SubmitError error={problem ? toAppError(problem) : null} fields={[]} />
      {preview && <ImportPreviewTable preview={preview} />}
      {preview && preview.invalid > 0 && preview.valid > 0 && (
        <label className="checkbox">
          <input type="checkbox" data-testid="import-valid-only" {...form.register('validOnly')} />
          Import only the valid rows ({preview.valid}); skip the {preview.invalid} invalid
        </label>
      )}
      <ImportButton allowed={allowed} pending={submit.isPending} result={result} onImport={() => void attempt()} />
      <SubmitError error={failure} fields={[]} />
    </section>
  );
}
