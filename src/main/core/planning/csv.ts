import Papa from 'papaparse';
import type { ParsedCsv } from '../../../shared/planner';

/** One data row: its values by column, or why it could not be read. `row` is 1-based, after the header. */
export type CsvRecord =
  | { row: number; values: Record<string, string>; error?: undefined }
  | { row: number; values?: undefined; error: string };

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter the header uses. Papa's own guess fails on short files (two lines, or a trailing
 * empty line), and spreadsheets in many locales write `;`.
 */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  let best: string = ',';
  let most = 0;
  for (const d of DELIMITERS) {
    const count = header.split(d).length - 1;
    if (count > most) [best, most] = [d, count];
  }
  return best;
}

const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** Unique column names: spaces trimmed, a repeated name gets `_2`, `_3`… (names stay usable as {{variables}}). */
function columnsOf(header: string[]): (string | null)[] {
  const seen = new Map<string, number>();
  return header.map((raw) => {
    const name = raw.trim();
    if (name === '') return null; // a trailing comma in the header: no column
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name}_${n}`;
  });
}

const QUOTE_MESSAGES: Record<string, string> = {
  MissingQuotes: 'A quoted value is never closed (a " is missing), so the rest of the file was read into this row.',
  InvalidQuotes: 'A quoted value has text after its closing quote.',
};

/**
 * Read CSV text: the first non-empty line is the header; empty lines are skipped; bad rows are reported, not guessed
 * at.
 */
export function readCsv(text: string): { columns: string[]; records: CsvRecord[] } {
  const source = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(source, { delimiter: delimiterOf(source), skipEmptyLines: false });
  const quoteErrors = new Map<number, string>();
  for (const e of parsed.errors) {
    if (e.type === 'Quotes' && e.row !== undefined && !quoteErrors.has(e.row))
      quoteErrors.set(e.row, QUOTE_MESSAGES[e.code] ?? e.message);
  }
  const lines = parsed.data;
  const headerAt = lines.findIndex((cells) => !blank(cells));
  if (headerAt < 0) return { columns: [], records: [] };
  const columns = columnsOf(lines[headerAt] as string[]);
  // Columns up to the last named one; unnamed trailing ones (a trailing comma) are not required.
  const width = columns.findLastIndex((c) => c !== null) + 1;
  const records: CsvRecord[] = [];
  let row = 0;
  for (let i = headerAt + 1; i < lines.length; i += 1) {
    const cells = lines[i] as string[];
    if (blank(cells) && !quoteErrors.has(i)) continue;
    row += 1;
    const quoteError = quoteErrors.get(i);
    if (quoteError) {
      records.push({ row, error: quoteError });
      continue;
    }
    // Extra empty cells (a trailing comma) are harmless; extra values would be silently lost.
    const extra = cells.slice(width);
    if (cells.length < width || !blank(extra)) {
      records.push({
        row,
        error:
          `This row has ${cells.length} value${cells.length === 1 ? '' : 's'} ` +
          `but the header has ${width} columns.`,
      });
      continue;
    }
    // fromEntries defines own keys, so even a column named __proto__ stays a column.
    const values = Object.fromEntries(columns.flatMap((name, c) => (name === null ? [] : [[name, cells[c] ?? '']])));
    records.push({ row, values });
  }
  return { columns: columns.filter((c): c is string => c !== null), records };
}

/** `planner.parseCsv`: the readable rows keyed by column, and the unreadable ones with why. */
export function parseCsv(text: string): ParsedCsv {
  const { columns, records } = readCsv(text);
  const rows: Record<string, string>[] = [];
  const errors: ParsedCsv['errors'] = [];
  for (const r of records) {
    if (r.error !== undefined) errors.push({ row: r.row, message: r.error });
    else rows.push(r.values);
  }
  return { columns, rows, errors };
}
