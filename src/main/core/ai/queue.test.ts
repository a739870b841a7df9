// The queue's slots: a job whose answer has fully arrived only stores its results, so the next
// request goes out meanwhile; never more storing than twice the concurrency less one.
import { describe, expect, it } from 'vitest';
import type { AiProgress } from '../../../shared/ai';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { JobStore, type NewJob } from './job-store';
import { AiQueue } from './queue';
import type { JobRunner, Progress, RunOutcome } from './runner';
import { testJob } from './test-jobs';

const job = (id: string, position: number): NewJob => testJob(id, { position, prompt: `prompt ${id}` });

interface FakeRun {
  progress: Progress;
  end(outcome: RunOutcome): void;
}

/** A queue over real job rows whose runner only records what started, for the test to drive. */
function queueWith(ids: string[], concurrency: number) {
  const { db } = openDatabase(':memory:', defaultMigrationsDir);
  const jobs = new JobStore(db);
  ids.forEach((id, i) => jobs.insert(job(id, i + 1)));
  const runs = new Map<string, FakeRun>();
  let accountReads = 0;
  const runner: Pick<JobRunner, 'run'> = {
    run: (row, _signal, progress) =>
      new Promise<RunOutcome>((end) => {
        runs.set(row.id, { progress, end });
      }),
  };
  const queue = new AiQueue({
    jobs,
    // The queue only calls `run`; the rest of the runner is not involved here.
    runner: runner as JobRunner,
    now: () => Date.now(),
    logger: { log() {}, debug() {}, info() {}, warn() {}, error() {} },
    notifier: { notify() {} },
    account: () => {
      accountReads += 1;
      return 'acct';
    },
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
    load: () => ({ concurrency }),
    save: () => undefined,
    changed: () => undefined,
  });
  const run = (id: string): FakeRun => {
    const r = runs.get(id);
    if (!r) throw new Error(`${id} did not start`);
    return r;
  };
  return { queue, started: () => [...runs.keys()], run, accountReads: () => accountReads, close: () => db.close() };
}

/** One turn of the event loop: the pump a kick asked for has run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const receiving: AiProgress = { phase: 'receiving', fraction: 0.5 };

describe('AiQueue slots', () => {
  it('sends the next request while a job stores what it received, within the room for storing', async () => {
    const q = queueWith(['a', 'b', 'c', 'd', 'e'], 2);
    try {
      q.queue.start();
      await turn();
      expect(q.started()).toEqual(['a', 'b']);
      // Still downloading: the slot is held.
      q.run('a').progress(receiving);
      await turn();
      expect(q.started()).toEqual(['a', 'b']);
      q.run('a').progress.received?.();
      await turn();
      expect(q.started()).toEqual(['a', 'b', 'c']);
      // Two storing and c on the network: room for d.
      q.run('b').progress.received?.();
      await turn();
      expect(q.started()).toEqual(['a', 'b', 'c', 'd']);
      // Three storing (twice the concurrency, less one): no new request until one of them is done.
      q.run('c').progress.received?.();
      await turn();
      expect(q.started()).toEqual(['a', 'b', 'c', 'd']);
      q.run('a').end({ kind: 'succeeded' });
      await turn();
      await turn();
      expect(q.started()).toEqual(['a', 'b', 'c', 'd', 'e']);
    } finally {
      await q.queue.close();
      q.close();
    }
  });

  it('a kick while every slot is busy reads nothing; the job that frees a slot starts the next', async () => {
    const q = queueWith(['a', 'b', 'c'], 1);
    try {
      q.queue.start();
      await turn();
      expect(q.started()).toEqual(['a']);
      const reads = q.accountReads();
      // Submits while a runs: no room, so no account, session or row is read for them.
      for (let i = 0; i < 3; i += 1) {
        q.queue.kick();
        await turn();
      }
      expect(q.accountReads()).toBe(reads);
      q.run('a').end({ kind: 'succeeded' });
      await turn();
      await turn();
      expect(q.started()).toEqual(['a', 'b']);
      expect(q.accountReads()).toBeGreaterThan(reads);
    } finally {
      await q.queue.close();
      q.close();
    }
  });

  it('at concurrency 1 a job that only stores still holds the queue: one at a time', async () => {
    const q = queueWith(['a', 'b'], 1);
    try {
      q.queue.start();
      await turn();
      q.run('a').progress.received?.();
      await turn();
      expect(q.started()).toEqual(['a']);
      q.run('a').end({ kind: 'succeeded' });
      await turn();
      await turn();
      expect(q.started()).toEqual(['a', 'b']);
    } finally {
      await q.queue.close();
      q.close();
    }
  });
});
