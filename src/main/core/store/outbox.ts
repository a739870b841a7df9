import type { ResourceGroup } from '../../../shared/profile';
import type { Db } from '../db/open';
import { applyPatch, type Fields } from './fields';
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


/** An entry not yet handed to the network may still be folded into; after that its payload and key are frozen. */
const isOpen = (e: OutboxEntry | undefined): e is OutboxEntry => e !== undefined && e.sent_at === null && e.attempts === 0 && e.state === 'pending';

/**
 * The per-record change log (Joplin's item_changes, with frozen payloads). Every method must run
 * inside the caller's transaction, together with the change it records.
 */
export class Outbox {
  private readonly stmts;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.stmts = {
      last: db.prepare<[string], OutboxEntry>('SELECT * FROM outbox WHERE record_id = ? ORDER BY seq DESC LIMIT 1'),
      forRecord: db.prepare<[string], OutboxEntry>('SELECT * FROM outbox WHERE record_id = ? ORDER BY seq'),
      insert: db.prepare(
        `INSERT INTO outbox (account_id, grp, record_id, op, payload, idempotency_key, created_at, updated_at)
         VALUES (@account, @group, @record, @op, @payload, @key, @now, @now)`,
      ),
      setPayload: db.prepare<[string, number, number]>('UPDATE outbox SET payload = ?, updated_at = ? WHERE seq = ?'),
      remove: db.prepare<[number]>('DELETE FROM outbox WHERE seq = ?'),
      removeRecord: db.prepare<[string]>('DELETE FROM outbox WHERE record_id = ?'),
      get: db.prepare<[number], OutboxEntry>('SELECT * FROM outbox WHERE seq = ?'),
      markSent: db.prepare<[number, number]>('UPDATE outbox SET sent_at = coalesce(sent_at, ?) WHERE seq = ?'),
      unfreeze: db.prepare<[number]>('UPDATE outbox SET sent_at = NULL WHERE seq = ? AND attempts = 0'),
    };
  }

  entries(recordId: string): OutboxEntry[] {
    return this.stmts.forRecord.all(recordId);
  }

  get(seq: number): OutboxEntry | undefined {
    return this.stmts.get.get(seq);
  }

  private insert(account: string, group: ResourceGroup, record: string, op: OutboxOp, payload: Fields): void {
    this.stmts.insert.run({ account, group, record, op, payload: JSON.stringify(payload), key: newId(), now: this.now() });
  }

  created(account: string, group: ResourceGroup, recordId: string, fields: Fields): void {
    this.insert(account, group, recordId, 'create', fields);
  }

  /** Fold into the record's last untried create or update, else append. */
  updated(account: string, group: ResourceGroup, recordId: string, patch: Fields): void {
    if (Object.keys(patch).length === 0) return;
    const last = this.stmts.last.get(recordId);
    if (isOpen(last) && last.op !== 'delete') {
      const current = JSON.parse(last.payload) as Fields;
      const next = last.op === 'create' ? applyPatch(current, patch) : { ...current, ...patch };
      this.stmts.setPayload.run(JSON.stringify(next), this.now(), last.seq);
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
    const mayExist = hasRemoteId || all.some((e) => e.op === 'create' && (e.sent_at !== null || e.attempts > 0) && e.state !== 'failed');
    if (!mayExist) {
      this.stmts.removeRecord.run(recordId);
      return false;
    }
    for (const e of all) if (isOpen(e) && e.op === 'update') this.stmts.remove.run(e.seq);
    this.insert(account, group, recordId, 'delete', {});
    return true;
  }

  /** Undo an untried delete (restore from the trash); false when the delete was already tried. */
  cancelDelete(recordId: string): boolean {
    const last = this.stmts.last.get(recordId);
    if (!isOpen(last) || last.op !== 'delete') return false;
    this.stmts.remove.run(last.seq);
    return true;
  }

  /** Freeze entries before their requests leave: written (durably) first, so a crash mid-request cannot fold later changes into them. */
  markSent(seqs: number[]): void {
    const now = this.now();
    this.db.transaction(() => {
      for (const seq of seqs) this.stmts.markSent.run(now, seq);
    })();
  }

  /** Entries frozen for sending whose requests never left (the drain stopped first): open again. */
  unfreeze(seqs: number[]): void {
    this.db.transaction(() => {
      for (const seq of seqs) this.stmts.unfreeze.run(seq);
    })();
  }

  remove(seq: number): void {
    this.stmts.remove.run(seq);
  }

  clearRecord(recordId: string): void {
    this.stmts.removeRecord.run(recordId);
  }
}
