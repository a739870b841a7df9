import type { ImportReport } from '../../shared/library';
import { plural } from './format';

const SHOWN = 5;

function Listing({ title, rows }: { title: string; rows: { key: string; text: string }[] }) {
  if (rows.length === 0) return null;
  const list = (items: typeof rows) => (
    <ul className="summary-list">
      {items.map((r, i) => (
        <li key={`${r.key}:${i}`}>{r.text}</li>
      ))}
    </ul>
  );
  return (
    <div className="summary-group">
      <span>{title}</span>
      {list(rows.slice(0, SHOWN))}
      {rows.length > SHOWN && (
        <details>
          <summary>Show {plural(rows.length - SHOWN, 'more')}</summary>
          {list(rows.slice(SHOWN))}
        </details>
      )}
    </div>
  );
}

/** What an import did: imported, already there, skipped and failed, each with its reason. */
export function ImportSummary({ report, onDismiss }: { report: ImportReport; onDismiss(): void }) {
  const { imported, duplicates, skipped, failed } = report;
  const problems = skipped.length + failed.length > 0;
  return (
    <div className={`import-summary${problems ? ' has-problems' : ''}`} data-testid="import-summary">
      <div className="summary-head">
        <strong>
          {imported.length ? `Imported ${plural(imported.length, 'file')}.` : 'Nothing new was imported.'}
        </strong>
        {duplicates.length > 0 && <span> {plural(duplicates.length, 'file')} already in the library.</span>}
        {skipped.length > 0 && <span> {plural(skipped.length, 'file')} skipped.</span>}
        {failed.length > 0 && <span> {plural(failed.length, 'file')} failed.</span>}
        <button type="button" className="lib-small" aria-label="Dismiss the import summary" onClick={onDismiss}>
          ×
        </button>
      </div>
      <Listing
        title="Already in the library (no second copy was made):"
        rows={duplicates.map((d) => ({
          key: d.path,
          text: d.name && d.name !== d.path ? `${d.path} — already there as “${d.name}”` : d.path,
        }))}
      />
      <Listing title="Skipped:" rows={skipped.map((s) => ({ key: s.path, text: `${s.path} — ${s.reason}` }))} />
      <Listing title="Failed:" rows={failed.map((f) => ({ key: f.path, text: `${f.path} — ${f.message}` }))} />
    </div>
  );
}
