import type { ScheduledRow } from './scheduled-sql';

const TITLE_MAX = 80;

/** The first non-empty line, shortened for a calendar cell or a notification. */
export function firstLine(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const line = value.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  if (line === '') return null;
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1).trimEnd()}…` : line;
}

/** A post by its text's first line; a queue item by its asset's name, else its note. */
export function titleOf(row: ScheduledRow, assetName: (id: string) => string | undefined): string {
  if (row.group === 'posts') return firstLine(row.fields.text) ?? 'Untitled post';
  const asset = typeof row.fields.asset_id === 'string' ? assetName(row.fields.asset_id) : undefined;
  return asset ?? firstLine(row.fields.note) ?? 'Queue item';
}
