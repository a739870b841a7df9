// Every expiry decision reads this clock, so tests can move time instead of waiting.

export interface SandboxClock {
  /** Current time in epoch milliseconds, including any advance. */
  now(): number;
  /** Moves the sandbox's time forward (or back, with a negative value). */
  advance(ms: number): void;
  /** Total milliseconds advanced so far. */
  offset(): number;
}

export function createClock(base: () => number): SandboxClock {
  let offset = 0;
  return {
    now: () => base() + offset,
    advance: (ms) => {
      offset += ms;
    },
    offset: () => offset,
  };
}

/** ISO 8601 with milliseconds, the only time format the sandbox sends. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
