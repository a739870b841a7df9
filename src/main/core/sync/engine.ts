import type { AppError } from '../../../shared/errors';
import { resourceGroups, type ResourceGroup } from '../../../shared/profile';
import type { SessionView } from '../../../shared/session';
import type { GroupSyncView, SyncPhase, SyncStatus } from '../../../shared/sync';
import type { Clock, Logger } from '../ports';
import type { HttpRequest, HttpResponse } from '../platform/http';
import type { SessionTarget } from '../platform/session';
import type { OutboxEntry } from '../store/outbox';
import type { RecordStore } from '../store/record-store';
import { SYNC_ORDER } from '../store/tables';
import type { ActivityLog } from './activity-log';
import { SyncCursors } from './cursors';
import { pullGroup, type MassDeleteChoice } from './pull';
import { Drain } from './drain';
import { RemoteGroup } from './remote';
import type { SyncWriter } from './writer';

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

const RETRY_BASE_MS = 1_000;
const RETRY_CAP_MS = 5 * 60 * 1000;
const OFFLINE_CAP_MS = 60 * 1000;
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
  /** How long the last status took to build (its counts read the whole outbox). */
  private statusCostMs = 0;
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
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.timerAt = Infinity;
        void this.run();
      },
      Math.max(0, delayMs),
    );
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
    const started = performance.now();
    try {
      this.deps.onStatus(this.status());
    } catch (e) {
      this.deps.logger.warn('sync status not sent', { error: e });
    }
    this.statusCostMs = performance.now() - started;
  }

  /**
   * At most five status events a second while draining, and fewer when counting the outbox takes
   * long (a very large outbox): the counts then take at most 1% of the drain's time.
   */
  private emitSoon(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => this.emitNow(), Math.max(200, this.statusCostMs * 100));
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
    if (view.state !== 'active' || view.accountId !== account)
      return this.setPhase('paused_auth', this.authMessage(view));
    const target = await this.deps.target();
    if (!target.baseUrl) return this.setPhase('paused_auth', 'Choose the platform address in Settings to sync.');
    const groups = SYNC_ORDER.filter((g) => RemoteGroup.specified(target.profile, g));
    this.setPhase('syncing', null);
    const stop =
      (await this.drain(account, target, groups)) ??
      (this.userPaused ? null : await this.pull(account, target, groups));
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
    const wait = Math.round(
      Math.min(OFFLINE_CAP_MS, 2_000 * 2 ** (this.offlineStreak - 1)) * (0.5 + this.random() / 2),
    );
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

  /** Send what is due (see Drain); the error that stopped it, if any. */
  private async drain(account: string, target: SessionTarget, groups: ResourceGroup[]): Promise<AppError | null> {
    if (groups.length === 0) return null;
    const total = this.pendingCount(account, groups);
    if (total === 0) return null;
    this.progress = { done: 0, total };
    const { store, writer, log } = this.deps;
    const drain = new Drain({
      store,
      writer,
      log,
      now: () => this.deps.clock.now(),
      account,
      remotes: new Map(groups.map((g) => [g, new RemoteGroup(g, target, (req) => this.deps.session.request(req))])),
      concurrency: Math.max(1, this.deps.concurrency ?? 6),
      dueHeads: (limit) => this.dueHeads(account, groups, limit),
      backoff: (attempt) => this.backoff(attempt),
      going: () => !this.closed && !this.userPaused,
      onMoved: () => {
        if (this.progress) this.progress.done = Math.min(this.progress.total, this.progress.done + 1);
      },
      onSettled: () => this.emitSoon(),
      onRecordsChanged: (group) => this.deps.onRecordsChanged(group),
      ...(this.deps.faultPoint && { faultPoint: this.deps.faultPoint }),
    });
    return drain.run();
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
      if (result.kind === 'ask')
        this.massDelete.set(group, { wouldDelete: result.wouldDelete, localCount: result.localCount });
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
