import { z } from 'zod';
import { applyChannels, type ChannelNamed } from './channel-names';
import type { ValidationIssue } from '../../../shared/errors';
import type {
  CreatedRecords,
  FromTemplateInput,
  RowDate,
  TemplatePreview,
  TemplatePreviewInput,
} from '../../../shared/planner';
import { groupFields, type RecordView } from '../../../shared/records';
import { isSnippetFields } from '../../../shared/snippets';
import { withPrimaryLabel, type PostTarget } from '../../../shared/targets';
import { fail, issuesOf } from '../errors';
import { parseFields, type Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import { dateContextOf, readField, type DateContext } from './date-forms';

/** `{{name}}`: letters, digits, `_`, `-` and `.`, with optional spaces inside the braces. */
const VARIABLE = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/**
 * Variables Atelier fills without a column:
 * - `{{date}}`: the record's scheduled day as YYYY-MM-DD in UTC; a row's own `date` column wins;
 *   without a scheduled time it is today's date (UTC).
 */
export const BUILT_IN_VARIABLES = ['date'] as const;

const channelLabel = z.string().trim().min(1).max(100);
const makeStatuses = ['draft', 'ready', 'scheduled'] as const;

type PreviewArgs = z.output<typeof TemplatePreviewInput>;
type FromTemplateArgs = Omit<z.output<typeof FromTemplateInput>, 'validOnly'> & { validOnly?: boolean };
/** What making records needs besides the rows: posts or creatives, the defaults, how dates are read. */
interface MakeArgs {
  target: FromTemplateArgs['target'];
  defaults: FromTemplateArgs['defaults'];
  ctx: DateContext;
}
type Values = Record<string, string | undefined>;
type Problem = (field: string, message: string) => void;

export interface Filled {
  text: string;
  /** Every variable, in order of first use. */
  variables: string[];
  /** Variables with no value (absent or blank); they stay as {{name}} in `text`. */
  missing: string[];
}

/** A value counts only when it has something besides spaces: a blank must never fill a post. */
const given = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
/** Own values only: a variable named like an Object member ({{constructor}}) must not find one. */
const valueOf = (values: Values, name: string) => (Object.hasOwn(values, name) ? values[name] : undefined);

export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(VARIABLE)].map((m) => m[1] as string))];
}

