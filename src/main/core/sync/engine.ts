import type { AppError } from '../../../shared/errors';
import { resourceGroups, type ResourceGroup } from '../../../shared/profile';
import type { SessionView } from '../../../shared/session';
import type { GroupSyncView, SyncPhase, SyncStatus } from '../../../shared/sync';
import type { Clock, Logger } from '../ports';
import type { HttpRequest, HttpResponse } from '../platform/http';
import type { SessionTarget } from '../platform/session';
import type { OutboxEntry } from '../store/outbox';
import type { RecordStore, RemoteRef } from '../store/record-store';
import { SYNC_ORDER, tableOf } from '../store/tables';
import type { ActivityLog } from './activity-log';
import { SyncCursors } from './cursors';
import { pullGroup, type MassDeleteChoice } from './pull';
import { pushEntry } from './push';
import { RemoteGroup } from './remote';
import type { Ack, SyncWriter } from './writer';

export interface SyncEngineDeps {
  store: RecordStore;
  writer: SyncWriter;
  log: ActivityLog;
  /** Where each feed was read up to (by default kept in the store's database). */
  cursors?: SyncCursors;
  clock: Clock;
  logger: Logger;
  session: { view(): SessionView; request(req: HttpRequest): Promise<HttpResponse> };
  target(): Promise<SessionTarget>;
  /** The profile in use, known at once (the target may have to start the embedded sandbox first). */
  profile(): SessionTarget['profile'];
  /** Whose records sync. */
  account(): string;
  online(): SyncStatus['online'];
  onStatus(status: SyncStatus): void;
  onRecordsChanged(group: ResourceGroup): void;
  random?: () => number;
  /** Requests in flight while draining. Default 6. */
  concurrency?: number;
  /** How often to pull when nothing else triggers a sync. Default 60 s. */
  pullIntervalMs?: number;
  /** Test hook: called at named points of the drain (a crash test kills the process there). */
  faultPoint?: (name: string) => void;
}

/**
 * Entries read and frozen for sending per transaction. Each read costs a durable commit and a scan of
 * what is due, and each commit rewrites the index pages its acknowledgements touched: at 10,000
 * queued changes, 1,024 drained about 7% faster than 256 (bench/sync.ts), and more gained nothing.
 */
const BATCH = 1024;
const RETRY_BASE_MS = 1_000;
const RETRY_CAP_MS = 5 * 60 * 1000;
const OFFLINE_CAP_MS = 60 * 1000;
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

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Drains the outbox and pulls remote changes, one cycle at a time. A cycle starts on any change,
 * on sign-in, when the platform comes back, and every minute. Nothing is ever dropped: a change
 * leaves the outbox only when the platform acknowledged it or the user discarded it.
 */
export class SyncEngine {
  private phase: SyncPhase = 'idle';
  private message: string | null = null;
  private progress: { done: number; total: number } | null = null;
  private lastSyncAt: number | null = null;
  private nextAttemptAt: number | null = null;
  private offlineStreak = 0;
  private userPaused = false;
  private revision = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private interval: NodeJS.Timeout | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Cycles start by themselves only after start(); tests may call run() instead. */
  private started = false;
  private readonly massDelete = new Map<ResourceGroup, { wouldDelete: number; localCount: number }>();
  private readonly choices = new Map<ResourceGroup, MassDeleteChoice>();
  private readonly random: () => number;
  private readonly cursors: SyncCursors;

  constructor(private readonly deps: SyncEngineDeps) {
    this.random = deps.random ?? Math.random;
    this.cursors = deps.cursors ?? new SyncCursors(deps.store.db);
  }

