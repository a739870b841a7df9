import type { AppError } from '../../../shared/errors';
import type { ResourceGroup } from '../../../shared/profile';
import type { OutboxEntry } from '../store/outbox';
import type { RecordStore, RemoteRef } from '../store/record-store';
import { tableOf } from '../store/tables';
import type { ActivityLog } from './activity-log';
import { pushEntry, type PushOutcome } from './push';
import type { RemoteGroup, RemoteRecord } from './remote';
import type { Ack, SyncWriter } from './writer';

/**
 * Entries read and frozen for sending per transaction. Each read costs a durable commit and a scan of
 * what is due, and each commit rewrites the index pages its acknowledgements touched: at 10,000
 * queued changes, 1,024 drained about 7% faster than 256 (bench/sync.ts), and more gained nothing.
 */
export const BATCH = 1024;
const WAIT_FOR_OTHERS_MS = 2_000;
/**
 * While the outbox has whole batches to give, acknowledgements wait in memory for the commit that
 * freezes the next batch (one commit for both); they are stored on their own once this many pile
 * up, once the oldest is this old, and near the end of the outbox. Losing them to a crash only
 * replays their requests, with the same idempotency keys.
 */
const ACK_BATCH = 2 * BATCH;
const ACK_MAX_AGE_MS = 1_000;
/**
 * At the start of a drain acknowledgements are stored sooner (64, then twice as many each time, up
 * to ACK_BATCH): a drain cut short again and again (a crash loop, a flaky sleep) still moves on, at
 * the cost of a handful of commits per drain.
 */
const FIRST_ACK_FLUSH = 64;

export interface DrainDeps {
  store: RecordStore;
  writer: SyncWriter;
  log: ActivityLog;
  now(): number;
  account: string;
  remotes: ReadonlyMap<ResourceGroup, RemoteGroup>;
  /** Requests in flight at once (at least 1). */
  concurrency: number;
  /** The first entry of each record that may go now, oldest first (at most `limit`). */
  dueHeads(limit: number): OutboxEntry[];
  /** How long to wait before trying an entry again after `attempt` attempts. */
  backoff(attempt: number): number;
  /** False once the engine closes or the user pauses: no more requests leave. */
  going(): boolean;
  /** One entry moved on (acknowledged, refused, in conflict or to be retried). */
  onMoved(): void;
  /** An outcome was stored (the status may be sent). */
  onSettled(): void;
  onRecordsChanged(group: ResourceGroup): void;
  faultPoint?: (name: string) => void;
}

/** An entry frozen for sending, with where its record stood with the platform when it was frozen. */
interface Item {
  entry: OutboxEntry;
  ref: RemoteRef | undefined;
}

/**
 * One drain: sends what is due, `concurrency` at a time, one entry per record at a time. Entries are
 * taken from the outbox a batch at a time (freeze a batch), and the next batch is read while the
 * last requests of the one before are still out, so the platform always has `concurrency` requests
 * to work on. Each answer is acknowledged or settled, then the drain finishes: what was read and
 * never sent opens again.
 */
export class Drain {
  private stop: AppError | null = null;
  /** A failure of our own (the database refused a write): the other workers stop too. */
  private broken: { error: unknown } | null = null;
  private sent = 0;
  private refused = 0;
  private readonly touched = new Set<ResourceGroup>();
  /** Frozen for sending, not yet taken by a worker. */
  private readonly queue: Item[] = [];
  /**
   * Entries read from the outbox whose outcome is not stored yet (queued, in flight, or acked in `acks`): never read
   * twice.
   */
  private readonly busy = new Set<number>();
  private readonly acks: Ack[] = [];
  /** When the oldest acknowledgement in `acks` came in. */
  private oldestAckAt = 0;
  private ackLimit = FIRST_ACK_FLUSH;
  /** Entries waiting for a record they refer to: read again once something else moved. */
  private readonly waitingOnOthers = new Map<number, { entry: OutboxEntry; message: string }>();
  private movedSinceWait = false;
  /** Something settled since the outbox last had nothing new to give. */
  private changed = true;
  /** The last read found less than a whole batch: the outbox is nearly drained. */
  private exhausted = false;
  private inFlight = 0;
  private wake: (() => void) | null = null;
  private woken: Promise<void> | null = null;

