import type { FieldProblem, ImportPreview, RowDate } from '../../shared/planner';

/** CSV or JSON, by the file's extension, else by its first character. */
export function formatOf(fileName: string, text: string): 'csv' | 'json' {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'json') return 'json';
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  const first = text.trimStart()[0];
  return first === '[' || first === '{' ? 'json' : 'csv';
}

/** Every field any row has, in order of first appearance: the preview table's columns. */
export function previewColumns(preview: ImportPreview): string[] {
  const columns: string[] = [];
  for (const row of preview.rows)
    for (const key of Object.keys(row.fields)) if (!columns.includes(key)) columns.push(key);
  return columns;
}

/** A field's value in a table cell. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Whether Import may be pressed, and if not, why (shown beside the button). */
export function importAllowed(preview: ImportPreview | null, validOnly: boolean): { ok: boolean; why: string } {
  if (!preview) return { ok: false, why: 'Choose a file first.' };
  if (preview.valid === 0) return { ok: false, why: 'No row can be imported.' };
  if (preview.invalid > 0 && !validOnly) {
    const rows = preview.invalid === 1 ? 'invalid row' : `${preview.invalid} invalid rows`;
    return { ok: false, why: `Fix the ${rows}, or tick “Import only the valid rows”.` };
  }
  return { ok: true, why: '' };
}

type PreviewRow = ImportPreview['rows'][number];

/** The creator's locale, which settles whether 03/04/2026 is 3 April or March 4 for the core. */
export function creatorLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/** A row's problems with their fields; a core that gives only messages gives them for the row as a whole. */
export function rowProblems(row: Pick<PreviewRow, 'errors' | 'problems'>): FieldProblem[] {
  return row.problems ?? row.errors.map((message) => ({ field: '', message }));
}

/**
 * A problem on its row's line: the row number is already beside it, and the field is named when the
 * message does not name it itself.
 */
export function problemLine(p: FieldProblem): string {
  const message = p.message.replace(/^Row \d+: /, '');
  return p.field && !message.includes(p.field) ? `${p.field}: ${message}` : message;
}

/** The date a row gives for a field, as written and as read. */
export function dateOf(dates: readonly RowDate[] | undefined, field: string): RowDate | undefined {
  return dates?.find((d) => d.field === field);
}

/** Whether the records may be made from the checked rows, and if not, why (shown beside the button). */
export function rowsAllowed(
  checks: readonly { problems: readonly FieldProblem[] }[] | undefined,
  validOnly: boolean,
): { ok: boolean; why: string; invalid: number; valid: number } {
  if (!checks) return { ok: false, why: 'Checking the rows…', invalid: 0, valid: 0 };
  const invalid = checks.filter((c) => c.problems.length > 0).length;
  const valid = checks.length - invalid;
  if (valid === 0) return { ok: false, why: 'No row can be used yet: fix the flagged rows.', invalid, valid };
  if (invalid > 0 && !validOnly) {
    const rows = invalid === 1 ? 'flagged row' : `${invalid} flagged rows`;
    return { ok: false, why: `Fix the ${rows}, or tick “Create only the valid rows”.`, invalid, valid };
  }
  return { ok: true, why: '', invalid, valid };
}

/**
 * The rule the core reads row dates by, in words: the creator's clock, and which of 03/04/2026's parts is
 * the day (the language's own short-date order, as the core decides it).
 */
export function datesHint(tz: string, locale: string | undefined): string {
  let monthFirst = false;
  try {
    const order = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(Date.UTC(2026, 10, 30, 12)))
      .map((p) => p.type)
      .filter((t) => t === 'year' || t === 'month' || t === 'day');
    monthFirst = order.join(',') === 'month,day,year';
  } catch {
    // An unknown locale: the core reads day first too.
  }
  const reads = monthFirst ? 'March 4 (month first)' : '3 April (day first)';
  return (
    `Dates need a time; without a zone they are read on your clock (${tz}). ` +
    `03/04/2026 reads as ${reads}, as your language writes dates; 13/04/2026 or 04/13/2026 is never in doubt.`
  );
}
