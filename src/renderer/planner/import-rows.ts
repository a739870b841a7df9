import type { ImportPreview } from '../../shared/planner';

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
