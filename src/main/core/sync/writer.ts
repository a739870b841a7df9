import { z } from 'zod';
import type { ResourceGroup } from '../../../shared/profile';
import { SYNCHRONOUS } from '../db/open';
import { fail } from '../errors';
import { parseFields, sameJson, type Fields } from '../store/fields';
import type { OutboxEntry } from '../store/outbox';
import type { AckOfRecord, RecordRow, RecordStore } from '../store/record-store';
import { tableOf } from '../store/tables';
import { toLocalRefs } from './refs';
import type { RemoteRecord } from './remote';

/** The platform's side of a conflict, as stored on the record. */
const ConflictSide = z.object({
  fields: z.record(z.string(), z.unknown()).default({}),
  deleted: z.boolean(),
  version: z.number().nullable().default(null),
  /** The platform did not say what it holds now (a 409 without a body). */
  unknown: z.boolean().optional(),
});
export type ConflictSide = z.infer<typeof ConflictSide>;

/** A record's stored conflict column, checked (null: the platform's side is not known). */
export function parseConflict(json: string | null): ConflictSide | null {
  if (json === null) return null;
  const parsed = ConflictSide.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : null;
}

/** A change the platform acknowledged, with its answer (null when it sent none back). */
export interface Ack {
  entry: OutboxEntry;
  remote: RemoteRecord | null;
}

/**
 * Every database change sync makes, each in one transaction: acknowledgements, set-asides,
 * conflicts, pulled records and resolutions.
 */
export class SyncWriter {
  /** Built once: better-sqlite3 builds a wrapper per transaction() call. */
  private readonly ackThenTx: (acks: Ack[], then: () => unknown) => unknown;

  constructor(
    private readonly store: RecordStore,
    private readonly now: () => number,
  ) {
    // Each ack's rows directly in the one transaction (no savepoint per ack).
    this.ackThenTx = store.db.transaction((acks: Ack[], then: () => unknown) => {
      this.ackRows(acks);
      return then();
    });
  }

  /**
   * Acknowledgements: their entries leave the outbox, then each record takes the platform's id and
   * version and settles (once no entry of it is left). One statement for the entries and one per group.
   */
  private ackRows(acks: Ack[]): void {
    if (acks.length === 0) return;
    this.store.outbox.removeMany(acks.map((a) => a.entry.seq));
    const byGroup = new Map<ResourceGroup, AckOfRecord[]>();
    for (const { entry, remote } of acks) {
      let list = byGroup.get(entry.grp);
      if (!list) byGroup.set(entry.grp, (list = []));
      list.push({ id: entry.record_id, op: entry.op, answer: remote });
    }
    for (const [group, list] of byGroup) this.store.acknowledgedMany(group, list);
  }

  /**
   * Several acknowledgements in one transaction, committed without waiting for the disk
   * (synchronous=NORMAL for this commit only). An acknowledgement is safe to lose: its request is
   * replayed with the same idempotency key (or meets a 409 already holding the change), exactly
   * as after a crash before the commit. In WAL mode nothing is reordered: the next FULL commit
   * (any change the user makes) flushes these frames with it, so no later change can outlive them.
   */
  ackMany(acks: Ack[]): void {
    if (acks.length === 0) return;
    const { db } = this.store;
    db.pragma('synchronous = NORMAL');
    try {
      this.ackThenTx(acks, () => undefined);
    } finally {
      db.pragma(`synchronous = ${SYNCHRONOUS}`);
    }
  }

  /**
   * Until the returned function is called, commits do not checkpoint the WAL into the database file:
   * a drain's many commits would each copy pages and wait for the disk twice (a checkpoint syncs
   * even when its commit does not); the first commit after it copies them all once. What survives
   * a crash is the same: the WAL is replayed. Nothing changes when checkpoints are already off
   * (a background check of the file is running), and nothing is turned back on that someone else set.
   */
  deferCheckpoints(): () => void {
    const { db } = this.store;
    const limit: unknown = db.pragma('wal_autocheckpoint', { simple: true });
    if (typeof limit !== 'number' || limit <= 0) return () => undefined;
    db.pragma('wal_autocheckpoint = 0');
    return () => {
      if (db.open && db.pragma('wal_autocheckpoint', { simple: true }) === 0)
        db.pragma(`wal_autocheckpoint = ${limit}`);
    };
  }

