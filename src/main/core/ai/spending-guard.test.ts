import { afterEach, describe, expect, it, vi } from 'vitest';
import { noSpendingLimits, SpendingLimits } from '../../../shared/settings';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { JobStore } from './job-store';
import { AiQueue } from './queue';
import type { JobRunner, RunOutcome } from './runner';
import { SpendingGuard } from './spending-guard';
import { testJob } from './test-jobs';

const TOKYO = 'Asia/Tokyo';

/** A job store, a guard over it in `zone`, and a clock the test moves. */
function setup(limits: Partial<SpendingLimits>, zone = TOKYO, start = '2026-11-24T14:00:00Z') {
  const { db } = openDatabase(':memory:', defaultMigrationsDir);
  const jobs = new JobStore(db);
  let now = Date.parse(start);
  let current: SpendingLimits = { ...noSpendingLimits, ...limits };
  const guard = new SpendingGuard({
    jobs,
    account: () => 'acct',
    limits: () => current,
    zone: () => zone,
    now: () => now,
  });
  let n = 0;
  /** A job that started at `at` (ISO). */
  const started = (at: string, operation: 'text2image' | 'text2video' = 'text2image') => {
    n += 1;
    const id = `s${n}`;
    jobs.insert(testJob(id, { position: n, operation }));
    jobs.markRunning(id, Date.parse(at));
  };
  return {
    db,
    jobs,
    guard,
    started,
    setNow: (iso: string) => (now = Date.parse(iso)),
    setLimits: (l: Partial<SpendingLimits>) => (current = { ...current, ...l }),
  };
}

describe('SpendingGuard counts', () => {
  it('counts the local day: a limit reached before midnight in Tokyo frees at its midnight', () => {
    const s = setup({ daily: 2 });
    // 23:00 and 23:40 on 24 November in Tokyo; one the day before does not count.
    s.started('2026-11-23T14:59:00Z');
    s.started('2026-11-24T14:00:00Z');
    s.started('2026-11-24T14:40:00Z');
    s.setNow('2026-11-24T14:50:00Z');
    expect(s.guard.admit('text2image')).toMatch(/Paused by your spending limit: 2 of 2 AI jobs today/);
    expect(s.guard.nextReset()).toBe(Date.parse('2026-11-24T15:00:00Z'));
    s.setNow('2026-11-24T15:00:01Z');
    expect(s.guard.admit('text2image')).toBeNull();
    s.db.close();
  });

  it('counts the calendar month in the zone across a month end', () => {
    const s = setup({ monthly: 3 }, 'America/Los_Angeles', '2026-11-30T12:00:00Z');
    s.started('2026-11-01T08:00:00Z'); // 1 November, 01:00 local
    s.started('2026-11-15T12:00:00Z');
    s.started('2026-12-01T07:30:00Z'); // 30 November 23:30 local: still November
    s.setNow('2026-12-01T07:45:00Z');
    expect(s.guard.view().month.total).toBe(3);
    expect(s.guard.admit('text2image')).toMatch(/3 of 3 AI jobs this month/);
    s.setNow('2026-12-01T08:00:00Z'); // 1 December, 00:00 local
    expect(s.guard.view().month.total).toBe(0);
    expect(s.guard.admit('text2image')).toBeNull();
    s.db.close();
  });

  it('counts a DST day of 25 hours as one day', () => {
    const s = setup({ daily: 1 }, 'Europe/Paris', '2026-10-25T22:30:00Z');
    s.started('2026-10-24T22:30:00Z'); // 25 October, 00:30 local (summer time)
    expect(s.guard.admit('text2image')).toMatch(/1 of 1/);
    s.setNow('2026-10-25T23:00:00Z'); // 26 October, 00:00 local (winter time)
    expect(s.guard.admit('text2image')).toBeNull();
    s.db.close();
  });

  it('holds only the operation whose own limit is reached', () => {
    const s = setup({ perOperation: { text2image: { daily: 1, monthly: null } } });
    s.started('2026-11-24T13:00:00Z');
    expect(s.guard.admit('text2image')).toMatch(/text2image jobs today/);
    expect(s.guard.admit('text2video')).toBeNull();
    s.db.close();
  });

  it('warns at 80% and pauses at the limit, with the cost when one is entered', () => {
    const s = setup({ daily: 5, costPerJob: 0.25, currency: 'EUR' });
    for (let i = 0; i < 3; i += 1) s.started('2026-11-24T13:00:00Z');
    expect(s.guard.view().state).toBe('ok');
    s.started('2026-11-24T13:10:00Z');
    const warning = s.guard.view();
    expect(warning.state).toBe('warning');
    expect(warning.message).toBe('4 of 5 AI jobs today: the queue pauses at the limit.');
    expect(warning.today.cost).toBe(1);
    s.started('2026-11-24T13:20:00Z');
    expect(s.guard.view().state).toBe('paused');
    s.db.close();
  });

  it('lets exactly one job past the limit when asked to run anyway once', () => {
    const s = setup({ daily: 1 });
    s.started('2026-11-24T13:00:00Z');
    s.guard.allowOnce();
    expect(s.guard.view().overrideArmed).toBe(true);
    expect(s.guard.admit('text2image')).toBeNull();
    expect(s.guard.admit('text2image')).not.toBeNull();
    s.db.close();
  });
});

