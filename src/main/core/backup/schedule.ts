import type { Logger } from '../ports';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export interface ScheduleOptions {
  /** Take the daily backup. */
  take: () => Promise<unknown>;
  /** When the newest backup was taken (epoch ms), or null. */
  last: () => number | null;
  now: () => number;
  logger: Logger;
  /** The first look comes this long after start, once the window is up (default 30 s). */
  startDelayMs?: number;
  /** How often to look whether a day has passed; the clock decides, so a sleeping machine catches up. */
  tickMs?: number;
  intervalMs?: number;
}

/** A backup at start when the newest is older than a day, then one a day while Atelier runs. */
export class BackupSchedule {
  private timers: NodeJS.Timeout[] = [];
  private taking = false;

  constructor(private readonly options: ScheduleOptions) {}

  start(): void {
    if (this.timers.length) return;
    const { startDelayMs = 30_000, tickMs = HOUR } = this.options;
    this.timers.push(
      setTimeout(() => void this.check(), startDelayMs).unref(),
      setInterval(() => void this.check(), tickMs).unref(),
    );
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  /**
   * A backup dated in the future (a clock set back, a copied folder) is not recent: it must not stop the daily ones.
   */
  private recent(): boolean {
    const last = this.options.last();
    if (last === null) return false;
    const age = this.options.now() - last;
    return age >= 0 && age < (this.options.intervalMs ?? DAY);
  }

  /** Back up if a day has passed since the newest backup; true when one was taken. */
  async check(): Promise<boolean> {
    if (this.taking || this.recent()) return false;
    this.taking = true;
    try {
      await this.options.take();
      return true;
    } catch (e) {
      this.options.logger.error('the daily backup failed', { error: e });
      return false;
    } finally {
      this.taking = false;
    }
  }
}
