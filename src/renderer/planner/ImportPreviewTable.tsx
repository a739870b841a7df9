import type { ImportPreview } from '../../shared/planner';
import { cellText, previewColumns } from './import-rows';

/** What an import would make, row by row, each row's problems beside it. */
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
                {r.errors.length === 0 ? (
                  <span className="muted">
                    <span aria-hidden="true">✓ </span>OK
                  </span>
                ) : (
                  <ul className="field-error issue-list">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )}
              </td>
              {columns.map((c) => (
                <td key={c} className="import-cell">
                  {cellText(r.fields[c])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