  constructor(private readonly deps: DrainDeps) {}

  /** Runs the drain to its end; the error that stopped it (signed out, offline, told to wait), if any. */
  async run(): Promise<AppError | null> {
    const guarded = (): Promise<void> =>
      this.worker().catch((error: unknown) => {
        this.broken ??= { error };
        this.settled();
      });
    const restore = this.deps.writer.deferCheckpoints();
    try {
      await Promise.all(Array.from({ length: this.deps.concurrency }, guarded));
      return this.finish();
    } finally {
      restore();
    }
  }

  private async worker(): Promise<void> {
    while (this.stop === null && this.broken === null && this.deps.going()) {
      // Read ahead while the last requests are out, so no one waits for the slowest of a batch.
      if (this.queue.length < this.deps.concurrency) this.refill();
      const next = this.queue.shift();
      if (!next) {
        // Nothing due now; what is in flight may make more due (a record's next entry, a reference).
        if (this.inFlight === 0) return;
        await (this.woken ??= new Promise<void>((resolve) => (this.wake = resolve)));
        continue;
      }
      this.inFlight++;
      try {
        await this.send(next);
      } finally {
        this.inFlight--;
        this.settled();
      }
    }
  }

  /** Something moved: workers waiting for more to become due look again. */
  private settled(): void {
    this.changed = true;
    const w = this.wake;
    this.wake = null;
    this.woken = null;
    w?.();
  }

  /** Top up the queue when something settled since the outbox last had nothing new to give. */
  private refill(): void {
    if (!this.changed) return;
    this.changed = false;
    if (this.movedSinceWait && this.waitingOnOthers.size > 0) {
      for (const seq of this.waitingOnOthers.keys()) this.busy.delete(seq);
      this.waitingOnOthers.clear();
      this.movedSinceWait = false;
    }
    // Near the end, most reads freeze nothing: acknowledgements then go on their own, without
    // waiting for the disk, rather than making every read a durable commit.
    if (this.exhausted) this.flushAcks();
    for (const item of this.freezeBatch()) {
      this.busy.add(item.entry.seq);
      this.queue.push(item);
    }
  }

  /**
   * One transaction: acknowledged heads leave the outbox (so the entries after them are due), the
   * next batch is read and frozen (nothing can fold into its entries from here on, and the freeze
   * is on disk before any of their requests leaves), and where each of its records stands with the
   * platform is read: until an entry's outcome is stored, only that entry (one per record is out at
   * a time) moves its record's remote id and version.
   */
  private freezeBatch(): Item[] {
    const { store, writer } = this.deps;
    const done = this.acks.splice(0);
    // Gone from the outbox once this commits (if it fails, the drain stops and they go again next time).
    for (const a of done) this.busy.delete(a.entry.seq);
    return writer.ackThen(done, () => {
      const heads = this.deps
        .dueHeads(BATCH + this.busy.size)
        .filter((e) => !this.busy.has(e.seq))
        .slice(0, BATCH);
      this.exhausted = heads.length < BATCH;
      if (heads.length === 0) return [];
      store.outbox.markSent(heads.map((e) => e.seq));
      const refs = new Map<ResourceGroup, Map<string, RemoteRef>>();
      for (const g of new Set(heads.map((e) => e.grp)))
        refs.set(
          g,
          store.remoteRefs(
            g,
            heads.filter((e) => e.grp === g).map((e) => e.record_id),
          ),
        );
      return heads.map((entry) => ({ entry, ref: refs.get(entry.grp)?.get(entry.record_id) }));
    });
  }

