import type { ValidationIssue } from '../../shared/errors';
import type { ParsedCsv } from '../../shared/planner';

/** Columns the core reads itself when making records from a template row. */
export const specialColumns = ['scheduled_at', 'channel', 'status', 'plan_id', 'name'] as const;

export type ColumnRole = 'variable' | 'special' | 'unused';

export interface CsvTable {
  columns: { name: string; role: ColumnRole }[];
  rows: { row: number; cells: { value: string; missing: boolean }[] }[];
  /** Template variables with no column at all. */
  missingColumns: string[];
  /** Rows (1-based) with an empty value for a variable. */
  incomplete: { row: number; variables: string[] }[];
}

/** What a parsed CSV means for a template: which columns fill which variables, and what is missing. */
export function csvTable(parsed: ParsedCsv, variables: readonly string[]): CsvTable {
  const columns = parsed.columns.map((name) => ({
    name,
    role: (variables.includes(name)
      ? 'variable'
      : (specialColumns as readonly string[]).includes(name)
        ? 'special'
        : 'unused') as ColumnRole,
  }));
  const missingColumns = variables.filter((v) => !parsed.columns.includes(v));
  const incomplete: CsvTable['incomplete'] = [];
  const rows = parsed.rows.map((values, i) => {
    const empty = variables.filter((v) => parsed.columns.includes(v) && !(values[v] ?? '').trim());
    if (empty.length) incomplete.push({ row: i + 1, variables: empty });
    return {
      row: i + 1,
      cells: parsed.columns.map((c) => ({
        value: values[c] ?? '',
        missing: variables.includes(c) && !(values[c] ?? '').trim(),
      })),
    };
  });
  return { columns, rows, missingColumns, incomplete };
}

/** A validation issue in words: the core's own when it names the row ("Row 3: …"), else with its field. */
export function issueLine(issue: ValidationIssue): string {
  if (/^Row \d+/.test(issue.message) || !issue.path) return issue.message;
  return `${issue.path}: ${issue.message}`;
}
