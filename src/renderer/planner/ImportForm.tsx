import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { ImportPreview, ImportResult } from '../../shared/planner';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { SubmitError } from '../ai/SubmitError';
import { toAppError } from '../library/app-error';
import { formatOf, importAllowed } from './import-rows';
import { ImportPreviewTable } from './ImportPreviewTable';
import { usePlannerAction } from './use-records';

type Kind = 'posts' | 'contentPlans';
interface Loaded {
  name: string;
  text: string;
  format: 'csv' | 'json';
}

/** D7: posts or plans from a CSV or JSON file (read here in the browser), previewed row by row before importing. */
export function ImportForm() {
  const id = useId();
  const api = useBackend();
  const [kind, setKind] = useState<Kind>('posts');
  const [file, setFile] = useState<Loaded | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const submit = usePlannerAction('planner.import');

  // The preview follows the file and the kind.
  useEffect(() => {
    let live = true;
    setPreview(null);
    setProblem(null);
    if (!file) return undefined;
    call(api, 'planner.importPreview', { kind, format: file.format, text: file.text })
      .then((p) => {
        if (live) setPreview(p);
      })
      .catch((e: unknown) => {
        if (live) setProblem(e);
      });
    return () => {
      live = false;
    };
  }, [api, file, kind]);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    setResult(null);
    if (!f) return;
    try {
      const text = await f.text();
      setFile({ name: f.name, text, format: formatOf(f.name, text) });
    } catch {
      setFile(null);
      setProblem(new Error(`“${f.name}” could not be read.`));
    }
  };
  const allowed = importAllowed(preview, validOnly);
  const run = () => {
    if (!file || !allowed.ok) return;
    submit.mutate({ kind, format: file.format, text: file.text, validOnly }, { onSuccess: setResult });
  };

  return (
    <section className="card form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import posts or plans</h2>
      <div className="planner-fields">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Import</label>
          <select id={`${id}-kind`} data-testid="import-kind" value={kind} onChange={(e) => {
              setResult(null);
              setKind(e.target.value as Kind);
            }}>
            <option value="posts">Posts</option>
            <option value="contentPlans">Content plans</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>From a CSV or JSON file</label>
          <input id={`${id}-file`} type="file" accept=".csv,.json,text/csv,application/json" data-testid="import-file" onChange={(e) => void choose(e)} />
        </div>
      </div>
      {file && (
        <p className="muted">
          {file.name}, read as {file.format.toUpperCase()}
          {preview ? `: ${preview.valid} valid, ${preview.invalid} invalid ${preview.rows.length === 1 ? 'row' : 'rows'}` : ''}
        </p>
      )}
      <SubmitError error={problem ? toAppError(problem) : null} fields={[]} />
      {preview && <ImportPreviewTable preview={preview} />}
      {preview && preview.invalid > 0 && preview.valid > 0 && (
        <label className="checkbox">
          <input type="checkbox" data-testid="import-valid-only" checked={validOnly} onChange={(e) => setValidOnly(e.target.checked)} />
          Import only the valid rows ({preview.valid}); skip the {preview.invalid} invalid
        </label>
      )}
      <div className="row">
        <button type="button" className="primary" data-testid="import-submit" disabled={!allowed.ok || submit.isPending} aria-describedby={`${id}-why`} onClick={run}>
          {submit.isPending ? 'Importing…' : 'Import'}
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
      <SubmitError error={submit.error?.error ?? null} fields={[]} />
    </section>
  );
}
