import { z } from 'zod';
import type { ResourceGroup } from '../../../shared/profile';
import type { Db } from '../db/open';
import { Statements } from '../db/statements';
import { applyPatch, parseFields, type Fields } from './fields';
import { newId } from './ids';

export type OutboxOp = 'create' | 'update' | 'delete';
export type EntryState = 'pending' | 'failed' | 'conflict';

export interface OutboxEntry {
  seq: number;
  account_id: string;
  grp: ResourceGroup;
  record_id: string;
  op: OutboxOp;
  /** create: every field; update: a merge patch (null removes a field); delete: {}. */
  payload: string;
  idempotency_key: string;
  state: EntryState;
  attempts: number;
  /** When it was first handed to the network; from then on its payload and key never change. */
  sent_at: number | null;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Pending and failed entries of one group (for the sync view). */
export interface GroupCounts {
  grp: string;
  pending: number;
  failed: number;
}

/** A change sent whose answer is not in yet: the platform may hold it already. */
export type InDoubt = Pick<OutboxEntry, 'record_id' | 'op'>;

/** A pending entry with what the last attempt said (the media queue's waiting messages). */
export type PendingNote = Pick<OutboxEntry, 'record_id' | 'op' | 'last_error'>;

/** An entry as a backup comparison reads it, from any database file (checked, not trusted). */
export const SavedEntry = z.object({
  idempotency_key: z.string(),
  grp: z.string(),
  record_id: z.string(),
  op: z.enum(['create', 'update', 'delete']),
  payload: z.string(),
  sent_at: z.number().nullable(),
  created_at: z.number(),
});
export type SavedEntry = z.infer<typeof SavedEntry>;

// Reads of other tables that need the outbox beside each row (a record with its pending count)
// take these fragments: the text naming the outbox stays here. `recordId` is an SQL expression.

/** How many entries the record has (an SQL expression). */
export const pendingCountSql = (recordId: string): string =>
  `(SELECT count(*) FROM outbox o WHERE o.record_id = ${recordId})`;

/** The message of the record's entry that was set aside, or NULL (an SQL expression). */
export const failedMessageSql = (recordId: string): string =>
  `(SELECT last_error FROM outbox o WHERE o.record_id = ${recordId} AND o.state = 'failed' LIMIT 1)`;

/** True when the record has no entry left (an SQL condition). */
export const noEntrySql = (recordId: string): string =>
  `NOT EXISTS (SELECT 1 FROM outbox WHERE record_id = ${recordId})`;

/** Every entry of a database file, oldest first, each checked (a backup may come from another version). */
export function savedEntries(db: Db): SavedEntry[] {
  return db
    .prepare('SELECT idempotency_key, grp, record_id, op, payload, sent_at, created_at FROM outbox ORDER BY seq')
    .all()
    .map((r) => SavedEntry.parse(r));
}

/** An entry not yet handed to the network may still be folded into; after that its payload and key are frozen. */
const isOpen = (e: OutboxEntry | undefined): e is OutboxEntry =>
  e !== undefined && e.sent_at === null && e.attempts === 0 && e.state === 'pending';

const marks = (n: number): string => Array.from({ length: n }, () => '?').join(',');

/**
 * The per-record change log (Joplin's item_changes, with frozen payloads), and the only module that
 * writes SQL naming it. Every write must run inside the caller's transaction, together with the
 * change it records.
 */
export class Outbox {
  private readonly s: Statements;
  /** The statements of the acknowledgement path, prepared at once: it runs thousands of times a drain. */
  private readonly hot;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.s = new Statements(db);
    this.hot = {
      last: db.prepare<[string], OutboxEntry>('SELECT * FROM outbox WHERE record_id = ? ORDER BY seq DESC LIMIT 1'),
      forRecord: db.prepare<[string], OutboxEntry>('SELECT * FROM outbox WHERE record_id = ? ORDER BY seq'),
      insert: db.prepare<
        [{ account: string; group: string; record: string; op: OutboxOp; payload: string; key: string; now: number }]
      >(
        `INSERT INTO outbox (account_id, grp, record_id, op, payload, idempotency_key, created_at, updated_at)
         VALUES (@account, @group, @record, @op, @payload, @key, @now, @now)`,
      ),
      remove: db.prepare<[number]>('DELETE FROM outbox WHERE seq = ?'),
      // Lists of seqs go as one JSON parameter: one statement for a whole batch.
      removeMany: db.prepare<[string]>('DELETE FROM outbox WHERE seq IN (SELECT value FROM json_each(?))'),
      markSent: db.prepare<[number, string]>(
        'UPDATE outbox SET sent_at = coalesce(sent_at, ?) WHERE seq IN (SELECT value FROM json_each(?))',
      ),
    };
  }

