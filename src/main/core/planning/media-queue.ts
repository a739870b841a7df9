import type { z } from 'zod';
import type { QueueAddInput, QueueItemView, QueueView } from '../../../shared/planner';
import type { PlatformProfile } from '../../../shared/profile';
import { fail } from '../errors';
import { parseFields, type Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { AssetSql } from '../library/library-sql';
import { QueueSql } from './media-queue-sql';
import { labelOf, NOUNS, queueItems, type QueueRow, type SourceGroup } from './queue-view';
import { queueWaiting } from './queue-waiting';

export interface MediaQueueDeps {
  store: RecordStore;
  workspace: Workspace;
  /** The current platform profile, to tell in advance which changes wait for its specification. */
  profile?: () => PlatformProfile;
}

type AddArgs = z.output<typeof QueueAddInput>;

/** Below this gap between neighbours a move renumbers the queue instead of halving again. */
const MIN_GAP = 1e-6;

const orderOf = (f: Fields): number | null =>
  typeof f.order === 'number' && Number.isFinite(f.order) ? f.order : null;

/**
 * The media queue in Atelier's order. The platform keeps its own `position` (server-owned, append
 * only); our order is the `order` field, moved by taking a value between the new neighbours so a
 * move writes one record.
 */
export class MediaQueue {
  private readonly sql: QueueSql;
  private readonly assets: AssetSql;

  constructor(private readonly deps: MediaQueueDeps) {
    this.sql = new QueueSql(deps.store.db);
    this.assets = new AssetSql(deps.store.db);
  }

  private account(): string {
    return this.deps.workspace.account();
  }

  /** Live items in order: ours first by `order`, then any without one (added elsewhere) by the platform's position. */
  private rows(): QueueRow[] {
    return this.sql.ordered(this.account()).map((r) => {
      const fields = parseFields(r.data);
      return { id: r.id, sync_state: r.sync_state, fields, order: orderOf(fields) };
    });
  }

  list(): QueueView {
    const waiting = queueWaiting(this.deps.store, this.account(), this.deps.profile?.());
    return { items: queueItems(this.deps.store, this.rows(), waiting) };
  }

  /** Queue an asset, or a creative or post by its first media, at the end. */
  add(input: AddArgs): QueueItemView {
    const { store } = this.deps;
    const account = this.account();
    const fields: Fields = { asset_id: this.assetOf(input.source.group, input.source.id) };
    if (input.source.group === 'posts') fields.post_id = input.source.id;
    if (input.source.group === 'creatives') fields.creative_id = input.source.id;
    if (input.planId !== undefined) {
      store.live('contentPlans', account, input.planId);
      fields.plan_id = input.planId;
    }
    if (input.scheduledAt !== undefined) fields.scheduled_at = new Date(input.scheduledAt).toISOString();
    if (input.note !== undefined && input.note.trim() !== '') fields.note = input.note;
    let id = '';
    store.db.transaction(() => {
      const rows = this.numbered(this.rows());
      fields.order = (rows.at(-1)?.order ?? 0) + 1;
      id = store.create('mediaQueue', account, fields).id;
    })();
    return this.list().items.find((i) => i.id === id) as QueueItemView;
  }

  /** Move an item before another (null: to the end), writing only its own order when it can. */
  move(id: string, before: string | null): QueueView {
    const { store } = this.deps;
    store.db.transaction(() => {
      const rows = this.numbered(this.rows());
      const moving = rows.find((r) => r.id === id);
      if (!moving) fail('not_found', 'That queue item is not in the queue (it may have been removed).');
      if (before === id) return;
      const others = rows.filter((r) => r.id !== id);
      const at = before === null ? others.length : others.findIndex((r) => r.id === before);
      if (at < 0) fail('not_found', 'The queue item to move it before is not in the queue.');
      const desired = [...others.slice(0, at), moving, ...others.slice(at)];
      if (desired.every((r, i) => r.id === rows[i]?.id)) return; // already there: no change to send
      const prev = others[at - 1]?.order ?? null;
      const next = others[at]?.order ?? null;
      const order = prev === null ? (next ?? 1) - 1 : next === null ? prev + 1 : (prev + next) / 2;
      if (prev !== null && next !== null && next - prev < MIN_GAP) this.renumber(desired);
      else store.update('mediaQueue', this.account(), id, { order });
    })();
    return this.list();
  }

  remove(id: string): QueueView {
    this.deps.store.remove('mediaQueue', this.account(), id);
    return this.list();
  }

  /** Rows with an order each: items added elsewhere (none) are numbered after ours, once. */
  private numbered(rows: QueueRow[]): (QueueRow & { order: number })[] {
    if (rows.every((r) => r.order !== null)) return rows as (QueueRow & { order: number })[];
    return this.renumber(rows);
  }

  private renumber(rows: QueueRow[]): (QueueRow & { order: number })[] {
    return rows.map((r, i) => {
      const order = i + 1;
      if (r.order !== order) this.deps.store.update('mediaQueue', this.account(), r.id, { order });
      return { ...r, order };
    });
  }

  private assetOf(group: SourceGroup, id: string): string {
    const { store } = this.deps;
    const account = this.account();
    const row = store.live(group, account, id);
    if (group === 'assets') {
      if (this.assets.trashedAt(id) !== null) fail('validation', 'That asset is in the trash; restore it to queue it.');
      return id;
    }
    const fields = parseFields(row.data);
    const ids = Array.isArray(fields.asset_ids)
      ? fields.asset_ids.filter((v): v is string => typeof v === 'string')
      : [];
    const first = ids.find((assetId) => this.assets.usable(assetId, account));
    if (first === undefined)
      fail('validation', `The ${NOUNS[group]} “${labelOf(group, fields)}” has no media to queue.`);
    return first;
  }
}
