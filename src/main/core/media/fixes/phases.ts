/** One step of a fix and how long it took, in ms. */
export interface PhaseTime {
  phase: string;
  ms: number;
}

/**
 * The steps of one fix, timed one after the other (check, wait, prepare, tool, store…): kept beside
 * the job so a benchmark can show where a fix spends its time beyond the tool itself.
 */
export class Phases {
  private last = performance.now();
  private readonly times: PhaseTime[] = [];

  /** Ends the step running now, named `phase`; the next one starts at once. */
  mark(phase: string): void {
    const now = performance.now();
    this.times.push({ phase, ms: now - this.last });
    this.last = now;
  }

  list(): PhaseTime[] {
    return this.times.map((t) => ({ ...t }));
  }
}
