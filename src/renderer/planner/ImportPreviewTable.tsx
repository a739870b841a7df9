import type { FieldProblem, ImportPreview, RowDate } from '../../shared/planner';
import { cellText, dateOf, previewColumns, problemLine, rowProblems } from './import-rows';

/** A date as the row wrote it and, beside it, how the core read it on the creator's clock (or that it could not). */
export function RowDateText({ date, zone }: { date: RowDate; zone: string | undefined }) {
  return (
    <>
      {date.value}
      {date.local !== null ? (
        <span className="field-hint" data-testid="row-date-local" title={date.at ?? undefined}>
          {' '}
          → {date.local}
          {zone ? ` (${zone})` : ''}
        </span>
      ) : (
        <span className="field-error" data-testid="row-date-bad">
          {' '}
          <span aria-hidden="true">⚠ </span>not read
        </span>
      )}
    </>
  );
}

/** A row's check: OK, or its problems in words, each naming its field. */
export function RowProblems({ problems }: { problems: readonly FieldProblem[] }) {
  if (problems.length === 0)
    return (
      <span className="muted">
        <span aria-hidden="true">✓ </span>OK
      </span>
    );
  return (
    <ul className="field-error issue-list">
      {problems.map((p) => (
        <li key={`${p.field}:${p.message}`}>{problemLine(p)}</li>
      ))}
    </ul>
  );
}

/** What an import would make, row by row, each row's problems beside it and its dates as read. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const columns = previewColumns(preview);
  return (
    <div className="sync-table-wrap">
      <table className="sync-table import-table" data-testid="import-preview">
        <caption className="lib-sr-only">
          Rows to import: {preview.valid} valid, {preview.invalid} invalid
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Problems</th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((r) => (
            <tr
              key={r.row}
              className={r.errors.length ? 'import-invalid' : undefined}
              data-testid={`import-row-${r.row}`}
              data-valid={r.errors.length === 0}
            >
              <th scope="row">{r.row}</th>
              <td>
                <RowProblems problems={rowProblems(r)} />
              </td>
              {columns.map((c) => {
                const date = dateOf(r.dates, c);
                return (
                  <td key={c} className="import-cell">
                    {date ? <RowDateText date={date} zone={preview.zone} /> : cellText(r.fields[c])}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
