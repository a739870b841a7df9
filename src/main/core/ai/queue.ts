import type { AiProgress, AiQueueStatus } from '../../../shared/ai';
import type { SessionView } from '../../../shared/session';
import type { Logger, Notifier } from '../ports';
import type { JobRow, JobStore } from './job-store';
import type { JobRunner, RunOutcome } from './runner';
import type { SpendingGuard } from './spending-guard';

export interface QueueDeps {
  jobs: JobStore;
  runner: JobRunner;
  now(): number;
  logger: Logger;
  notifier: Notifier;
  /** The account whose jobs run (the workspace's). */
  account(): string;
  session(): SessionView;
  /** Remembered settings (paused, concurrency). */
  load(): { paused?: boolean; concurrency?: number } | undefined;
  save(settings: { paused: boolean; concurrency: number }): void;
  /** Jobs changed (ids, or null for many) — throttled by the caller. */
  changed(ids: string[] | null, progressOnly?: boolean): void;
  /** A job succeeded with its result stored (automations listen here); `job` is its row as it started. */
  onSucceeded?: (jobId: string, job: JobRow) => void;
  /** The spending guard, asked before each job starts; a refused job stays queued until the next day. */
  guard?: Pick<SpendingGuard, 'admit' | 'nextReset'>;
}

interface Running {
  controller: AbortController;
  progress: AiProgress;
  /** Everything the platform sends for the job has arrived; it only checks and stores its results now. */
  received: boolean;
}

export const DEFAULT_CONCURRENCY = 2;
/** A job that ran at least this long gets a notification when it ends while the app is not in front. */
export const LONG_JOB_MS = 15_000;
const OFFLINE_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * The AI job queue: starts waiting jobs in order up to the concurrency, holds them while paused,
 * signed out, offline or rate limited, and records every outcome. Jobs live in SQLite, so the
 * queue is the same after a restart; this class only holds what is in flight.
 */
export class AiQueue {
  private readonly running = new Map<string, Running>();
  private paused: boolean;
  private concurrency: number;
  private offlineUntil = 0;
  private offlineStrikes = 0;
  private rateLimitedUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private started = false;
  private closed = false;
  private pumping = false;
  /**
   * Whether a waiting job of `holdsOf` may be held back until a later time: only then is the
   * database asked when to wake (a scan of the waiting jobs). Only a requeue here holds a job back.
   */
  private mayHold = true;
  private holdsOf: string | null = null;
  /** Why the spending guard held the next job at the last pump, or null. */
  private guardReason: string | null = null;

  constructor(private readonly deps: QueueDeps) {
    const saved = deps.load();
    this.paused = saved?.paused === true;
    this.concurrency =
      Number.isInteger(saved?.concurrency) && (saved?.concurrency as number) >= 1
        ? (saved?.concurrency as number)
        : DEFAULT_CONCURRENCY;
  }

