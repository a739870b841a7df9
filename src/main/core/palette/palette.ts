import type { Channel } from '../../../shared/channels';
import type { PaletteHit, PaletteRecordGroup, PaletteResults } from '../../../shared/palette';
import { isSnippetFields } from '../../../shared/snippets';
import type { AssetHitRow } from '../library/library-sql';
import type { JobHitRow } from '../ai/job-store';
import { ftsQuery } from '../library/fts-query';
import { parseFields, type Fields } from '../store/fields';

/** A media template record: a template, or a snippet when marked as one. */
export interface TemplateRecord {
  id: string;
  fields: Fields;
  updatedAt: string;
}

/** The reads the palette makes, each through the domain that owns the table. */
export interface PaletteSources {
  account(): string;
  posts(account: string, words: readonly string[], limit: number): { id: string; data: string; updated_at: number }[];
  assets(account: string, match: string, limit: number): AssetHitRow[];
  results(account: string, match: string, limit: number): JobHitRow[];
  /** Every live media template of the account (snippets are templates marked as such). */
  templates(account: string): TemplateRecord[];
  channels(): Channel[];
  automations(account: string): { id: string; data: string }[];
}

const DEFAULT_LIMIT = 5;
/** Rows read per full-text group before ranking: a few more than shown, so a title match can move up. */
const READ_FACTOR = 4;
const PREVIEW_WORDS = 14;

/** Lower case, no accents: what words are compared in. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a query, folded, at most ten. */
export function queryWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .slice(0, 10);
}

/** The first words of a text on one line, with an ellipsis when there was more. */
export function firstWords(text: string, count = PREVIEW_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const shown = words.slice(0, count).join(' ');
  return words.length > count ? `${shown}…` : shown;
}

/**
 * How well a title answers the words: the whole title, its start, a word start, inside it; 0 when a
 * word is not in the title at all (the hit may still match elsewhere: its text, tags, notes).
 */
export function titleScore(title: string, words: readonly string[]): number {
  const t = fold(title).trim();
  const q = words.join(' ');
  if (!q) return 0;
  if (t === q) return 100;
  if (t.startsWith(q)) return 80;
  const titleWords = t.split(/[^\p{L}\p{N}_]+/u);
  let score = 0;
  for (const w of words) {
    if (titleWords.includes(w)) score += 20;
    else if (titleWords.some((tw) => tw.startsWith(w))) score += 12;
    else if (t.includes(w)) score += 4;
  }
  return score;
}

