import type { InboxCounts, InboxItem, InboxList, InboxMarkReadInput } from '../../../shared/inbox';
import { fail } from '../errors';
import type { InboxSql } from './inbox-sql';
import { collect, type InboxSources } from './sources';

export interface InboxDeps {
  sql: InboxSql;
  sources: InboxSources;
  account(): string;
  now(): number;
}

/**
 * One list of what happened, built afresh from the sources on every read. Only the read marks (and the
 * first-seen time of what has no time of its own) are kept here; marks of items that left are forgotten.
 */
export class Inbox {
  constructor(private readonly deps: InboxDeps) {}

  /** Every item now, newest first, with its read mark. */
  async all(): Promise<InboxItem[]> {
    const raw = await collect(this.deps.sources);
    const { sql } = this.deps;
    const account = this.deps.account();
    const now = this.deps.now();
    const known = new Map(sql.all(account).map((m) => [m.item_id, m]));
    const present = new Set(raw.map((r) => r.id));
    sql.seen(
      account,
      raw.filter((r) => !known.has(r.id)).map((r) => r.id),
      now,
    );
    sql.forget(
      account,
      [...known.keys()].filter((id) => !present.has(id)),
    );
    const items = raw.map((r): InboxItem & { ms: number } => {
      const mark = known.get(r.id);
      const ms = r.at ?? mark?.seen_at ?? now;
      return { ...r, ms, at: new Date(ms).toISOString(), read: (mark?.read_at ?? null) !== null };
    });
    // Newest first; the same time keeps a stable order by id so the list does not shuffle between reads.
    items.sort((a, b) => b.ms - a.ms || a.id.localeCompare(b.id));
    return items.map(({ ms: _ms, ...item }) => item);
  }

  async list(limit: number): Promise<InboxList> {
    const items = await this.all();
    return { items: items.slice(0, limit), total: items.length, unread: items.filter((i) => !i.read).length };
  }

  async counts(): Promise<InboxCounts> {
    const { total, unread } = await this.list(1);
    return { total, unread };
  }

  /** Mark items (or all of them) read; an id the inbox does not hold is refused in words, and nothing is marked. */
  async markRead(input: InboxMarkReadInput): Promise<InboxCounts> {
    const items = await this.all();
    let ids: string[];
    if ('all' in input) ids = items.map((i) => i.id);
    else {
      const present = new Set(items.map((i) => i.id));
      const unknown = input.ids.filter((id) => !present.has(id));
      if (unknown.length > 0)
        fail(
          'not_found',
          unknown.length === 1
            ? `The inbox has no item “${unknown[0]}”; it may have been resolved meanwhile.`
            : `The inbox has no items ${unknown.map((id) => `“${id}”`).join(', ')}; ` +
                'they may have been resolved meanwhile.',
        );
      ids = input.ids;
    }
    this.deps.sql.markRead(this.deps.account(), ids, this.deps.now());
    const read = new Set(ids);
    return { total: items.length, unread: items.filter((i) => !i.read && !read.has(i.id)).length };
  }
}