  start(): void {
    this.started = true;
    this.interval = setInterval(() => this.kick(), this.deps.pullIntervalMs ?? 60_000);
    this.interval.unref();
    this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.interval);
    clearTimeout(this.timer);
    clearTimeout(this.statusTimer);
    await this.running?.catch(() => {});
  }

  /** Run a cycle after `delayMs` (an earlier request wins). */
  kick(delayMs = 0): void {
    if (this.closed || !this.started) return;
    const at = this.deps.clock.now() + delayMs;
    if (this.timer && at >= this.timerAt) return;
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      void this.run();
    }, Math.max(0, delayMs));
    this.timer.unref?.();
  }

  /** One cycle now (or, if one is running, one more right after it). Resolves when all are done. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    // A request during a cycle runs one more cycle right after, inside the same promise.
    const cycle = (async () => {
      do {
        this.again = false;
        await this.cycle().catch((e: unknown) => {
          this.deps.logger.error('sync cycle failed', { error: e });
          this.setPhase('idle', 'Sync stopped on an unexpected error; it will try again.');
          this.kick(RETRY_BASE_MS * 30);
        });
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
    this.running = cycle;
    return cycle;
  }

  setPaused(paused: boolean): void {
    this.userPaused = paused;
    if (paused) this.setPhase('paused_user', 'Sync is paused.');
    else this.kick();
  }

  /** The user's answer to a pull that would delete most of a group's records. */
  chooseMassDelete(group: ResourceGroup, choice: MassDeleteChoice): void {
    this.choices.set(group, choice);
    this.massDelete.delete(group);
    this.kick();
  }

  /** The profile changed: changes that waited for an endpoint may go now. */
  profileChanged(): void {
    this.deps.store.outbox.makeAllDue();
    this.kick();
  }

  private setPhase(phase: SyncPhase, message: string | null): void {
    const changed = phase !== this.phase || message !== this.message;
    this.phase = phase;
    this.message = message;
    if (changed) this.emitNow();
    else this.emitSoon();
  }

  private emitNow(): void {
    clearTimeout(this.statusTimer);
    this.statusTimer = undefined;
    try {
      this.deps.onStatus(this.status());
    } catch (e) {
      this.deps.logger.warn('sync status not sent', { error: e });
    }
  }

  /** At most five status events a second while draining. */
  private emitSoon(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => this.emitNow(), 200);
    this.statusTimer.unref?.();
  }

  private authMessage(view: SessionView): string {
    switch (view.state) {
      case 'needs_sign_in':
        return 'Your session ended. Sign in again to sync; your changes are kept.';
      case 'api_key_expired':
        return 'Your API key expired. Add a new one in Settings to sync; your changes are kept.';
      case 'api_key_denied':
        return 'The platform refused your API key. Add a new one in Settings to sync; your changes are kept.';
      default:
        return view.accountId && view.accountId !== this.deps.account()
          ? 'Signed in as another account: these changes wait for the account that made them.'
          : 'Sign in to sync; your changes are kept on this computer.';
    }
  }

  private async cycle(): Promise<void> {
    const account = this.deps.account();
    if (this.userPaused) return this.setPhase('paused_user', 'Sync is paused.');
    const view = this.deps.session.view();
    if (view.state !== 'active' || view.accountId !== account) return this.setPhase('paused_auth', this.authMessage(view));
    const target = await this.deps.target();
    if (!target.baseUrl) return this.setPhase('paused_auth', 'Choose the platform address in Settings to sync.');
    const groups = SYNC_ORDER.filter((g) => RemoteGroup.specified(target.profile, g));
    this.setPhase('syncing', null);
    const stop = (await this.drain(account, target, groups)) ?? (this.userPaused ? null : await this.pull(account, target, groups));
    this.progress = null;
    // Paused while it ran: what was on its way finished, nothing more went.
    if (this.userPaused) return this.setPhase('paused_user', 'Sync is paused.');
    if (stop) return this.stopped(stop);
    this.offlineStreak = 0;
    this.lastSyncAt = this.deps.clock.now();
    this.nextAttemptAt = this.nextDue(account, groups);
    if (this.nextAttemptAt !== null) this.kick(Math.max(0, this.nextAttemptAt - this.deps.clock.now()));
    this.setPhase('idle', null);
  }

  private stopped(error: AppError): void {
    const now = this.deps.clock.now();
    if (error.code === 'auth') return this.setPhase('paused_auth', this.authMessage(this.deps.session.view()));
    if (error.code === 'rate_limited') {
      const wait = Math.max(1_000, error.retryAfterMs ?? 10_000);
      this.nextAttemptAt = now + wait;
      this.kick(wait);
      return this.setPhase('offline', error.message);
    }
    this.offlineStreak++;
    const wait = Math.round(Math.min(OFFLINE_CAP_MS, 2_000 * 2 ** (this.offlineStreak - 1)) * (0.5 + this.random() / 2));
    this.nextAttemptAt = now + wait;
    this.kick(wait);
    this.setPhase('offline', error.message);
  }

  private nextDue(account: string, groups: ResourceGroup[]): number | null {
    return this.deps.store.outbox.nextDueAt(account, groups);
  }

  /** The first entry of each record that may go now, oldest first (at most `limit`). */
  private dueHeads(account: string, groups: ResourceGroup[], limit: number): OutboxEntry[] {
    return this.deps.store.outbox.dueHeads(account, groups, this.deps.clock.now(), limit);
  }

  private pendingCount(account: string, groups: ResourceGroup[]): number {
    return this.deps.store.outbox.pendingCount(account, groups);
  }

  /**
   * Send what is due, `concurrency` at a time, one entry per record at a time. Entries are taken
   * from the outbox a batch at a time, and the next batch is read while the last requests of the
   * one before are still out, so the platform always has `concurrency` requests to work on.
   */
  private async drain(account: string, target: SessionTarget, groups: ResourceGroup[]): Promise<AppError | null> {
    if (groups.length === 0) return null;
    const total = this.pendingCount(account, groups);
    if (total === 0) return null;
    this.progress = { done: 0, total };
    const remotes = new Map(groups.map((g) => [g, new RemoteGroup(g, target, (req) => this.deps.session.request(req))]));
    const { writer, log, store } = this.deps;
    const concurrency = Math.max(1, this.deps.concurrency ?? 6);
    let stop: AppError | null = null;
    let sent = 0;
    let refused = 0;
    const touched = new Set<ResourceGroup>();
    /** Frozen for sending, not yet taken by a worker; each with where its record stands with the platform. */
    const queue: { entry: OutboxEntry; ref: RemoteRef | undefined }[] = [];
    /** Entries read from the outbox whose outcome is not stored yet (queued, in flight, or acked in `acks`): never read twice. */
    const busy = new Set<number>();
    const acks: Ack[] = [];
    /** When the oldest acknowledgement in `acks` came in. */
    let oldestAckAt = 0;
    let ackLimit = FIRST_ACK_FLUSH;
    /** Entries waiting for a record they refer to: read again once something else moved. */
    const waitingOnOthers = new Map<number, { entry: OutboxEntry; message: string }>();
    let movedSinceWait = false;
    /** Something settled since the outbox last had nothing new to give. */
    let changed = true;
    /** The last read found less than a whole batch: the outbox is nearly drained. */
    let exhausted = false;
    let inFlight = 0;
    let wake: (() => void) | null = null;
    let woken: Promise<void> | null = null;
    const settled = (): void => {
      changed = true;
      const w = wake;
      wake = null;
      woken = null;
      w?.();
    };

    // A crash before acknowledgements are stored only replays requests the platform recognises
    // (the same idempotency key, or a 409 already holding our change).
    const flushAcks = (): void => {
      if (acks.length === 0) return;
      const done = acks.splice(0);
      writer.ackMany(done);
      for (const a of done) busy.delete(a.entry.seq);
    };

    const refill = (): void => {
      if (!changed) return;
      changed = false;
      if (movedSinceWait && waitingOnOthers.size > 0) {
        for (const seq of waitingOnOthers.keys()) busy.delete(seq);
        waitingOnOthers.clear();
        movedSinceWait = false;
      }
      // Near the end, most reads freeze nothing: acknowledgements then go on their own, without
      // waiting for the disk, rather than making every read a durable commit.
      if (exhausted) flushAcks();
      // One transaction: acknowledged heads leave the outbox (so the entries after them are due), the
      // next batch is read and frozen (nothing can fold into its entries from here on, and the freeze
      // is on disk before any of their requests leaves), and where each of its records stands with
      // the platform is read: until an entry's outcome is stored, only that entry (one per record is
      // out at a time) moves its record's remote id and version.
      const done = acks.splice(0);
      // Gone from the outbox once this commits (if it fails, the drain stops and they go again next time).
      for (const a of done) busy.delete(a.entry.seq);
      const next = writer.ackThen(done, () => {
        const heads = this.dueHeads(account, groups, BATCH + busy.size).filter((e) => !busy.has(e.seq)).slice(0, BATCH);
        exhausted = heads.length < BATCH;
        if (heads.length > 0) store.outbox.markSent(heads.map((e) => e.seq));
        return heads.map((entry) => ({ entry, ref: store.remoteRef(entry.grp, entry.record_id) }));
      });
      for (const item of next) {
        busy.add(item.entry.seq);
        queue.push(item);
      }
    };

    const send = async (entry: OutboxEntry, ref: RemoteRef | undefined): Promise<void> => {
      const remote = remotes.get(entry.grp) as RemoteGroup;
      this.deps.faultPoint?.('sync.before-send');
      const outcome = await pushEntry(store, remote, entry, ref);
      this.deps.faultPoint?.('sync.before-ack');
      const where = { account, group: entry.grp, recordId: entry.record_id };
      switch (outcome.kind) {
        case 'acked': {
          const now = this.deps.clock.now();
          if (acks.length === 0) oldestAckAt = now;
          acks.push({ entry, remote: outcome.remote });
          if (acks.length >= ackLimit || now - oldestAckAt >= ACK_MAX_AGE_MS) {
            flushAcks();
            ackLimit = Math.min(ACK_BATCH, ackLimit * 2);
          }
          sent++;
          break;
        }
        case 'conflict':
          writer.conflict(entry, outcome.remote, outcome.message);
          log.add('warn', `Conflict on a ${tableOf(entry.grp).noun}: it changed here and on the platform. Choose which version to keep.`, where);
          break;
        case 'refused':
          writer.refuse(entry, outcome.message);
          refused++;
          log.add('error', `The platform refused a change to a ${tableOf(entry.grp).noun}: ${outcome.message}`, where);
          break;
        case 'retry':
          writer.retry(entry, outcome.message, outcome.afterMs ?? this.backoff(entry.attempts + 1));
          log.add('warn', `Will retry a ${tableOf(entry.grp).noun}: ${outcome.message}`, where);
          break;
        case 'waiting':
          if (outcome.reason === 'reference') waitingOnOthers.set(entry.seq, { entry, message: outcome.message });
          writer.wait(entry, outcome.message, outcome.reason === 'reference' ? 0 : outcome.afterMs);
          break;
        case 'stop':
          stop = outcome.error;
          busy.delete(entry.seq);
          return;
      }
      // Stored (or queued to be, for an ack): other entries may read it back from the outbox now.
      if (outcome.kind !== 'acked' && !waitingOnOthers.has(entry.seq)) busy.delete(entry.seq);
      this.deps.faultPoint?.('sync.after-ack');
      touched.add(entry.grp);
      if (outcome.kind !== 'waiting') {
        movedSinceWait = true;
        if (this.progress) this.progress.done = Math.min(this.progress.total, this.progress.done + 1);
      }
      this.emitSoon();
    };

    /** A failure of our own (the database refused a write): the other workers stop too. */
    let broken: { error: unknown } | null = null;
    const worker = async (): Promise<void> => {
      while (stop === null && broken === null && !this.closed && !this.userPaused) {
        // Read ahead while the last requests are out, so no one waits for the slowest of a batch.
        if (queue.length < concurrency) refill();
        const next = queue.shift();
        if (!next) {
          // Nothing due now; what is in flight may make more due (a record's next entry, a reference).
          if (inFlight === 0) return;
          await (woken ??= new Promise<void>((resolve) => (wake = resolve)));
          continue;
        }
        inFlight++;
        try {
          await send(next.entry, next.ref);
        } finally {
          inFlight--;
          settled();
        }
      }
    };
    const guarded = (): Promise<void> =>
      worker().catch((error: unknown) => {
        broken ??= { error };
        settled();
      });

    await Promise.all(Array.from({ length: concurrency }, guarded));
    // Entries read but never sent (a stop, closing, a failure) keep their place, and those this drain
    // froze open again: later edits fold into them as if they had never been read. Those waiting for
    // others that could not move in this drain look again in a moment.
    flushAcks();
    const unsent = queue.filter((q) => q.entry.sent_at === null).map((q) => q.entry.seq);
    if (unsent.length > 0 && !broken) store.outbox.unfreeze(unsent);
    for (const w of waitingOnOthers.values()) writer.wait(w.entry, w.message, WAIT_FOR_OTHERS_MS);
    if (broken) throw (broken as { error: unknown }).error;
    for (const g of touched) this.deps.onRecordsChanged(g);
    if (sent > 0 || refused > 0) {
      log.add(refused > 0 ? 'warn' : 'info', `Sent ${sent} change${sent === 1 ? '' : 's'}${refused > 0 ? `; ${refused} refused and set aside` : ''}.`, { account });
    }
    return stop;
  }

  /** Capped exponential backoff with full jitter. */
  private backoff(attempt: number): number {
    return Math.round(this.random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt));
  }

  private async pull(account: string, target: SessionTarget, groups: ResourceGroup[]): Promise<AppError | null> {
    for (const group of groups) {
      if (this.userPaused || this.closed) return null;
      const remote = new RemoteGroup(group, target, (req) => this.deps.session.request(req));
      const result = await pullGroup({
        store: this.deps.store,
        writer: this.deps.writer,
        log: this.deps.log,
        cursors: this.cursors,
        now: () => this.deps.clock.now(),
        remote,
        account,
        choice: this.choices.get(group) ?? null,
      });
      if (result.kind === 'stop') return result.error;
      if (result.kind === 'ask') this.massDelete.set(group, { wouldDelete: result.wouldDelete, localCount: result.localCount });
      else {
        this.massDelete.delete(group);
        this.choices.delete(group);
      }
      if (result.kind === 'applied' && result.changed > 0) this.deps.onRecordsChanged(group);
    }
    return null;
  }

  status(): SyncStatus {
    const account = this.deps.account();
    const { store } = this.deps;
    const counts = new Map<string, { pending: number; failed: number }>();
    for (const r of store.outbox.countsByGroup(account)) counts.set(r.grp, { pending: r.pending, failed: r.failed });
    const cursors = this.cursors.pulledAt(account);
    const profile = this.deps.profile();
    const groups: GroupSyncView[] = resourceGroups.map((group) => {
      const c = counts.get(group) ?? { pending: 0, failed: 0 };
      const conflicts = store.countConflicts(group, account);
      return {
        group,
        endpoints: RemoteGroup.specified(profile, group) ? 'specified' : 'unspecified',
        pending: c.pending,
        failed: c.failed,
        conflicts,
        lastPulledAt: iso(cursors.get(group) ?? null),
        massDelete: this.massDelete.get(group) ?? null,
      };
    });
    const sum = (k: 'pending' | 'failed' | 'conflicts') => groups.reduce((n, g) => n + g[k], 0);
    // From the clock, so a core started later (browser mode reconnecting) is newer still.
    this.revision = Math.max(this.revision + 1, this.deps.clock.now());
    return {
      revision: this.revision,
      phase: this.phase,
      online: this.deps.online(),
      accountId: account,
      groups,
      totals: { pending: sum('pending'), failed: sum('failed'), conflicts: sum('conflicts') },
      progress: this.progress ? { ...this.progress } : null,
      lastSyncAt: iso(this.lastSyncAt),
      message: this.message,
      nextAttemptAt: iso(this.nextAttemptAt),
    };
  }
}
