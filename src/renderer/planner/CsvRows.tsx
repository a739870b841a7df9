import { useId, useState, type ChangeEvent } from 'react';
import type { ParsedCsv, TemplatePreview } from '../../shared/planner';
import { csvTable } from './csv-table';
import { creatorLocale, dateOf, datesHint } from './import-rows';
import { RowDateText, RowProblems } from './ImportPreviewTable';

type RowCheck = NonNullable<TemplatePreview['rows']>[number];

interface Props {
  text: string;
  parsed: ParsedCsv | undefined;
  variables: readonly string[];
  /** The core's check of each row (dates as read, problems by field); absent while it is not known. */
  checks?: readonly RowCheck[] | undefined;
  /** The zone the rows' dates are read in. */
  zone: string;
  onText(text: string): void;
}

const roleHints = { variable: 'fills a variable', special: 'read by Atelier', unused: 'not used' } as const;

/** A row's cell: missing values marked, dates with how they read on the creator's clock. */
function CsvCell({
  cell,
  column,
  check,
  zone,
}: {
  cell: { value: string; missing: boolean };
  column: string;
  check: RowCheck | undefined;
  zone: string | undefined;
}) {
  const date = dateOf(check?.dates, column);
  const bad = check?.problems.some((p) => p.field === column) ?? false;
  return (
    <td className={cell.missing || bad ? 'csv-missing' : undefined} data-invalid={bad || undefined}>
      {cell.missing ? (
        <em>missing</em>
      ) : date && date.value === cell.value.trim() ? (
        <RowDateText date={date} zone={zone} />
      ) : (
        cell.value
      )}
    </td>
  );
}

/** What the CSV gives: missing columns, unreadable rows, and the rows with their missing values and problems marked. */
function CsvTable({
  parsed,
  table,
  checks,
  zone,
}: {
  parsed: ParsedCsv;
  table: ReturnType<typeof csvTable>;
  checks: readonly RowCheck[] | undefined;
  zone: string | undefined;
}) {
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
              {checks && <th scope="col">Check</th>}
              {table.columns.map((c) => (
                <th key={c.name} scope="col" className={`csv-col-${c.role}`}>
                  {c.name}
                  <span className="csv-role"> ({roleHints[c.role]})</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => {
              const check = checks?.find((c) => c.row === r.row);
              const invalid = (check?.problems.length ?? 0) > 0;
              return (
                <tr
                  key={r.row}
                  className={invalid ? 'import-invalid' : undefined}
                  data-testid={`template-row-${r.row}`}
                  data-valid={check ? !invalid : undefined}
                >
                  <th scope="row">{r.row}</th>
                  {checks && <td>{check ? <RowProblems problems={check.problems} /> : null}</td>}
                  {r.cells.map((cell, i) => (
                    <CsvCell
                      key={table.columns[i]!.name}
                      cell={cell}
                      column={table.columns[i]!.name}
                      check={check}
                      zone={zone}
                    />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted">
        {table.rows.length} {table.rows.length === 1 ? 'row' : 'rows'}
        {table.incomplete.length > 0 ? `, ${table.incomplete.length} with missing values` : ''}
        {checks ? `, ${checks.filter((c) => c.problems.length > 0).length} flagged` : ''}
      </p>
    </>
  );
}

/** CSV pasted or read from a file (in the browser), and a table of the rows it gives, missing values marked. */
export function CsvRows({ text, parsed, variables, checks, zone, onText }: Props) {
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
          CSV with a header row: one column per variable; optional scheduled_at (as you write dates, e.g. 2026-11-30
          09:00 or 30/11/2026 9am), channel, status and plan_id (name for creatives)
        </label>
        <p id={`${id}-dates`} className="field-hint">
          {datesHint(zone, creatorLocale())}
        </p>
        <textarea
          id={`${id}-csv`}
          className="mono"
          data-testid="template-csv"
          aria-describedby={`${id}-dates`}
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
      {table && parsed && <CsvTable parsed={parsed} table={table} checks={checks} zone={zone} />}
    </div>
  );
}