  /** Send one entry and store what came of it. */
  private async send({ entry, ref }: Item): Promise<void> {
    const remote = this.deps.remotes.get(entry.grp);
    if (!remote) throw new Error(`No remote for the ${entry.grp} group in this drain.`);
    this.deps.faultPoint?.('sync.before-send');
    const outcome = await pushEntry(this.deps.store, remote, entry, ref);
    this.deps.faultPoint?.('sync.before-ack');
    if (outcome.kind === 'stop') {
      this.stop = outcome.error;
      this.busy.delete(entry.seq);
      return;
    }
    if (outcome.kind === 'acked') this.acknowledge(entry, outcome.remote);
    else this.settle(entry, outcome);
    // Stored (or queued to be, for an ack): other entries may read it back from the outbox now.
    if (outcome.kind !== 'acked' && !this.waitingOnOthers.has(entry.seq)) this.busy.delete(entry.seq);
    this.deps.faultPoint?.('sync.after-ack');
    this.touched.add(entry.grp);
    if (outcome.kind !== 'waiting') {
      this.movedSinceWait = true;
      this.deps.onMoved();
    }
    this.deps.onSettled();
  }

  /** The platform has it: the acknowledgement waits in memory for the next commit, or goes now. */
  private acknowledge(entry: OutboxEntry, remote: RemoteRecord | null): void {
    const now = this.deps.now();
    if (this.acks.length === 0) this.oldestAckAt = now;
    this.acks.push({ entry, remote });
    if (this.acks.length >= this.ackLimit || now - this.oldestAckAt >= ACK_MAX_AGE_MS) {
      this.flushAcks();
      this.ackLimit = Math.min(ACK_BATCH, this.ackLimit * 2);
    }
    this.sent++;
  }

  /** Store an outcome other than an acknowledgement (and say it in the activity log). */
  private settle(entry: OutboxEntry, outcome: Exclude<PushOutcome, { kind: 'acked' | 'stop' }>): void {
    const { writer, log } = this.deps;
    const where = { account: this.deps.account, group: entry.grp, recordId: entry.record_id };
    const noun = tableOf(entry.grp).noun;
    switch (outcome.kind) {
      case 'conflict':
        writer.conflict(entry, outcome.remote, outcome.message);
        log.add(
          'warn',
          `Conflict on a ${noun}: it changed here and on the platform. Choose which version to keep.`,
          where,
        );
        break;
      case 'refused':
        writer.refuse(entry, outcome.message);
        this.refused++;
        log.add('error', `The platform refused a change to a ${noun}: ${outcome.message}`, where);
        break;
      case 'retry':
        writer.retry(entry, outcome.message, outcome.afterMs ?? this.deps.backoff(entry.attempts + 1));
        log.add('warn', `Will retry a ${noun}: ${outcome.message}`, where);
        break;
      case 'waiting':
        if (outcome.reason === 'reference') this.waitingOnOthers.set(entry.seq, { entry, message: outcome.message });
        writer.wait(entry, outcome.message, outcome.reason === 'reference' ? 0 : outcome.afterMs);
        break;
    }
  }

  // A crash before acknowledgements are stored only replays requests the platform recognises
  // (the same idempotency key, or a 409 already holding our change).
  private flushAcks(): void {
    if (this.acks.length === 0) return;
    const done = this.acks.splice(0);
    this.deps.writer.ackMany(done);
    for (const a of done) this.busy.delete(a.entry.seq);
  }

  /**
   * Entries read but never sent (a stop, closing, a failure) keep their place, and those this drain
   * froze open again: later edits fold into them as if they had never been read. Those waiting for
   * others that could not move in this drain look again in a moment.
   */
  private finish(): AppError | null {
    const { store, writer, log } = this.deps;
    this.flushAcks();
    const unsent = this.queue.filter((q) => q.entry.sent_at === null).map((q) => q.entry.seq);
    if (unsent.length > 0 && !this.broken) store.outbox.unfreeze(unsent);
    for (const w of this.waitingOnOthers.values()) writer.wait(w.entry, w.message, WAIT_FOR_OTHERS_MS);
    if (this.broken) throw this.broken.error;
    for (const g of this.touched) this.deps.onRecordsChanged(g);
    const { sent, refused } = this;
    if (sent > 0 || refused > 0) {
      log.add(
        refused > 0 ? 'warn' : 'info',
        `Sent ${sent} change${sent === 1 ? '' : 's'}${refused > 0 ? `; ${refused} refused and set aside` : ''}.`,
        {
          account: this.deps.account,
        },
      );
    }
    return this.stop;
  }
}
