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

/**
 * One `request` call's budget: a hard deadline timer over everything (attempts, waits), the
 * caller's cancellation, and per-attempt signals derived from both.
 */
export class CallScope {
  readonly deadlineMs: number;
  private readonly endsAt: number;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  private readonly onCallerAbort: (() => void) | undefined;
  /** An attempt with no timer of its own: the call's signal is already exactly its signal. */
  private whole: { signal: AbortSignal; dispose: () => void } | undefined;

  constructor(
    deadlineMs: number,
    private readonly now: () => number,
    private readonly callerSignal?: AbortSignal,
  ) {
    this.deadlineMs = Math.min(deadlineMs, MAX_TIMER_MS);
    this.endsAt = now() + this.deadlineMs;
    this.timer = setTimeout(() => this.controller.abort(new Interrupt('deadline')), this.deadlineMs);
    if (callerSignal) {
      const onCallerAbort = (): void => this.controller.abort(new Interrupt('cancelled'));
      if (callerSignal.aborted) onCallerAbort();
      else {
        callerSignal.addEventListener('abort', onCallerAbort, ONCE);
        this.onCallerAbort = onCallerAbort;
      }
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
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

  /** A signal for one attempt: aborts with the call, or on its own after `timeoutMs`. */
  attempt(timeoutMs: number): { signal: AbortSignal; dispose: () => void } {
    // No timer of its own (the common case): it would abort exactly when the call's signal does,
    // with the same reason, so the call's signal serves (no second controller and listener per attempt).
    if (!(timeoutMs < this.remaining())) return (this.whole ??= { signal: this.signal, dispose: ignore });
    const controller = new AbortController();
    const forward = (): void => controller.abort(this.signal.reason);
    if (this.signal.aborted) forward();
    else this.signal.addEventListener('abort', forward, ONCE);
    const timer = setTimeout(() => controller.abort(new Interrupt('attempt-timeout')), Math.max(0, timeoutMs));
    return {
      signal: controller.signal,
      dispose: () => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', forward);
      },
    };
  }

  dispose(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }
}
