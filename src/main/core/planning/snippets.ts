import type { z } from 'zod';
import { isSnippetFields, SnippetFields, SnippetKind, type Snippet, type SnippetUse } from '../../../shared/snippets';
import { fail, issuesOf } from '../errors';
import { parseFields, type Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import type { SnippetUsesSql } from './snippet-uses-sql';
import { fillTemplate, templateVariables } from './templates';

export interface SnippetsDeps {
  store: RecordStore;
  uses: SnippetUsesSql;
  account(): string;
  now(): number;
}

/** Records are read a page at a time; a creator has tens of templates and snippets, not thousands. */
const PAGE = 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Fields of the record a snippet is stored as (a media template marked with its kind). */
function recordFields(f: Partial<SnippetFields>): Fields {
  const out: Fields = {};
  if (f.name !== undefined) out.name = f.name.trim();
  if (f.body !== undefined) {
    out.body = f.body;
    out.variables = templateVariables(f.body);
  }
  if (f.kind !== undefined) out.snippet = f.kind;
  return out;
}

/** Input checked here too, so every caller (not only the contract's) gets the same words. */
function checked<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = issuesOf(parsed.error);
  fail('validation', `This snippet is not valid: ${issues.map((i) => i.message).join('; ')}.`, { issues });
}

/**
 * Saved snippets: media template records marked as snippets, so they sync where templates do (and wait
 * in the outbox where the profile has no place for templates). Uses are counted locally, never sent.
 */
export class Snippets {
  constructor(private readonly deps: SnippetsDeps) {}

  /** Most used first, then most recently used, then by name; optionally of one kind or matching words. */
  list(filter: { kind?: SnippetKind | undefined; query?: string | undefined } = {}): Snippet[] {
    const account = this.deps.account();
    const counts = new Map(this.deps.uses.all(account).map((u) => [u.snippet_id, u]));
    const words = (filter.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const all: Snippet[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = this.deps.store.list('mediaTemplates', account, { offset, limit: PAGE, includeDeleted: false });
      for (const r of page.items) {
        const s = toSnippet(r.id, r.fields, r.updatedAt, counts.get(r.id));
        if (s) all.push(s);
      }
      if (offset + PAGE >= page.total) break;
    }
    return all
      .filter((s) => filter.kind === undefined || s.kind === filter.kind)
      .filter((s) => words.every((w) => `${s.name}\n${s.body}`.toLowerCase().includes(w)))
      .sort(
        (a, b) =>
          b.uses - a.uses ||
          (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? '') ||
          a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
      );
  }

  get(id: string): Snippet {
    const fields = this.fieldsOf(id);
    const counted = this.deps.uses.of(this.deps.account(), id);
    const view = this.deps.store.view('mediaTemplates', id);
    const s = toSnippet(id, fields, view.updatedAt, counted);
    if (!s) return this.missing(id);
    return s;
  }

  create(input: unknown): Snippet {
    const f = checked(SnippetFields, input);
    const row = this.deps.store.create('mediaTemplates', this.deps.account(), recordFields(f));
    return this.get(row.id);
  }

  /** Each field given replaces the stored one. */
  update(id: string, input: unknown): Snippet {
    const f = checked(SnippetFields.partial(), input);
    this.fieldsOf(id);
    this.deps.store.update('mediaTemplates', this.deps.account(), id, recordFields(f));
    return this.get(id);
  }

  remove(id: string): void {
    this.fieldsOf(id);
    const account = this.deps.account();
    this.deps.store.db.transaction(() => {
      this.deps.store.remove('mediaTemplates', account, id);
      this.deps.uses.forget(account, id);
    })();
  }

  /** Counts one use (locally) and answers with the body filled; variables without a value are listed. */
  use(id: string, values: Record<string, string> = {}): SnippetUse {
    const body = String(this.fieldsOf(id).body ?? '');
    const filled = fillTemplate(body, values);
    const uses = this.deps.uses.count(this.deps.account(), id, this.deps.now());
    return { ...filled, uses };
  }

  /** The fields of a live snippet of the account; a template or an unknown id is refused in words. */
  private fieldsOf(id: string): Fields {
    const row = this.deps.store.get('mediaTemplates', id);
    if (!row || row.deleted === 1 || row.account_id !== this.deps.account()) return this.missing(id);
    const fields = parseFields(row.data);
    if (!isSnippetFields(fields)) return this.missing(id);
    return fields;
  }

  private missing(id: string): never {
    fail('not_found', `No snippet has the id "${id}" (it may have been deleted).`, {
      issues: [{ path: 'id', message: 'No such snippet.' }],
    });
  }
}

/** A record's fields as a snippet; null for a template (no marker). An unknown kind reads as "other". */
function toSnippet(
  id: string,
  fields: Fields,
  updatedAt: string,
  counted: { uses: number; last_used_at: number } | undefined,
): Snippet | null {
  if (!isSnippetFields(fields)) return null;
  const body = typeof fields.body === 'string' ? fields.body : '';
  const kind = SnippetKind.safeParse(fields.snippet);
  return {
    id,
    name: typeof fields.name === 'string' ? fields.name : 'Snippet',
    body,
    kind: kind.success ? kind.data : 'other',
    variables: templateVariables(body),
    uses: counted?.uses ?? 0,
    lastUsedAt: counted ? iso(counted.last_used_at) : null,
    updatedAt,
  };
}