  // --- reading ---

  entries(recordId: string): OutboxEntry[] {
    return this.hot.forRecord.all(recordId);
  }

  /** Whether the record has changes the platform has not acknowledged (or that were set aside). */
  hasEntries(recordId: string): boolean {
    return this.hot.last.get(recordId) !== undefined;
  }

  get(seq: number): OutboxEntry | undefined {
    return this.s.sql<[number], OutboxEntry>('SELECT * FROM outbox WHERE seq = ?').get(seq);
  }

  /**
   * The first entry of each record that may go now, oldest first (at most `limit`). Walked in seq
   * order (NOT INDEXED) so the read stops after `limit` heads: through outbox_due it visited and
   * sorted every pending entry, a cost per batch that grew with the outbox.
   */
  dueHeads(account: string, groups: ResourceGroup[], now: number, limit: number): OutboxEntry[] {
    return this.s
      .sql<(string | number)[], OutboxEntry>(
        `SELECT o.* FROM outbox o NOT INDEXED
         WHERE o.account_id = ? AND o.state = 'pending' AND o.next_attempt_at <= ?
           AND o.grp IN (${marks(groups.length)})
           AND o.seq = (SELECT min(x.seq) FROM outbox x WHERE x.record_id = o.record_id)
         ORDER BY o.seq LIMIT ?`,
      )
      .all(account, now, ...groups, limit);
  }

  /** Pending entries of the account in these groups. */
  pendingCount(account: string, groups: ResourceGroup[]): number {
    if (groups.length === 0) return 0;
    const row = this.s
      .sql<string[], { n: number }>(
        `SELECT count(*) AS n FROM outbox WHERE account_id = ? ` +
          `AND state = 'pending' AND grp IN (${marks(groups.length)})`,
      )
      .get(account, ...groups);
    return row?.n ?? 0;
  }

  /** When the next pending entry of these groups is due (null when none waits). */
  nextDueAt(account: string, groups: ResourceGroup[]): number | null {
    if (groups.length === 0) return null;
    const row = this.s
      .sql<string[], { at: number | null }>(
        `SELECT min(next_attempt_at) AS at FROM outbox WHERE account_id = ? ` +
          `AND state = 'pending' AND grp IN (${marks(groups.length)})`,
      )
      .get(account, ...groups);
    return row?.at ?? null;
  }

  /** Pending and failed entries per group of the account (groups without entries left out). */
  countsByGroup(account: string): GroupCounts[] {
    return this.s
      .sql<[string], GroupCounts>(
        "SELECT grp, sum(state = 'pending') AS pending, sum(state = 'failed') AS failed FROM outbox WHERE " +
          'account_id = ? GROUP BY grp',
      )
      .all(account);
  }

  /** Entries set aside (refused by the platform), oldest first. */
  failed(account: string): OutboxEntry[] {
    return this.s
      .sql<[string], OutboxEntry>("SELECT * FROM outbox WHERE account_id = ? AND state = 'failed' ORDER BY seq")
      .all(account);
  }

  /** Changes of the group handed to the network whose answer is not stored yet. */
  inDoubt(account: string, group: ResourceGroup): InDoubt[] {
    return this.s
      .sql<[string, string], InDoubt>(
        `SELECT record_id, op FROM outbox
         WHERE account_id = ? AND grp = ? AND sent_at IS NOT NULL AND state = 'pending'`,
      )
      .all(account, group);
  }

  /** Pending entries of the group, oldest first, with what their last attempt said. */
  pendingNotes(account: string, group: ResourceGroup): PendingNote[] {
    return this.s
      .sql<[string, string], PendingNote>(
        `SELECT record_id, op, last_error FROM outbox
         WHERE account_id = ? AND grp = ? AND state = 'pending' ORDER BY seq`,
      )
      .all(account, group);
  }

  // --- enqueueing ---

  private insert(account: string, group: ResourceGroup, record: string, op: OutboxOp, payload: Fields): void {
    this.hot.insert.run({
      account,
      group,
      record,
      op,
      payload: JSON.stringify(payload),
      key: newId(),
      now: this.now(),
    });
  }

  created(account: string, group: ResourceGroup, recordId: string, fields: Fields): void {
    this.insert(account, group, recordId, 'create', fields);
  }

