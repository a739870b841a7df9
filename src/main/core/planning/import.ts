import type { z } from 'zod';
import type { FieldProblem, ImportPreview, ImportResult, ImportInput, RowDate } from '../../../shared/planner';
import { groupFields, postStatuses } from '../../../shared/records';
import { fail } from '../errors';
import type { Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import { applyChannels, type ChannelNamed } from './channel-names';
import { readCsv } from './csv';
import { dateContextOf, readField, type DateContext } from './date-forms';

type ImportArgs = z.output<typeof ImportInput>;
type Kind = ImportArgs['kind'];
type Row = ImportPreview['rows'][number];

interface Checked {
  problems: FieldProblem[];
  dates: RowDate[];
}

/** The columns (or JSON keys) each kind reads; anything else in the file is ignored. */
const KNOWN: Record<Kind, readonly string[]> = {
  posts: ['text', 'status', 'scheduled_at', 'channel', 'channels', 'asset_ids'],
  contentPlans: ['title', 'starts_at', 'ends_at', 'post_ids'],
};
const ID_LISTS = new Set(['asset_ids', 'post_ids']);

export interface ImporterDeps {
  store: RecordStore;
  account(): string;
  /** A live channel with this name (any case), for rows that name their channels. */
  channelNamed?: ChannelNamed;
}

/** Posts and content plans from CSV or JSON, checked row by row before anything is written. */
export class PlannerImporter {
  constructor(private readonly deps: ImporterDeps) {}

  preview(input: ImportArgs): ImportPreview {
    const ctx = dateContextOf(input);
    const rows = this.rows(input).map((r): Row => {
      if (r.errors.length > 0)
        return { ...r, problems: r.errors.map((message) => ({ field: '', message })), dates: [] };
      const { problems, dates } = this.check(input.kind, r.fields, ctx);
      return { ...r, errors: problems.map((p) => p.message), problems, dates };
    });
    const invalid = rows.filter((r) => r.errors.length > 0).length;
    return { rows, valid: rows.length - invalid, invalid, zone: ctx.zone };
  }

  import(input: ImportArgs): ImportResult {
    const { rows, invalid } = this.preview(input);
    if (rows.length === 0) fail('validation', 'There is nothing to import in this file.');
    if (invalid > 0 && !input.validOnly) {
      fail(
        'validation',
        `${invalid} of ${rows.length} rows ${invalid === 1 ? 'is' : 'are'} not valid, so nothing was imported.`,
        {
          hint: 'Fix those rows, or import only the valid ones.',
          issues: rows.flatMap((r) =>
            r.errors.map((message) => ({ path: `rows.${r.row}`, message: `Row ${r.row}: ${message}` })),
          ),
        },
      );
    }
    const { store } = this.deps;
    const account = this.deps.account();
    const valid = rows.filter((r) => r.errors.length === 0);
    store.db.transaction(() => {
      for (const r of valid) store.create(input.kind, account, r.fields);
    })();
    return { created: valid.length, skipped: rows.length - valid.length };
  }

  /** Rows as fields, before checking; rows the file itself garbles carry their error already. */
  private rows(input: ImportArgs): Row[] {
    if (input.format === 'csv') {
      return readCsv(input.text).records.map((r) =>
        r.error !== undefined
          ? { row: r.row, fields: {}, errors: [r.error] }
          : { row: r.row, fields: pick(input.kind, lowerKeys(r.values)), errors: [] },
      );
    }
    let data: unknown;
    try {
      data = JSON.parse(input.text.replace(/^\uFEFF/, ''));
    } catch (e) {
      fail('validation', `The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const items = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.items) ? data.items : null;
    if (items === null) fail('validation', 'The JSON must be a list of objects, or an object with an "items" list.');
    return items.map((item: unknown, i) =>
      isObject(item)
        ? { row: i + 1, fields: pick(input.kind, item), errors: [] }
        : { row: i + 1, fields: {}, errors: ['This item is not an object with fields.'] },
    );
  }

  /**
   * Every problem with a row, in words a creator understands (field names as the file has them), and its
   * dates as read in the creator's zone; readable dates are stored as UTC instants.
   */
  private check(kind: Kind, fields: Fields, ctx: DateContext): Checked {
    const problems: FieldProblem[] = [];
    const bad = new Set<string>();
    const problem = (field: string, message: string) => {
      bad.add(field);
      problems.push({ field, message });
    };
    const dates: RowDate[] = [];
    for (const field of kind === 'posts' ? ['scheduled_at'] : ['starts_at', 'ends_at']) {
      if (fields[field] === undefined) continue;
      const read = readField(field, fields[field], ctx);
      dates.push(read.date);
      if (read.message !== undefined) problem(field, `${field} ${read.message}`);
      else fields[field] = read.iso;
    }
    if (kind === 'posts') {
      if (fields.text === undefined) {
        if (Array.isArray(fields.asset_ids) && fields.asset_ids.length > 0) fields.text = '';
        else problem('text', 'The post has no text (a "text" column).');
      }
      if (fields.status !== undefined) {
        const status = typeof fields.status === 'string' ? fields.status.trim().toLowerCase() : '';
        if ((postStatuses as readonly string[]).includes(status)) fields.status = status;
        else
          problem(
            'status',
            `Unknown status "${String(fields.status)}"; use ${postStatuses.slice(0, -1).join(', ')} ` +
              `or ${postStatuses.at(-1)}.`,
          );
      }
      if (fields.status === 'scheduled' && fields.scheduled_at === undefined)
        problem('scheduled_at', 'A scheduled post needs a scheduled_at time.');
      this.checkIds(fields, 'asset_ids', 'assets', 'No asset with id', problem);
      this.checkChannels(fields, problem);
    } else {
      if (fields.title === undefined) problem('title', 'The plan has no title (a "title" column).');
      const { starts_at: from, ends_at: to } = fields;
      if (
        !bad.has('starts_at') &&
        !bad.has('ends_at') &&
        typeof from === 'string' &&
        typeof to === 'string' &&
        Date.parse(to) < Date.parse(from)
      ) {
        problem('ends_at', 'ends_at is before starts_at.');
      }
      this.checkIds(fields, 'post_ids', 'posts', 'No post with id', problem);
    }
    const parsed = groupFields[kind].safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (!bad.has(field)) problem(field, `${field || 'The row'}: ${issue.message}`);
      }
    }
    return { problems, dates };
  }

  /** A row's `channels` (names) become the post's targets; see applyChannels. */
  private checkChannels(fields: Fields, problem: (f: string, m: string) => void): void {
    const written = fields.channels;
    delete fields.channels;
    const wrong = applyChannels(fields, written, this.deps.channelNamed ?? (() => undefined));
    if (wrong !== null) problem('channels', wrong);
  }

  private checkIds(
    fields: Fields,
    field: string,
    group: 'assets' | 'posts',
    what: string,
    problem: (f: string, m: string) => void,
  ): void {
    const ids = fields[field];
    if (ids === undefined) return;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))
      return problem(field, `${field} must be a list of ids.`);
    const account = this.deps.account();
    for (const id of ids as string[]) {
      const row = this.deps.store.get(group, id);
      if (!row || row.deleted === 1 || row.account_id !== account) problem(field, `${what} "${id}" in this workspace.`);
    }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Column names as a spreadsheet may write them ("Text"), matched to field names. */
function lowerKeys(values: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k.trim().toLowerCase(), v]));
}

/**
 * The known fields of a row; blank values are absent. Id lists may be `;`-separated text (CSV)
 * or a list (JSON). Text fields keep their spaces; everything else is trimmed.
 */
function pick(kind: Kind, source: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const key of KNOWN[kind]) {
    let v = source[key];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) continue;
    if (key === 'channels') {
      out[key] = v; // names, read by checkChannels
      continue;
    }
    if (ID_LISTS.has(key) && typeof v === 'string')
      v = v
        .split(';')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    else if (typeof v === 'string' && key !== 'text') v = v.trim();
    out[key] = v;
  }
  return out;
}
