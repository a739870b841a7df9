/** Why a call or an attempt was stopped; travels as the AbortSignal's reason. */
export class Interrupt {
  constructor(readonly kind: 'cancelled' | 'deadline' | 'attempt-timeout') {}
}

const ignore = (): void => undefined;
const ONCE = { once: true } as const;

/** Settle with `work`, or reject with the signal's reason the moment it aborts, even if `work` ignores the signal. */
export function guard<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(ignore); // the loser of the race must not become an unhandled rejection
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, ONCE);
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export function realSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as unknown);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as unknown);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// setTimeout's largest delay; longer ones fire at once.
const MAX_TIMER_MS = 2_147_483_647;

/** Something on the wire that a stopped call or attempt stops at once (an exchange on the shared connections). */
export interface Stoppable {
  stop(reason: unknown): void;
}

/** One attempt's stop: its reason once stopped, its signal (made when asked for), the exchange it stops. */
export interface AttemptStop {
  readonly aborted: boolean;
  readonly reason: unknown;
  readonly signal: AbortSignal;
  /** `target` is stopped when the attempt is; only one at a time (a redirect's next hop replaces it). */
  watch(target: Stoppable): void;
  unwatch(target: Stoppable): void;
  dispose(): void;
}

/**
 * One `request` call's budget: a hard deadline timer over everything (attempts, waits), the
 * caller's cancellation, and per-attempt stops derived from both. No AbortController is made
 * unless something asks for the signal (fetch, a wait, a consumer): a call on the shared
 * connections only registers its exchange, which is stopped directly.
 */
export class CallScope implements AttemptStop {
  readonly deadlineMs: number;
  private readonly endsAt: number;
  private controller: AbortController | undefined;
  private stopped: Interrupt | undefined;
  private watched: Stoppable | null = null;
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(
    deadlineMs: number,
    private readonly now: () => number,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.deadlineMs = Math.min(deadlineMs, MAX_TIMER_MS);
    this.endsAt = now() + this.deadlineMs;
    this.timer = setTimeout(() => this.stop(new Interrupt('deadline')), this.deadlineMs);
    if (callerSignal) {
      const onCallerAbort = (): void => this.stop(new Interrupt('cancelled'));
      if (callerSignal.aborted) onCallerAbort();
      else {
        callerSignal.addEventListener('abort', onCallerAbort, ONCE);
        this.onCallerAbort = onCallerAbort;
      }
    }
  }

  get aborted(): boolean {
    return this.stopped !== undefined;
  }

  get reason(): unknown {
    return this.stopped;
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.stopped !== undefined) this.controller.abort(this.stopped);
    }
    return this.controller.signal;
  }

  watch(target: Stoppable): void {
    this.watched = target;
  }

  unwatch(target: Stoppable): void {
    if (this.watched === target) this.watched = null;
  }

  remaining(): number {
    return Math.max(0, this.endsAt - this.now());
  }

  /**
   * Whether a wait still leaves the next attempt a fair chance (10% of the deadline, at most 1 s);
   * otherwise failing now with the real reason beats timing out later with a vaguer one.
   */
  canWait(ms: number): boolean {
    return ms + Math.min(1_000, this.deadlineMs / 10) <= this.remaining();
  }

  /** A stop for one attempt: with the call, or on its own after `timeoutMs`. */
  attempt(timeoutMs: number): AttemptStop {
    // No timer of its own (the common case): it would stop exactly when the call does, with the
    // same reason, so the call serves as the attempt's stop.
    if (!(timeoutMs < this.remaining())) return this;
    return new TimedAttempt(this.signal, timeoutMs);
  }

  /** As an attempt's stop: nothing to release (the call's timer and listener go in `end`). */
  dispose(): void {
    this.watched = null;
  }

  /** The call is over: its timer and its listener on the caller's signal go. */
  end(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private stop(reason: Interrupt): void {
    if (this.stopped !== undefined) return;
    this.stopped = reason;
    this.controller?.abort(reason);
    const watched = this.watched;
    this.watched = null;
    watched?.stop(reason);
  }
}

/** An attempt with a timer of its own (attemptTimeoutMs): rare, so plain signals serve. */
class TimedAttempt implements AttemptStop {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly forward = (): void => this.controller.abort(this.call.reason);
  private readonly onAbort = (): void => this.watched?.stop(this.controller.signal.reason);
  private watched: Stoppable | null = null;

  constructor(
    private readonly call: AbortSignal,
    timeoutMs: number,
  ) {
    if (call.aborted) this.forward();
    else call.addEventListener('abort', this.forward, ONCE);
    this.timer = setTimeout(() => this.controller.abort(new Interrupt('attempt-timeout')), Math.max(0, timeoutMs));
    this.controller.signal.addEventListener('abort', this.onAbort, ONCE);
  }

  get aborted(): boolean {
    return this.controller.signal.aborted;
  }

  get reason(): unknown {
    return this.controller.signal.reason;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  watch(target: Stoppable): void {
    this.watched = target;
  }

  unwatch(target: Stoppable): void {
    if (this.watched === target) this.watched = null;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.call.removeEventListener('abort', this.forward);
  }
}
