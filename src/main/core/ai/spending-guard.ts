import type { SpendingLimits } from '../../../shared/settings';
import type { JobStore } from './job-store';
import { dayBounds, monthBounds } from './zone-calendar';

export type SpendingState = 'ok' | 'warning' | 'paused';

export interface SpendingTally {
  total: number;
  perOperation: Record<string, number>;
  /** The total times the cost per job, when the user entered one. */
  cost: number | null;
}

export interface SpendingView {
  limits: SpendingLimits;
  zone: string;
  today: SpendingTally;
  month: SpendingTally;
  state: SpendingState;
  /** Why the queue is paused (or what nears its limit), in words; null when ok. */
  message: string | null;
  /** "Run anyway once" was chosen and no job has used it yet. */
  overrideArmed: boolean;
  /** When the day's counts start again (the zone's next midnight). */
  dayEndsAt: number;
  monthEndsAt: number;
}

export interface SpendingDeps {
  jobs: Pick<JobStore, 'startedSince'>;
  account(): string;
  limits(): SpendingLimits;
  zone(): string;
  now(): number;
}

/** A share of a limit from which the guard warns. */
export const WARN_AT = 0.8;

interface Check {
  label: string;
  used: number;
  limit: number;
  operation: string | null;
}

/**
 * The spending guard: counts AI jobs started today and this month (in the creator's zone) from the
 * job rows themselves, and says whether another may start. Counting starts rather than successes
 * because the platform bills a request once sent, whether or not its result comes back.
 */
export class SpendingGuard {
  private armed = false;

  constructor(private readonly deps: SpendingDeps) {}

  /** Let exactly one more job start past the limit. */
  allowOnce(): void {
    this.armed = true;
  }

  /**
   * Called as the queue is about to start a job of `operation`: null admits it (using the armed
   * override when over the limit), otherwise the reason it waits.
   */
  admit(operation: string): string | null {
    const over = this.overLimit(operation);
    if (over === null) return null;
    if (this.armed) {
      this.armed = false;
      return null;
    }
    return (
      `Paused by your spending limit: ${over.used} of ${over.limit} ${over.label}. ` +
      'Raise the limit or run one anyway.'
    );
  }

  /** When a paused queue may start again by itself: the next local midnight, or month start. */
  nextReset(): number {
    return dayBounds(this.deps.now(), this.deps.zone()).end;
  }

  hasLimits(): boolean {
    const l = this.deps.limits();
    return l.daily !== null || l.monthly !== null || Object.keys(l.perOperation).length > 0;
  }

  view(): SpendingView {
    const now = this.deps.now();
    const zone = this.deps.zone();
    const limits = this.deps.limits();
    const day = dayBounds(now, zone);
    const month = monthBounds(now, zone);
    const today = this.tally(day.start, limits);
    const thisMonth = this.tally(month.start, limits);
    const checks = checksOf(limits, today, thisMonth, null);
    const full = checks.find((c) => c.used >= c.limit);
    const near = checks.find((c) => c.used >= WARN_AT * c.limit);
    const state: SpendingState = full ? 'paused' : near ? 'warning' : 'ok';
    const message = full
      ? `Paused by your spending limit: ${full.used} of ${full.limit} ${full.label}.`
      : near
        ? `${near.used} of ${near.limit} ${near.label}: the queue pauses at the limit.`
        : null;
    return {
      limits,
      zone,
      today,
      month: thisMonth,
      state,
      message,
      overrideArmed: this.armed,
      dayEndsAt: day.end,
      monthEndsAt: month.end,
    };
  }

  private overLimit(operation: string): Check | null {
    if (!this.hasLimits()) return null;
    const now = this.deps.now();
    const zone = this.deps.zone();
    const limits = this.deps.limits();
    const today = this.tally(dayBounds(now, zone).start, limits);
    const month = this.tally(monthBounds(now, zone).start, limits);
    return checksOf(limits, today, month, operation).find((c) => c.used >= c.limit) ?? null;
  }

  private tally(since: number, limits: SpendingLimits): SpendingTally {
    const rows = this.deps.jobs.startedSince(this.deps.account(), since);
    const perOperation: Record<string, number> = {};
    let total = 0;
    for (const r of rows) {
      perOperation[r.operation] = r.n;
      total += r.n;
    }
    const cost = limits.costPerJob === null ? null : total * limits.costPerJob;
    // A cost too large to reckon (settings written before its cap) is shown as unknown, never as Infinity.
    return { total, perOperation, cost: cost !== null && Number.isFinite(cost) ? cost : null };
  }
}

/** Every limit that applies, with its count; `operation` narrows the per-operation ones to one kind. */
function checksOf(
  limits: SpendingLimits,
  today: SpendingTally,
  month: SpendingTally,
  operation: string | null,
): Check[] {
  const out: Check[] = [];
  if (limits.daily !== null)
    out.push({ label: 'AI jobs today', used: today.total, limit: limits.daily, operation: null });
  if (limits.monthly !== null) {
    out.push({ label: 'AI jobs this month', used: month.total, limit: limits.monthly, operation: null });
  }
  for (const [op, l] of Object.entries(limits.perOperation)) {
    if (operation !== null && op !== operation) continue;
    if (l.daily !== null)
      out.push({ label: `${op} jobs today`, used: today.perOperation[op] ?? 0, limit: l.daily, operation: op });
    if (l.monthly !== null) {
      out.push({ label: `${op} jobs this month`, used: month.perOperation[op] ?? 0, limit: l.monthly, operation: op });
    }
  }
  return out;
}