  /**
   * Acknowledgements and then `then` in one transaction, committed as every other change is (waiting
   * for the disk): the drain stores what was acknowledged and freezes its next batch in one commit.
   * All or nothing: when `then` throws, the acknowledgements are not stored either.
   */
  ackThen<T>(acks: Ack[], then: () => T): T {
    return this.ackThenTx(acks, then) as T;
  }

  private entryState(
    entry: OutboxEntry,
    state: OutboxEntry['state'],
    message: string,
    nextAttemptAt: number,
    countAttempt: boolean,
  ): void {
    this.store.outbox.recordAttempt(entry.seq, state, message, nextAttemptAt, countAttempt);
  }

  refuse(entry: OutboxEntry, message: string): void {
    this.entryState(entry, 'failed', message, 0, true);
  }

  retry(entry: OutboxEntry, message: string, afterMs: number): void {
    this.entryState(entry, 'pending', message, this.now() + afterMs, true);
  }

  wait(entry: OutboxEntry, message: string, afterMs: number): void {
    this.entryState(entry, 'pending', message, this.now() + afterMs, false);
    // Read by this drain and never sent (`entry` is the copy read before the freeze): open again, so
    // it is not taken for a change in doubt, and later edits fold into it.
    if (entry.sent_at === null) this.store.outbox.unfreeze([entry.seq]);
  }

  private side(group: ResourceGroup, account: string, remote: RemoteRecord | null): ConflictSide {
    if (!remote) return { fields: {}, deleted: false, version: null, unknown: true };
    return {
      fields: toLocalRefs(this.store, group, account, remote.fields),
      deleted: remote.deleted,
      version: remote.version,
    };
  }

  private markConflict(group: ResourceGroup, row: RecordRow, side: ConflictSide): void {
    this.store.setColumns(group, row.id, { sync_state: 'conflict', conflict: JSON.stringify(side) });
    this.store.outbox.holdForConflict(row.id);
  }

  conflict(entry: OutboxEntry, remote: RemoteRecord | null, message: string): void {
    this.store.db.transaction(() => {
      const row = this.store.get(entry.grp, entry.record_id);
      this.entryState(entry, 'conflict', message, 0, true);
      if (row) this.markConflict(entry.grp, row, this.side(entry.grp, row.account_id, remote));
    })();
  }

  /**
   * Apply one pulled record. Returns what happened, for counting. A record with local changes not
   * yet acknowledged is never overwritten: it becomes a conflict instead.
   */
  applyRemote(
    group: ResourceGroup,
    account: string,
    remote: RemoteRecord,
    /** The record's local id and version when the caller read them already (null: not known here). */
    prefetched?: { id: string; remote_version: number | null } | null,
  ): 'inserted' | 'updated' | 'deleted' | 'conflict' | 'skipped' {
    // Most of a feed is what this computer already has (its own changes coming back): those are
    // skipped on the version alone, without reading the whole row.
    const known =
      prefetched === undefined ? this.store.knownVersion(group, account, remote.remoteId) : (prefetched ?? undefined);
    if (known && remote.version !== null && known.remote_version !== null && remote.version <= known.remote_version)
      return 'skipped';
    const row = known && this.store.get(group, known.id);
    if (!row) {
      if (remote.deleted) return 'skipped';
      this.store.insertSynced(
        group,
        account,
        remote.remoteId,
        remote.version,
        JSON.stringify(toLocalRefs(this.store, group, account, remote.fields)),
      );
      return 'inserted';
    }
    const hasLocal = this.store.outbox.hasEntries(row.id);
    if (remote.deleted) {
      if (row.deleted === 1 && !hasLocal) return 'skipped';
      if (hasLocal) {
        this.markConflict(group, row, this.side(group, account, remote));
        return 'conflict';
      }
      this.store.setColumns(group, row.id, {
        deleted: 1,
        remote_version: remote.version,
        base: null,
        updated_at: this.now(),
        sync_state: 'synced',
      });
      return 'deleted';
    }
    const fields = toLocalRefs(this.store, group, account, remote.fields);
    const local = parseFields(row.data);
    if (hasLocal) {
      if (row.deleted === 0 && sameJson(local, fields)) {
        // Both sides made the same change: only the version moves on.
        this.store.setColumns(group, row.id, { remote_version: remote.version });
        return 'skipped';
      }
      this.markConflict(group, row, this.side(group, account, remote));
      return 'conflict';
    }
    const data = JSON.stringify(fields);
    this.store.setColumns(group, row.id, {
      data,
      base: data,
      remote_version: remote.version,
      deleted: 0,
      updated_at: this.now(),
      sync_state: 'synced',
      conflict: null,
    });
    return 'updated';
  }