describe('spending limits in settings', () => {
  it('refuses bad limits in words', () => {
    const message = (v: unknown) => {
      const r = SpendingLimits.safeParse({ ...noSpendingLimits, ...(v as object) });
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(message({ daily: 0 })).toBe('A limit is at least 1 job; leave it empty for no limit.');
    expect(message({ monthly: 2.5 })).toBe('A limit is a whole number of jobs.');
    expect(message({ costPerJob: -1 })).toBe('A cost per job cannot be negative.');
    expect(message({ costPerJob: Number.MAX_VALUE })).toBe('A cost per job is at most 1,000,000.');
    expect(message({ currency: ' ' })).toBe('Name the currency (e.g. EUR).');
    expect(message({ daily: 10, monthly: 100, costPerJob: 0 })).toBeNull();
  });
});

describe('AiQueue with the spending guard', () => {
  afterEach(() => vi.useRealTimers());

  /** A queue over real rows whose runner never ends a job: what started is what counts. */
  function queueOver(limits: Partial<SpendingLimits>, ids: string[]) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-24T14:00:00Z')); // 23:00 in Tokyo
    const s = setup(limits);
    const guard = new SpendingGuard({
      jobs: s.jobs,
      account: () => 'acct',
      limits: () => ({ ...noSpendingLimits, ...limits }),
      zone: () => TOKYO,
      now: () => Date.now(),
    });
    ids.forEach((id, i) => s.jobs.insert(testJob(id, { position: 100 + i })));
    const started: string[] = [];
    const runner: Pick<JobRunner, 'run'> = {
      run: (row) => {
        started.push(row.id);
        return new Promise<RunOutcome>(() => undefined);
      },
    };
    const queue = new AiQueue({
      jobs: s.jobs,
      runner: runner as JobRunner,
      now: () => Date.now(),
      logger: { log() {}, debug() {}, info() {}, warn() {}, error() {} },
      notifier: { notify() {} },
      account: () => 'acct',
      session: () => ({
        mode: 'token',
        state: 'active',
        signedIn: true,
        userLabel: null,
        accountId: 'acct',
        expiresAt: null,
        message: null,
        apiKey: null,
      }),
      load: () => ({ concurrency: 10 }),
      save: () => undefined,
      changed: () => undefined,
      guard,
    });
    return { queue, guard, started, close: () => void queue.close().then(() => s.db.close()) };
  }

  it('keeps a job over the limit queued with the reason, and resumes by itself the next day', async () => {
    const q = queueOver({ daily: 2 }, ['a', 'b', 'c']);
    q.queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual(['a', 'b']);
    const status = q.queue.status();
    expect(status.queued).toBe(1);
    expect(status.waiting).toMatch(/^Paused by your spending limit: 2 of 2 AI jobs today/);
    // Nothing starts during the rest of the day…
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(q.started).toEqual(['a', 'b']);
    // …and the job starts by itself once Tokyo's midnight has passed.
    await vi.advanceTimersByTimeAsync(60_010);
    expect(q.started).toEqual(['a', 'b', 'c']);
    expect(q.queue.status().waiting).toBeNull();
    q.close();
  });

  it('starts exactly one more job on "run anyway once"', async () => {
    const q = queueOver({ daily: 1 }, ['a', 'b', 'c']);
    q.queue.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual(['a']);
    q.guard.allowOnce();
    q.queue.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual(['a', 'b']);
    q.queue.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(q.started).toEqual(['a', 'b']);
    q.close();
  });
});