/** Best title first; ties keep the order the source gave (newest first). */
function ranked(hits: PaletteHit[], words: readonly string[], limit: number): PaletteHit[] {
  return hits
    .map((hit, index) => ({ hit, index, score: titleScore(hit.title, words) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((s) => s.hit);
}

const iso = (ms: number) => new Date(ms).toISOString();
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const hasAll = (haystack: string, words: readonly string[]) => {
  const h = fold(haystack);
  return words.every((w) => h.includes(w));
};
const hit = (group: PaletteRecordGroup, h: Omit<PaletteHit, 'group'>): PaletteHit => ({ group, ...h });

/**
 * The palette's search across the records of the signed-in account: the full-text indexes for media
 * and AI results, LIKE for post text, and the small lists (templates, snippets, channels,
 * automations) filtered in memory; each group stops at its limit.
 */
export class PaletteSearch {
  constructor(private readonly src: PaletteSources) {}

  search(text: string, limit = DEFAULT_LIMIT): PaletteResults {
    const words = queryWords(text);
    const match = ftsQuery(text);
    if (words.length === 0 || !match) return { hits: [] };
    const account = this.src.account();
    // One read of the media templates serves both groups: snippets are the ones marked as such.
    const all = this.src.templates(account);
    return {
      hits: [
        ...this.posts(account, words, limit),
        ...this.media(account, match, words, limit),
        ...this.results(account, match, words, limit),
        ...this.templates(
          all.filter((t) => !isSnippetFields(t.fields)),
          words,
          limit,
        ),
        ...this.snippets(
          all.filter((t) => isSnippetFields(t.fields)),
          words,
          limit,
        ),
        ...this.channels(words, limit),
        ...this.automations(account, words, limit),
      ],
    };
  }

  private posts(account: string, words: string[], limit: number): PaletteHit[] {
    const rows = this.src.posts(account, words, limit * READ_FACTOR).map((r) => {
      const f = parseFields(r.data);
      const body = text(f.text);
      const at = text(f.scheduled_at) || iso(r.updated_at);
      const first = body.trim().split(/\r?\n/, 1)[0] ?? '';
      return hit('posts', {
        id: r.id,
        title: firstWords(first, 10) || 'Untitled post',
        preview: firstWords(body),
        at,
        thumbSha: null,
      });
    });
    return ranked(rows, words, limit);
  }

  private media(account: string, match: string, words: string[], limit: number): PaletteHit[] {
    const rows = this.src.assets(account, match, limit * READ_FACTOR).map((a) => {
      let tags: string[] = [];
      try {
        const parsed: unknown = JSON.parse(a.tags_text || '[]');
        if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === 'string');
      } catch {
        // Tags another client wrote as something else: shown without them.
      }
      const about = [a.kind, ...tags.map((t) => `#${t}`)].join(' ');
      return hit('media', {
        id: a.id,
        title: a.name || 'Unnamed media',
        preview: a.notes ? `${about} · ${firstWords(a.notes, 8)}` : about,
        at: iso(a.created_at),
        thumbSha: a.thumb_state === 'ready' ? a.thumb_sha256 : null,
      });
    });
    return ranked(rows, words, limit);
  }

  private results(account: string, match: string, words: string[], limit: number): PaletteHit[] {
    const rows = this.src.results(account, match, limit * READ_FACTOR).map((j) =>
      hit('results', {
        id: j.id,
        title: firstWords(j.prompt ?? '', 10) || `${j.operation} with ${j.model_id}`,
        preview: [j.operation, j.model_id, j.state === 'succeeded' ? '' : j.state, firstWords(j.result_text ?? '', 8)]
          .filter(Boolean)
          .join(' · '),
        at: iso(j.created_at),
        thumbSha: j.thumb,
      }),
    );
    return ranked(rows, words, limit);
  }

  private templates(list: TemplateRecord[], words: string[], limit: number): PaletteHit[] {
    const rows = list
      .map((t) => ({ t, body: text(t.fields.body), name: text(t.fields.name) || 'Untitled template' }))
      .filter(({ body, name }) => hasAll(`${name}\n${body}`, words))
      .map(({ t, body, name }) =>
        hit('templates', { id: t.id, title: name, preview: firstWords(body), at: t.updatedAt, thumbSha: null }),
      );
    return ranked(rows, words, limit);
  }

  private snippets(list: TemplateRecord[], words: string[], limit: number): PaletteHit[] {
    const rows = list
      .map((t) => ({ t, body: text(t.fields.body), name: text(t.fields.name) || 'Snippet' }))
      .filter(({ body, name }) => hasAll(`${name}\n${body}`, words))
      .map(({ t, body, name }) =>
        hit('snippets', { id: t.id, title: name, preview: firstWords(body), at: t.updatedAt, thumbSha: null }),
      );
    return ranked(rows, words, limit);
  }

  private channels(words: string[], limit: number): PaletteHit[] {
    const rows = this.src
      .channels()
      .filter((c) => hasAll(`${c.name}\n${c.handle}\n${c.network}`, words))
      .map((c) =>
        hit('channels', {
          id: c.id,
          title: c.name,
          preview: [c.network, c.handle].filter(Boolean).join(' · '),
          at: null,
          thumbSha: null,
        }),
      );
    return ranked(rows, words, limit);
  }

  private automations(account: string, words: string[], limit: number): PaletteHit[] {
    const rows = this.src
      .automations(account)
      .map((r) => ({ id: r.id, f: parseFields(r.data) }))
      .map(({ id, f }) => ({ id, name: text(f.name) || 'Untitled automation', about: describeRule(f) }))
      .filter(({ name, about }) => hasAll(`${name}\n${about}`, words))
      .map(({ id, name, about }) => hit('automations', { id, title: name, preview: about, at: null, thumbSha: null }));
    return ranked(rows, words, limit);
  }
}

/** The `type` of a trigger or action object, in words ("asset_imported" → "asset imported"). */
function typeWords(v: unknown): string {
  if (!v || typeof v !== 'object' || !('type' in v)) return '';
  return text(v.type).replaceAll('_', ' ');
}

/** An automation's trigger and actions in a few words, from whatever fields it has. */
function describeRule(f: Fields): string {
  const actions = Array.isArray(f.actions) ? f.actions.map(typeWords).filter(Boolean).join(', ') : '';
  const when = typeWords(f.trigger);
  const rule = when && actions ? `when ${when} → ${actions}` : when || actions;
  return f.enabled === false ? `${rule} (off)` : rule;
}
