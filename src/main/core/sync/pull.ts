import type { AppError } from '../../../shared/errors';
import type { ResourceGroup } from '../../../shared/profile';
import { AppException } from '../errors';
import type { RecordRow, RecordStore } from '../store/record-store';
import { tableOf } from '../store/tables';
import type { ActivityLog } from './activity-log';
import type { SyncCursors } from './cursors';
import type { RemoteGroup, RemoteRecord } from './remote';
import type { SyncWriter } from './writer';

/** allow: apply the deletions; keep: keep ours and send them back up as new records. */
export type MassDeleteChoice = 'allow' | 'keep';

export type PullResult =
  | { kind: 'applied'; changed: number }
  | { kind: 'skipped'; reason: string }
  | { kind: 'ask'; wouldDelete: number; localCount: number }
  | { kind: 'stop'; error: AppError };

/** A pull deleting this share of the local records (or more) waits for the user (Joplin's guard). */
export const MASS_DELETE_SHARE = 0.9;
/** Below this many deletions there is nothing "mass" to ask about. */
export const MASS_DELETE_MIN = 3;
const MAX_PAGES = 10_000;
const APPLY_CHUNK = 500;

export interface PullContext {
  store: RecordStore;
  writer: SyncWriter;
  log: ActivityLog;
  cursors: SyncCursors;
  now(): number;
  remote: RemoteGroup;
  account: string;
  choice: MassDeleteChoice | null;
}

/**
 * Changes sent whose answer is not in yet (the platform failed, or did not reply) may have arrived:
 * the feed can carry them back. Such an echo of our own update would look like someone else's
 * change (a false conflict), and an echo of our own create like a stranger (a duplicate). So until
 * their answers are in, those records' changes wait, and while a create is in doubt so do records
 * new to us (deletions included: one could be of that very record).
 */
function heldBack(store: RecordStore, group: ResourceGroup, account: string): (item: RemoteRecord) => boolean {
  const inDoubt = store.outbox.inDoubt(account, group);
  const createInDoubt = inDoubt.some((e) => e.op === 'create');
  const doubtful = new Set(inDoubt.map((e) => e.record_id));
  return (item) => {
    if (doubtful.size === 0) return false;
    const known = store.knownVersion(group, account, item.remoteId);
    return known ? doubtful.has(known.id) : createInDoubt;
  };
}

/** The feed read from `cursor` to its end, with where each page started. */
interface Feed {
  items: RemoteRecord[];
  cursor: string | null;
  /** Where each page started: the index of its first item in `items`, and the cursor that asked for it. */
  pageStarts: { at: number; cursor: string | null }[];
}

async function readFeed(remote: RemoteGroup, from: string | null): Promise<Feed> {
  let cursor = from;
  const items: RemoteRecord[] = [];
  const pageStarts: Feed['pageStarts'] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await remote.changes(cursor);
    pageStarts.push({ at: items.length, cursor });
    items.push(...result.items);
    cursor = result.nextCursor ?? cursor;
    if (!result.hasMore || result.nextCursor === null) break;
  }
  return { items, cursor, pageStarts };
}

/**
 * Deletions of records we hold, unchanged here: when they take most of the group, the user is asked
 * first (an `ask` result), or their choice is carried out. Null: go on and apply the feed.
 */
function guardMassDelete(ctx: PullContext, items: RemoteRecord[]): PullResult | null {
  const { store, writer, log, account } = ctx;
  const group = ctx.remote.group;
  const noun = tableOf(group).noun;
  const deletions: RecordRow[] = [];
  for (const item of items) {
    if (!item.deleted) continue;
    const row = store.byRemoteId(group, account, item.remoteId);
    if (row && row.deleted === 0 && !store.outbox.hasEntries(row.id)) deletions.push(row);
  }
  if (deletions.length < MASS_DELETE_MIN) return null;
  const localCount = store.countKnownRemotely(group, account);
  if (deletions.length < Math.ceil(localCount * MASS_DELETE_SHARE)) return null;
  if (ctx.choice === null) {
    log.add(
      'warn',
      `The platform would delete ${deletions.length} of your ${localCount} ${noun}s. Sync waits for you to confirm.`,
      { account, group },
    );
    return { kind: 'ask', wouldDelete: deletions.length, localCount };
  }
  if (ctx.choice === 'keep') {
    store.db.transaction(() => deletions.forEach((row) => writer.reupload(group, row)))();
    log.add('info', `Kept ${deletions.length} ${noun}s the platform deleted; they will be sent again.`, {
      account,
      group,
    });
  }
  return null;
}

/** Pull one group's change feed since its cursor and merge it. Safe to repeat: applied versions are skipped. */
export async function pullGroup(ctx: PullContext): Promise<PullResult> {
  const { store, writer, log, remote, account } = ctx;
  const group = remote.group;
  const noun = tableOf(group).noun;
  // Held-back changes (see heldBack) come again: the cursor is saved at the start of the page
  // holding the first of them; all else is applied.
  const waits = heldBack(store, group, account);
  const saved = ctx.cursors.get(account, group);
  let feed: Feed;
  try {
    feed = await readFeed(remote, saved);
  } catch (e) {
    const error = e instanceof AppException ? e.error : null;
    if (error && (error.code === 'auth' || error.code === 'offline' || error.code === 'rate_limited'))
      return { kind: 'stop', error };
    log.add('warn', `Could not read ${noun} changes from the platform: ${error?.message ?? 'unexpected answer'}`, {
      account,
      group,
    });
    return { kind: 'skipped', reason: 'the feed could not be read' };
  }
  const { items, pageStarts } = feed;
  const asked = guardMassDelete(ctx, items);
  if (asked) return asked;

  const counts = { inserted: 0, updated: 0, deleted: 0, conflict: 0, skipped: 0 };
  let firstHeld = -1;
  for (let i = 0; i < items.length; i += APPLY_CHUNK) {
    const chunk = items.slice(i, i + APPLY_CHUNK);
    store.db.transaction(() => {
      // What the chunk's records are here, in one read; a platform id met twice is read again.
      const known = store.knownVersions(
        group,
        account,
        chunk.map((item) => item.remoteId),
      );
      const applied = new Set<string>();
      chunk.forEach((item, k) => {
        if (waits(item)) {
          if (firstHeld < 0) firstHeld = i + k;
          return;
        }
        const prefetched = applied.has(item.remoteId) ? undefined : (known.get(item.remoteId) ?? null);
        applied.add(item.remoteId);
        counts[writer.applyRemote(group, account, item, prefetched)]++;
      });
    })();
  }
  const cursor = firstHeld >= 0 ? (pageStarts.findLast((p) => p.at <= firstHeld)?.cursor ?? saved) : feed.cursor;
  ctx.cursors.save(account, group, cursor, ctx.now());
  const changed = counts.inserted + counts.updated + counts.deleted + counts.conflict;
  if (changed > 0) {
    const parts = [
      counts.inserted && `${counts.inserted} new`,
      counts.updated && `${counts.updated} changed`,
      counts.deleted && `${counts.deleted} deleted`,
      counts.conflict && `${counts.conflict} in conflict`,
    ].filter(Boolean);
    log.add(counts.conflict > 0 ? 'warn' : 'info', `Received ${noun}s from the platform: ${parts.join(', ')}.`, {
      account,
      group,
    });
  }
  return { kind: 'applied', changed };
}
