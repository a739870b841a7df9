import { useId, useState, type ChangeEvent } from 'react';
import type { ParsedCsv } from '../../shared/planner';
import { csvTable } from './csv-table';

interface Props {
  text: string;
  parsed: ParsedCsv | undefined;
  variables: readonly string[];
  onText(text: string): void;
}

const roleHints = { variable: 'fills a variable', special: 'read by Atelier', unused: 'not used' } as const;

/** What the CSV gives: missing columns, unreadable rows, and the rows with their missing values marked. */
function CsvTable({ parsed, table }: { parsed: ParsedCsv; table: ReturnType<typeof csvTable> }) {
  return (
    <>
      {table.missingColumns.length > 0 && (
        <p className="warning">
          No column for: {table.missingColumns.join(', ')}. Every row needs a value for each variable.
        </p>
      )}
      {parsed.errors.length > 0 && (
        <ul className="field-error issue-list" aria-label="Rows that could not be read">
          {parsed.errors.map((e) => (
            <li key={`${e.row}:${e.message}`}>
              Row {e.row}: {e.message}
            </li>
          ))}
        </ul>
      )}
      <div className="sync-table-wrap">
        <table className="sync-table csv-table" data-testid="template-csv-table">
          <caption className="lib-sr-only">Rows read from the CSV</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {table.columns.map((c) => (
                <th key={c.name} scope="col" className={`csv-col-${c.role}`}>
                  {c.name}
                  <span className="csv-role"> ({roleHints[c.role]})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.row}>
                <th scope="row">{r.row}</th>
                {r.cells.map((cell, i) => (
                  <td key={table.columns[i]!.name} className={cell.missing ? 'csv-missing' : undefined}>
                    {cell.missing ? <em>missing</em> : cell.value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        {table.rows.length} {table.rows.length === 1 ? 'row' : 'rows'}
        {table.incomplete.length > 0 ? `, ${table.incomplete.length} with missing values` : ''}
      </p>
    </>
  );
}

/** CSV pasted or read from a file (in the browser), and a table of the rows it gives, missing values marked. */
export function CsvRows({ text, parsed, variables, onText }: Props) {
  const id = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      setFileError(null);
      onText(await file.text());
    } catch {
      setFileError(`“${file.name}” could not be read.`);
    }
  };
  const table = parsed ? csvTable(parsed, variables) : null;
  return (
    <div className="csv-rows">
      <div className="field">
        <label htmlFor={`${id}-csv`}>
          CSV with a header row: one column per variable; optional scheduled_at, channel, status and plan_id (name for
          creatives)
        </label>
        <textarea
          id={`${id}-csv`}
          className="mono"
          data-testid="template-csv"
          rows={6}
          maxLength={900_000}
          spellCheck={false}
          value={text}
          onChange={(e) => onText(e.target.value)}
        />
      </div>
      <div className="row">
        <label htmlFor={`${id}-file`}>Or read a CSV file:</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          data-testid="template-csv-file"
          onChange={(e) => void readFile(e)}
        />
      </div>
      {fileError && (
        <p className="field-error" role="alert">
          {fileError}
        </p>
      )}
      {table && parsed && <CsvTable parsed={parsed} table={table} />}
    </div>
  );
}