  /** A remote deletion the user chose not to accept: the record goes back up as a new one. */
  reupload(group: ResourceGroup, row: RecordRow): void {
    this.store.setColumns(group, row.id, { remote_id: null, remote_version: null, sync_state: 'pending' });
    this.store.outbox.clearRecord(row.id);
    this.store.outbox.created(row.account_id, group, row.id, parseFields(row.data));
  }

  /** The user's choice for a record in conflict. */
  resolve(
    group: ResourceGroup,
    account: string,
    id: string,
    keep: 'local' | 'remote' | 'merged',
    merged?: Fields,
  ): void {
    this.store.db.transaction(() => {
      const row = this.store.get(group, id);
      const side =
        row && row.account_id === account && row.sync_state === 'conflict' ? parseConflict(row.conflict) : null;
      if (!row || !side) fail('not_found', `That ${tableOf(group).noun} is not in conflict any more.`);
      this.store.outbox.clearRecord(id);
      if (keep === 'remote') {
        if (side.unknown)
          fail('conflict', 'The platform did not say what it holds now; sync again to fetch it, or keep your version.');
        const data = JSON.stringify(side.fields);
        this.store.setColumns(group, id, {
          data,
          base: side.deleted ? null : data,
          remote_version: side.version ?? row.remote_version,
          deleted: side.deleted ? 1 : 0,
          sync_state: 'synced',
          conflict: null,
          updated_at: this.now(),
        });
        return;
      }
      const fields = keep === 'merged' ? (merged ?? {}) : parseFields(row.data);
      const stillDeleted = keep === 'local' && row.deleted === 1;
      this.store.setColumns(group, id, {
        data: JSON.stringify(fields),
        remote_version: side.version ?? row.remote_version,
        deleted: stillDeleted ? 1 : 0,
        sync_state: 'pending',
        conflict: null,
        updated_at: this.now(),
      });
      if (side.deleted) {
        // The platform deleted it: keeping ours means creating it again (or nothing, if ours is deleted too).
        if (stillDeleted) this.store.setColumns(group, id, { sync_state: 'synced' });
        else this.reupload(group, { ...row, data: JSON.stringify(fields) });
        return;
      }
      if (stillDeleted) {
        this.store.outbox.deleted(account, group, id, true);
        return;
      }
      // Send our whole version, removing what only the platform's side has.
      const patch: Fields = { ...fields };
      for (const k of Object.keys(side.fields)) if (!(k in fields)) patch[k] = null;
      this.store.outbox.updated(account, group, id, patch);
    })();
    this.store.changed(group, [id]);
  }

  /** A failed change the user wants tried again. */
  retryFailed(seq: number, account: string): void {
    const entry = this.store.outbox.get(seq);
    if (!entry || entry.account_id !== account || entry.state !== 'failed')
      fail('not_found', 'That change is not waiting for a retry.');
    this.store.outbox.requeue(seq);
  }

  /**
   * Discard a failed change: the record goes back to what the platform last agreed (or, for a
   * create the platform refused, it is removed here too). Later changes of the record go with it.
   */
  discardFailed(seq: number, account: string): void {
    const entry = this.store.db.transaction(() => {
      const entry = this.store.outbox.get(seq);
      if (!entry || entry.account_id !== account || entry.state !== 'failed')
        fail('not_found', 'That change is not waiting for a retry.');
      const row = this.store.get(entry.grp, entry.record_id);
      this.store.outbox.clearRecord(entry.record_id);
      if (!row) return entry;
      if (row.remote_id === null) {
        this.store.erase(entry.grp, row.id);
        return entry;
      }
      this.store.setColumns(entry.grp, row.id, {
        data: row.base ?? row.data,
        deleted: 0,
        sync_state: 'synced',
        updated_at: this.now(),
      });
      return entry;
    })();
    // Every screen showing the record sees it go back (or go away) at once.
    this.store.changed(entry.grp, [entry.record_id]);
  }
}
