import type { MetaStore } from '../meta-store';
import type { Clock, Logger, Notifier } from '../ports';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { AssetSql } from '../library/library-sql';
import { Scheduled, type ScheduledGroup, type ScheduledRow } from './scheduled-sql';
import { titleOf } from './titles';

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface RemindersDeps {
  store: RecordStore;
  workspace: Workspace;
  meta: MetaStore;
  notifier: Notifier;
  clock: Clock;
  /** Called once per item and time, after its notification (automations' scheduled_time trigger). */
  onDue?: (group: ScheduledGroup, id: string) => void;
  logger?: Logger;
  /** What the post breaks on its channels when it comes due (pre-flight warnings, in words). */
  check?: (row: ScheduledRow) => string[];
  /** Defaults to setTimeout; tests pass inert timers and call tick(). */
  timers?: Timers;
}

/** An item whose time passed longer ago than this while Atelier was closed is not announced late. */
export const LATE_LIMIT_MS = 10 * 60 * 1000;
/** The timer never sleeps longer: the wall clock may jump (sleep, clock changes) under a long timeout. */
const MAX_SLEEP_MS = 60 * 1000;
const KEY = 'planner.reminders.notified';

export const realTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Announces scheduled posts and queue items when their time arrives, while the app runs. What was
 * announced is kept by item and time in app_meta, so a restart does not repeat it and a new time
 * for the same item is announced again.
 */
export class Reminders {
  private timer: unknown = null;
  private running = false;
  private readonly timers: Timers;
  private readonly scheduled: Scheduled;
  private readonly assets: AssetSql;

  constructor(private readonly deps: RemindersDeps) {
    this.timers = deps.timers ?? realTimers;
    this.scheduled = new Scheduled(deps.store.db);
    this.assets = new AssetSql(deps.store.db);
  }

  start(): void {
    this.running = true;
    this.tick();
  }

  close(): void {
    this.running = false;
    this.clearTimer();
  }

  /** Posts or queue items changed: something may now be due sooner (or later). */
  replan(): void {
    if (this.running) this.tick();
  }

  /** Announce what is due now and set the timer for what comes next. */
  tick(): void {
    if (!this.running) return;
    this.clearTimer();
    const now = this.deps.clock.now();
    try {
      this.announce(now);
    } catch (e) {
      this.deps.logger?.warn('could not check scheduled reminders', { error: e });
    }
    this.plan(now);
  }

  private announce(now: number): void {
    const account = this.deps.workspace.account();
    // Published posts are done: their time arriving is no news.
    const due = this.scheduled
      .between(account, now - LATE_LIMIT_MS, now + 1)
      .filter((r) => r.group !== 'posts' || r.fields.status !== 'published');
    if (due.length === 0) return;
    const notified = this.deps.meta.get<Record<string, number>>(KEY) ?? {};
    const fresh = due.filter((r) => notified[keyOf(r)] === undefined);
    if (fresh.length === 0) return;
    // Kept before announcing: a crash in between loses a reminder rather than repeating it.
    const kept: Record<string, number> = {};
    for (const [k, at] of Object.entries(notified)) if (at >= now - LATE_LIMIT_MS - MAX_SLEEP_MS) kept[k] = at;
    for (const r of fresh) kept[keyOf(r)] = r.ms;
    this.deps.meta.set(KEY, kept);
    for (const row of fresh) {
      try {
        this.deps.notifier.notify({ ...this.message(row), route: 'planner', item: { group: row.group, id: row.id } });
        this.deps.onDue?.(row.group, row.id);
      } catch (e) {
        this.deps.logger?.warn('a scheduled reminder failed', { group: row.group, id: row.id, error: e });
      }
    }
  }

  /**
   * The reminders announced lately (kept by item and time), with their titles; an item since removed, published or
   * moved to another time is left out. A read accessor for the inbox.
   */
  announced(): { group: ScheduledGroup; id: string; at: number; title: string }[] {
    const notified = this.deps.meta.get<Record<string, number>>(KEY) ?? {};
    return Object.keys(notified).flatMap((key) => {
      const m = /^(posts|mediaQueue):(.+)@(-?\d+)$/.exec(key);
      if (!m) return [];
      const group: ScheduledGroup = m[1] === 'posts' ? 'posts' : 'mediaQueue';
      const row = this.scheduled.one(group, m[2] ?? '');
      if (!row || row.ms !== Number(m[3]) || (group === 'posts' && row.fields.status === 'published')) return [];
      return [{ group, id: row.id, at: row.ms, title: this.message(row).body }];
    });
  }

  private message(row: ScheduledRow): { title: string; body: string } {
    const title = titleOf(row, (id) => this.assets.name(id) || undefined);
    const channel =
      typeof row.fields.channel === 'string' && row.fields.channel.trim() !== '' ? row.fields.channel.trim() : null;
    if (row.group === 'posts') {
      // Checked again now it is due: the media or the channel may have changed since it was scheduled.
      const broken = this.deps.check?.(row) ?? [];
      const body =
        broken.length === 0
          ? title
          : `${title}\nDoes not fit: ${broken[0]}${broken.length > 1 ? ` (and ${broken.length - 1} more)` : ''}`;
      return { title: channel ? `Time to post on ${channel}` : 'Time to post', body };
    }
    return { title: channel ? `Queue item due on ${channel}` : 'Queue item due', body: title };
  }

  private plan(now: number): void {
    if (!this.running) return;
    const [next] = this.scheduled.between(this.deps.workspace.account(), now + 1, now + MAX_SLEEP_MS + 1);
    this.timer = this.timers.set(() => this.tick(), next ? Math.max(0, next.ms - now) : MAX_SLEEP_MS);
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }
}

const keyOf = (row: ScheduledRow): string => `${row.group}:${row.id}@${row.ms}`;