  /** Reconcile what a stopped app left running, then start. */
  start(): void {
    const back = this.deps.jobs.reconcile();
    if (back > 0) this.deps.logger.info('AI jobs interrupted by a stop go back to the queue', { count: back });
    this.started = true;
    this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.soon) clearImmediate(this.soon);
    // Stopping is not cancelling: the jobs stay running in the database and are reconciled on the next start.
    for (const r of this.running.values()) r.controller.abort(new Error('closing'));
  }

  progressOf(id: string): AiProgress | undefined {
    return this.running.get(id)?.progress;
  }

  isPaused(): boolean {
    return this.paused;
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Why waiting jobs do not start now, in words; null when they may. */
  waitingReason(): string | null {
    const now = this.deps.now();
    if (this.paused) return 'The queue is paused.';
    const session = this.deps.session();
    if (!session.signedIn) return 'Sign in to run AI jobs; they wait until then.';
    if (session.state !== 'active') return 'Your session ended: sign in again to run AI jobs.';
    if (this.offlineUntil > now) return 'The platform cannot be reached; jobs start when it is back.';
    if (this.rateLimitedUntil > now) {
      const at = new Date(this.rateLimitedUntil).toLocaleTimeString();
      return `The platform asked to slow down; jobs start again at ${at}.`;
    }
    return this.guardReason;
  }

  status(): AiQueueStatus {
    const counts = this.deps.jobs.counts(this.deps.account());
    const known = [...this.running.values()].map((r) => r.progress.fraction).filter((f): f is number => f !== null);
    return {
      paused: this.paused,
      concurrency: this.concurrency,
      queued: counts.queued,
      running: counts.running,
      waiting: counts.queued > 0 ? this.waitingReason() : null,
      fraction: known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length,
    };
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.persist();
    this.deps.changed(null);
    this.kick();
  }

  setConcurrency(n: number): void {
    this.concurrency = n;
    this.persist();
    this.deps.changed(null);
    this.kick();
  }

  /** The network is back (or the user signed in): try again now. */
  online(): void {
    this.offlineUntil = 0;
    this.kick();
  }

  /** Cancel a running job: its request is aborted. Returns false when it was not running here. */
  abort(id: string): boolean {
    const r = this.running.get(id);
    if (!r) return false;
    r.controller.abort();
    return true;
  }

  kick(delayMs = 0): void {
    if (!this.started || this.closed) return;
    // Now means this turn of the event loop (a zero timeout waits a whole millisecond, once per job);
    // kicks in the same turn share one pump, and a later wake stays set (the pump sets it again).
    if (delayMs <= 0) {
      this.soon ??= setImmediate(() => {
        this.soon = null;
        this.pump();
      });
      this.soon.unref?.();
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, delayMs);
    this.timer.unref?.();
  }

  private persist(): void {
    this.deps.save({ paused: this.paused, concurrency: this.concurrency });
  }

  private pump(): void {
    // No room for another job (a submit while the slots are busy): nothing to read; whatever frees
    // a slot kicks again.
    if (this.closed || this.pumping || !this.hasRoom()) return;
    this.pumping = true;
    try {
      const now = this.deps.now();
      const reason = this.waitingReason();
      const account = this.deps.account();
      if (reason === null || reason === this.guardReason) this.startWhatFits(account, now);
      // Wake for the earliest time-based hold (Retry-After, offline backoff, a held-back job).
      if (account !== this.holdsOf) [this.holdsOf, this.mayHold] = [account, true];
      const held = this.mayHold ? this.deps.jobs.nextWake(account, now) : null;
      if (held === null) this.mayHold = false;
      const guardWake = this.guardReason !== null ? (this.deps.guard?.nextReset() ?? 0) : 0;
      const wakes = [this.offlineUntil, this.rateLimitedUntil, held ?? 0, guardWake].filter((t) => t > now);
      if (wakes.length > 0 && !this.paused) this.kick(Math.min(...wakes) - now + 5);
    } finally {
      this.pumping = false;
    }
  }

  /** Start waiting jobs while there is room and the spending guard admits them. */
  private startWhatFits(account: string, now: number): void {
    this.guardReason = null;
    while (this.hasRoom()) {
      const job = this.deps.jobs.next(account, now, new Set(this.running.keys()));
      if (!job) break;
      const held = this.deps.guard?.admit(job.operation) ?? null;
      if (held !== null) {
        const first = this.guardReason === null;
        this.guardReason = held;
        if (first) this.deps.changed(null);
        break;
      }
      this.launch(job);
    }
  }

  private hasRoom(): boolean {
    return this.busySlots() < this.concurrency && this.storing() < this.storingRoom();
  }

  /**
   * Jobs that hold a slot: an asynchronous job the platform accepted only asks about it now and
   * then, so while it waits for the platform it lets another job start.
   */
  private busySlots(): number {
    let n = 0;
    for (const r of this.running.values()) if (r.progress.phase !== 'polling' && !r.received) n += 1;
    return n;
  }

  /**
   * Jobs that received everything and only store their results: they hold no request to the
   * platform, so the next job's request goes out meanwhile.
   */
  private storing(): number {
    let n = 0;
    for (const r of this.running.values()) if (r.received) n += 1;
    return n;
  }

  /**
   * How many jobs may store while another starts: one less than twice the concurrency, so storing
   * (slower than the requests on a busy disk) keeps pace without falling behind without bound, and
   * concurrency 1 stays one job at a time.
   */
  private storingRoom(): number {
    return 2 * this.concurrency - 1;
  }

  private launch(job: JobRow): void {
    const controller = new AbortController();
    const entry: Running = {
      controller,
      progress: { phase: job.remote_job_id === null ? 'sending' : 'polling', fraction: null },
      received: false,
    };
    this.running.set(job.id, entry);
    // The row as markRunning left it, answered by the write itself (no read after it).
    const fresh = this.deps.jobs.markRunning(job.id, this.deps.now()) ?? job;
    this.deps.changed([job.id]);
    const progress = (p: AiProgress) => {
      const freed = p.phase === 'polling' && entry.progress.phase !== 'polling';
      entry.progress = p;
      this.deps.changed([job.id], true);
      if (freed) this.kick();
    };
    const received = () => {
      if (entry.received) return;
      entry.received = true;
      this.kick();
    };
    // Nothing is sent for a job before its row is on disk (a submit's commit may still be flushing);
    // the flush of another job's success is not waited for.
    const run = () => this.deps.runner.run(fresh, controller.signal, Object.assign(progress, { received }));
    void this.deps.jobs
      .whenStored(job.id)
      .then(run)
      .then(
        (outcome) => this.settle(fresh, outcome),
        (e: unknown) => {
          this.deps.logger.error('AI job runner threw', { job: job.id, error: e });
          this.settle(fresh, {
            kind: 'failed',
            error: {
              code: 'internal',
              message: 'Something went wrong while running this job.',
              hint: 'Retry it; if it happens again, export diagnostics.',
            },
          });
        },
      );
  }

  private settle(job: JobRow, outcome: RunOutcome): void {
    this.running.delete(job.id);
    if (this.closed) return;
    const { jobs } = this.deps;
    const now = this.deps.now();
    switch (outcome.kind) {
      case 'succeeded':
        this.offlineStrikes = 0;
        this.notifyIfLong(job, now, 'finished');
        try {
          this.deps.onSucceeded?.(job.id, job);
        } catch (e) {
          this.deps.logger.error('a job listener failed', { job: job.id, error: e });
        }
        break;
      case 'cancelled':
        jobs.finish(job.id, 'cancelled', now, null);
        break;
      case 'failed':
        jobs.finish(job.id, 'failed', now, outcome.error, {
          request: outcome.request,
          answer: outcome.answer,
          platformFailed: outcome.platformFailed,
        });
        this.notifyIfLong(job, now, 'failed');
        break;
      case 'wait': {
        let notBefore = now + outcome.afterMs;
        if (outcome.reason === 'offline') {
          const delay = OFFLINE_BACKOFF_MS[Math.min(this.offlineStrikes, OFFLINE_BACKOFF_MS.length - 1)] as number;
          this.offlineStrikes += 1;
          this.offlineUntil = Math.max(this.offlineUntil, now + delay);
          notBefore = 0;
        } else if (outcome.reason === 'rate_limited') {
          this.rateLimitedUntil = Math.max(this.rateLimitedUntil, notBefore);
        }
        jobs.requeue(job.id, notBefore, outcome.error);
        if (notBefore > now) this.mayHold = true;
        break;
      }
    }
    this.deps.changed([job.id]);
    this.kick();
  }

  /** `job` is the row as it started running (its start is set then); it ended about `now`. */
  private notifyIfLong(job: JobRow, now: number, how: 'finished' | 'failed'): void {
    if (job.started_at === null || now - job.started_at < LONG_JOB_MS) return;
    this.deps.notifier.notify({
      title: how === 'finished' ? `${job.operation} finished` : `${job.operation} failed`,
      body: job.prompt ? `“${job.prompt.slice(0, 80)}”` : `Model ${job.model_id}`,
      route: 'studio',
      whenUnfocused: true,
    });
  }
}