export function fillTemplate(body: string, values: Values): Filled {
  const variables = templateVariables(body);
  const missing = variables.filter((v) => !given(valueOf(values, v)));
  const text = body.replace(VARIABLE, (whole, name: string) => {
    const v = valueOf(values, name);
    return given(v) ? v : whole;
  });
  return { text, variables, missing };
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Values with the built-ins under them; blank values do not count, so a blank `date` still gets the built-in day. */
export function withBuiltIns(dayMs: number, values: Values): Values {
  return { date: utcDay(dayMs), ...Object.fromEntries(Object.entries(values).filter(([, v]) => given(v))) };
}

/** The failure for a template that lacks values; the message lists them as the creator wrote them. */
export function missingMessage(missing: string[]): string {
  return (
    `The template needs ${missing.map((m) => `{{${m}}}`).join(', ')}, ` +
    `which ${missing.length === 1 ? 'has' : 'have'} no value.`
  );
}

export interface TemplatesDeps {
  store: RecordStore;
  account(): string;
  now(): number;
  /** A live channel with this name (any case), for rows that name their channels. */
  channelNamed?: ChannelNamed;
}

interface Draft {
  fields: Fields;
  planId: string | null;
}

/** One row made into record fields: the draft (null when the row has problems), its dates, its filled text. */
interface Drafted {
  draft: Draft | null;
  dates: RowDate[];
  filled: Filled;
}

/** Media templates: preview with values, and posts or creatives made from one row of values each. */
export class Templates {
  constructor(private readonly deps: TemplatesDeps) {}

  template(id: string): { id: string; name: string; body: string } {
    const fields = parseFields(this.deps.store.live('mediaTemplates', this.deps.account(), id).data);
    // A snippet is stored as a media template but is a piece of a post, never a template to make posts from.
    if (isSnippetFields(fields))
      fail('validation', 'That is a snippet, not a template: choose a template.', {
        issues: [{ path: 'templateId', message: 'A snippet cannot be used as a template.' }],
      });
    return {
      id,
      name: typeof fields.name === 'string' ? fields.name : 'Template',
      body: typeof fields.body === 'string' ? fields.body : '',
    };
  }

  preview(input: PreviewArgs): TemplatePreview {
    // A body being edited wins over the stored one, so the preview follows the editor.
    const body = input.body ?? (input.templateId ? this.template(input.templateId).body : undefined);
    if (body === undefined)
      fail('validation', 'Choose a template or write a body to preview.', {
        issues: [{ path: 'body', message: 'A template or a body is required.' }],
      });
    if (!input.rows) return fillTemplate(body, withBuiltIns(this.deps.now(), input.values));
    // Rows given: each is checked as Create would check it, and the text is the first row filled.
    const make: MakeArgs = {
      target: input.target ?? 'posts',
      defaults: input.defaults ?? {},
      ctx: dateContextOf(input),
    };
    const tpl = { id: input.templateId ?? 'preview', name: 'Template', body };
    const checked = input.rows.map((row, i) => {
      const issues: ValidationIssue[] = [];
      const made = this.draft(tpl, make, row, i + 1, issues);
      const problems = issues.map((issue) => ({
        field: issue.path.split('.').slice(2).join('.'),
        message: issue.message,
      }));
      return { row: i + 1, dates: made.dates, problems, filled: made.filled };
    });
    const first = checked[0]!.filled;
    return {
      ...first,
      rows: checked.map(({ row, dates, problems }) => ({ row, dates, problems })),
      zone: make.ctx.zone,
    };
  }

  /**
   * One record per row; every row is checked first, and any problem refuses them all, unless only the
   * valid rows were asked for (a problem with the defaults still refuses all).
   */
  fromTemplate(input: FromTemplateArgs): CreatedRecords {
    const tpl = this.template(input.templateId);
    const issues: ValidationIssue[] = [];
    const { defaults } = input;
    const make: MakeArgs = { target: input.target, defaults, ctx: dateContextOf(input) };
    if (input.target === 'posts' && defaults.planId && !this.exists('contentPlans', defaults.planId))
      issues.push({ path: 'defaults.planId', message: 'That content plan does not exist (it may have been deleted).' });
    (defaults.assetIds ?? []).forEach((id, i) => {
      if (!this.exists('assets', id))
        issues.push({ path: `defaults.assetIds.${i}`, message: `No asset with id "${id}" is in the library.` });
    });
    const drafts = input.rows.map((row, i) => this.draft(tpl, make, row, i + 1, issues).draft);
    const good = drafts.filter((d): d is Draft => d !== null);
    const rowsOnly = issues.every((i) => i.path.startsWith('rows.'));
    if (issues.length > 0 && !(input.validOnly && rowsOnly && good.length > 0)) refuse(issues);
    const skipped = drafts.flatMap((d, i) => (d === null ? [i + 1] : []));
    return { created: this.createAll(input.target, good), ...(input.validOnly ? { skipped } : {}) };
  }

  /** The records, and the posts added to the plans their rows name, in one transaction. */
  private createAll(target: FromTemplateArgs['target'], drafts: Draft[]): RecordView[] {
    const { store } = this.deps;
    const account = this.deps.account();
    const ids: string[] = [];
    store.db.transaction(() => {
      const byPlan = new Map<string, string[]>();
      for (const d of drafts) {
        const id = store.create(target, account, d.fields).id;
        ids.push(id);
        if (d.planId) byPlan.set(d.planId, [...(byPlan.get(d.planId) ?? []), id]);
      }
      for (const [planId, postIds] of byPlan) {
        const had = parseFields(store.live('contentPlans', account, planId).data).post_ids;
        const current = Array.isArray(had) ? had.filter((x): x is string => typeof x === 'string') : [];
        store.update('contentPlans', account, planId, {
          post_ids: [...current, ...postIds.filter((p) => !current.includes(p))],
        });
      }
    })();
    return ids.map((id) => store.view(target, id));
  }

  /** A post from a template and the values an automation gathered (event facts and its own values). */
  postFromValues(
    templateId: string,
    values: Values,
    extra: { channel?: string; targets?: PostTarget[]; assetIds?: string[] },
  ): RecordView {
    const tpl = this.template(templateId);
    const filled = fillTemplate(tpl.body, withBuiltIns(this.deps.now(), values));
    if (filled.missing.length > 0) fail('validation', missingMessage(filled.missing));
    const fields: Fields = { text: filled.text, status: 'draft', template_id: tpl.id };
    if (extra.channel) fields.channel = extra.channel;
    // Targets name the post's label too, as every writer of targets does (see withPrimaryLabel).
    if (extra.targets && extra.targets.length > 0)
      Object.assign(fields, withPrimaryLabel({ ...fields, targets: extra.targets }));
    if (extra.assetIds && extra.assetIds.length > 0) fields.asset_ids = extra.assetIds;
    return this.deps.store.view('posts', this.deps.store.create('posts', this.deps.account(), fields).id);
  }

  private exists(group: 'assets' | 'contentPlans', id: string): boolean {
    const row = this.deps.store.get(group, id);
    return row !== undefined && row.deleted === 0 && row.account_id === this.deps.account();
  }

  private draft(
    tpl: { id: string; name: string; body: string },
    input: MakeArgs,
    row: Record<string, string>,
    n: number,
    issues: ValidationIssue[],
  ): Drafted {
    const before = issues.length;
    const problem: Problem = (field, message) =>
      issues.push({ path: `rows.${n}.${field}`, message: `Row ${n}: ${message}` });
    const cell = (name: string) => {
      const v = valueOf(row, name);
      return given(v) ? v.trim() : undefined;
    };
    const post = input.target === 'posts' ? this.postPart(cell, input, problem) : null;
    const filled = fillTemplate(
      tpl.body,
      withBuiltIns(post?.scheduledAt ? Date.parse(post.scheduledAt) : this.deps.now(), row),
    );
    for (const name of filled.missing) problem(name, `{{${name}}} has no value.`);
    const fields: Fields = post
      ? { text: filled.text, ...post.fields, template_id: tpl.id }
      : { name: cell('name') ?? `${tpl.name} ${n}`, caption: filled.text, text: filled.text, template_id: tpl.id };
    if (input.defaults.assetIds && input.defaults.assetIds.length > 0) fields.asset_ids = [...input.defaults.assetIds];
    const dates = post?.dates ?? [];
    if (issues.length > before) return { draft: null, dates, filled };
    const checked = groupFields[input.target].safeParse(fields);
    if (!checked.success) for (const i of issuesOf(checked.error)) problem(i.path, `${i.path}: ${i.message}`);
    return { draft: issues.length > before ? null : { fields, planId: post?.planId ?? null }, dates, filled };
  }

  /** A `channels` column (names) makes the post's targets; see applyChannels. */
  private channelTargets(written: string | undefined, fields: Fields, problem: Problem): void {
    const wrong = applyChannels(fields, written, this.deps.channelNamed ?? (() => undefined));
    if (wrong !== null) problem('channels', wrong);
  }

  /** A post's status, time, channel and plan: the row's columns, else the defaults. */
  private postPart(
    cell: (name: string) => string | undefined,
    { defaults, ctx }: MakeArgs,
    problem: Problem,
  ): { fields: Fields; scheduledAt: string | undefined; planId: string | null; dates: RowDate[] } {
    const fields: Fields = {};
    const written = cell('scheduled_at') ?? defaults.scheduledAt;
    let scheduledAt: string | undefined;
    const dates: RowDate[] = [];
    if (written !== undefined) {
      const read = readField('scheduled_at', written, ctx);
      dates.push(read.date);
      if (read.message !== undefined) problem('scheduled_at', read.message);
      else fields.scheduled_at = scheduledAt = read.iso;
    }
    const badTime = written !== undefined && scheduledAt === undefined;
    const status = cell('status')?.toLowerCase() ?? defaults.status ?? 'draft';
    if (!(makeStatuses as readonly string[]).includes(status))
      problem('status', `unknown status "${cell('status')}"; use draft, ready or scheduled.`);
    else if (status === 'scheduled' && scheduledAt === undefined && !badTime)
      problem('status', 'a scheduled post needs a scheduled_at time.');
    fields.status = status;
    const channel = cell('channel') ?? defaults.channel;
    if (channel !== undefined) {
      if (channelLabel.safeParse(channel).success) fields.channel = channel.trim();
      else problem('channel', 'the channel must be 1 to 100 characters.');
    }
    this.channelTargets(cell('channels'), fields, problem);
    const rowPlan = cell('plan_id');
    if (rowPlan && !this.exists('contentPlans', rowPlan))
      problem('plan_id', `no content plan has the id "${rowPlan}".`);
    return { fields, scheduledAt, planId: rowPlan ?? defaults.planId ?? null, dates };
  }
}

/** Nothing is created: the message names the first problems, every one is in `issues`. */
function refuse(issues: ValidationIssue[]): never {
  const shown = issues.slice(0, 3).map((i) => i.message.replace(/\.$/, ''));
  const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
  fail('validation', `Nothing was created. ${shown.join('; ')}${more}.`, { issues });
}