  /** Fold into the record's last untried create or update, else append. */
  updated(account: string, group: ResourceGroup, recordId: string, patch: Fields): void {
    if (Object.keys(patch).length === 0) return;
    const last = this.hot.last.get(recordId);
    if (isOpen(last) && last.op !== 'delete') {
      const current = parseFields(last.payload);
      const next = last.op === 'create' ? applyPatch(current, patch) : { ...current, ...patch };
      this.s
        .sql<[string, number, number]>('UPDATE outbox SET payload = ?, updated_at = ? WHERE seq = ?')
        .run(JSON.stringify(next), this.now(), last.seq);
      return;
    }
    this.insert(account, group, recordId, 'update', patch);
  }

  /**
   * A delete. When the platform never got the record (its create untried, or refused), every entry
   * goes and nothing is sent; otherwise untried updates are dropped and the delete is appended.
   * Returns whether the platform has to hear of it.
   */
  deleted(account: string, group: ResourceGroup, recordId: string, hasRemoteId: boolean): boolean {
    const all = this.entries(recordId);
    // A create handed to the network and not refused may have reached the platform (its answer lost).
    const mayExist =
      hasRemoteId ||
      all.some((e) => e.op === 'create' && (e.sent_at !== null || e.attempts > 0) && e.state !== 'failed');
    if (!mayExist) {
      this.clearRecord(recordId);
      return false;
    }
    for (const e of all) if (isOpen(e) && e.op === 'update') this.remove(e.seq);
    this.insert(account, group, recordId, 'delete', {});
    return true;
  }

  /** Undo an untried delete (restore from the trash); false when the delete was already tried. */
  cancelDelete(recordId: string): boolean {
    const last = this.hot.last.get(recordId);
    if (!isOpen(last) || last.op !== 'delete') return false;
    this.remove(last.seq);
    return true;
  }

  // --- sending ---

  /**
   * Freeze entries before their requests leave: written (durably) first, so a crash mid-request cannot fold later
   * changes into them.
   */
  markSent(seqs: number[]): void {
    if (seqs.length > 0) this.hot.markSent.run(this.now(), JSON.stringify(seqs));
  }

  /** Entries frozen for sending whose requests never left (the drain stopped first): open again. */
  unfreeze(seqs: number[]): void {
    const open = this.s.sql<[number]>('UPDATE outbox SET sent_at = NULL WHERE seq = ? AND attempts = 0');
    this.db.transaction(() => {
      for (const seq of seqs) open.run(seq);
    })();
  }

  /** What an attempt came to: its state, message and when it may go again (`countAttempt`: it was really tried). */
  recordAttempt(seq: number, state: EntryState, message: string, nextAttemptAt: number, countAttempt: boolean): void {
    this.s
      .sql<[EntryState, string, number, number, number, number]>(
        `UPDATE outbox SET state = ?, last_error = ?, next_attempt_at = ?, attempts = attempts + ?, updated_at = ?
         WHERE seq = ?`,
      )
      .run(state, message, nextAttemptAt, countAttempt ? 1 : 0, this.now(), seq);
  }

  /** The record is in conflict: its pending entries wait for the user's choice. */
  holdForConflict(recordId: string): void {
    this.s
      .sql<[number, string]>(
        "UPDATE outbox SET state = 'conflict', updated_at = ? WHERE record_id = ? AND state = 'pending'",
      )
      .run(this.now(), recordId);
  }

  /** A set-aside entry goes again at the next drain. */
  requeue(seq: number): void {
    this.s
      .sql<[number, number]>("UPDATE outbox SET state = 'pending', next_attempt_at = 0, updated_at = ? WHERE seq = ?")
      .run(this.now(), seq);
  }

  /** Every pending entry is due now (the profile changed: what waited for an endpoint may go). */
  makeAllDue(): void {
    this.s.sql("UPDATE outbox SET next_attempt_at = 0 WHERE state = 'pending'").run();
  }

  // --- acknowledging and clearing ---

  /** An acknowledged (or discarded) entry leaves the outbox. */
  remove(seq: number): void {
    this.hot.remove.run(seq);
  }

  /** Acknowledged entries leave the outbox, in one statement. */
  removeMany(seqs: readonly number[]): void {
    if (seqs.length > 0) this.hot.removeMany.run(JSON.stringify(seqs));
  }

  clearRecord(recordId: string): void {
    this.s.sql<[string]>('DELETE FROM outbox WHERE record_id = ?').run(recordId);
  }

  /** Entries made before any account signed in become the first account's. */
  adopt(fromAccount: string, toAccount: string): void {
    this.s.sql<[string, string]>('UPDATE outbox SET account_id = ? WHERE account_id = ?').run(toAccount, fromAccount);
  }
}
