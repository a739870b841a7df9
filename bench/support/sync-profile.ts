// Where our drain spends the event loop (the sandbox runs on the same loop): the drain's own
// transactions, reads of what is due and of where records stand, status events; as is, and with
// the whole database at synchronous=NORMAL for reference. Printed when the sync benchmark misses
// its target (or when asked).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import { median, ms, table, type Log } from './report';
import { oursSetup, watchPull, type Change } from './sync-sides';

export interface Profile {
  label: string;
  /** The plain fetch loop's rate in a round run right next to this one. */
  baselineRate: number;
  drainSeconds: number;
  changesPerSecond: number;
  /** Event loop utilization over the whole run() (0..1). */
  loopBusy: number;
  /**
   * Synchronous time on the event loop, ms (the sandbox shares the loop, so it all counts), of the
   * drain's own transactions: acknowledgements stored with the next batch's freeze, or on their own.
   */
  ackMs: number;
  acks: number;
  ackCommits: number;
  dueHeadsMs: number;
  dueHeadsCalls: number;
  /** Reads of where a record stands with the platform (made in the transaction that freezes a batch). */
  refsMs: number;
  /** Records whose place with the platform was read (a batch's records are read in one statement). */
  refsCalls: number;
  statusMs: number;
  statusCalls: number;
  logAdds: number;
}

// ---------------------------------------------------------------------------------------------
// Profile: where our drain spends the event loop (the sandbox runs on the same loop).

type Patchable = Record<string, unknown>;

interface EngineInternals {
  deps: { writer: Patchable; log: Patchable };
}

function timed<T extends (...args: never[]) => unknown>(fn: T, into: { ms: number; calls: number }): T {
  return ((...args: never[]) => {
    const started = performance.now();
    try {
      return fn(...args);
    } finally {
      into.ms += performance.now() - started;
      into.calls++;
    }
  }) as T;
}

type Variant = 'as-is' | 'all-normal';

async function profileRun(
  changes: Change[],
  concurrency: number,
  label: string,
  variant: Variant,
): Promise<Omit<Profile, 'baselineRate'>> {
  const setup = await oursSetup(changes, concurrency);
  const { core } = setup;
  try {
    const engine = core.sync as unknown as Patchable & EngineInternals;
    const { writer, log } = engine.deps;
    const store = core.store as unknown as Patchable;
    if (variant === 'all-normal') core.db.pragma('synchronous = NORMAL');
    const ack = { ms: 0, calls: 0, commits: 0 };
    const due = { ms: 0, calls: 0 };
    const refs = { ms: 0, calls: 0 };
    const status = { ms: 0, calls: 0 };
    const logs = { ms: 0, calls: 0 };
    engine.dueHeads = timed((engine.dueHeads as (...a: never[]) => unknown).bind(engine), due);
    engine.status = timed((engine.status as (...a: never[]) => unknown).bind(engine), status);
    store.remoteRef = timed((store.remoteRef as (...a: never[]) => unknown).bind(store), refs);
    // A batch's records are read in one call: counted per record, as a read of one record is.
    const readMany = (store.remoteRefs as (group: unknown, ids: unknown[]) => unknown).bind(store);
    store.remoteRefs = (group: unknown, ids: unknown[]) => {
      const started = performance.now();
      try {
        return readMany(group, ids);
      } finally {
        refs.ms += performance.now() - started;
        refs.calls += ids.length;
      }
    };
    log.add = timed((log.add as (...a: never[]) => unknown).bind(log), logs);
    for (const name of ['ackMany', 'ackThen'] as const) {
      const inner = (writer[name] as (acks: unknown[], ...rest: unknown[]) => unknown).bind(writer);
      writer[name] = (acks: unknown[], ...rest: unknown[]) => {
        const started = performance.now();
        try {
          return inner(acks, ...rest);
        } finally {
          ack.ms += performance.now() - started;
          ack.calls += acks.length;
          ack.commits++;
        }
      };
    }
    const watch = watchPull(core);
    const elu = performance.eventLoopUtilization();
    const started = performance.now();
    await core.sync.run();
    const drainSeconds = ((watch.pullStartedAt() ?? performance.now()) - started) / 1000;
    const loopBusy = performance.eventLoopUtilization(elu).utilization;
    const left = (core.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
    if (left !== 0) throw new Error(`profile (${label}): ${left} changes left in the outbox`);
    return {
      label,
      drainSeconds,
      changesPerSecond: changes.length / drainSeconds,
      loopBusy,
      ackMs: ack.ms,
      acks: ack.calls,
      ackCommits: ack.commits,
      dueHeadsMs: due.ms,
      dueHeadsCalls: due.calls,
      refsMs: refs.ms,
      refsCalls: refs.calls,
      statusMs: status.ms,
      statusCalls: status.calls,
      logAdds: logs.calls,
    };
  } finally {
    await setup.stop();
  }
}

/** The cost of one small commit (a one-row upsert) on a fresh core database, for scale. */
async function commitCost(synchronous: 'FULL' | 'NORMAL'): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-fsync-'));
  try {
    const deps = nodeDeps({ dataDir: dir, host: 'test', quiet: true });
    deps.sync = { autoStart: false };
    const core = createCore(deps);
    core.db.pragma(`synchronous = ${synchronous}`);
    const stmt = core.db.prepare(
      "INSERT INTO app_meta (key, value) VALUES ('bench', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    );
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      core.db.transaction(() => stmt.run(JSON.stringify(i)))();
      times.push(performance.now() - started);
    }
    await core.close();
    return median(times);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Profiles our drain twice (as is, and the whole database at synchronous=NORMAL), each run paired
 * with a round of the plain client (`baseline` runs one and gives its rate), and prints the table.
 */
export async function profileDrain(
  changes: Change[],
  concurrency: number,
  baseline: () => Promise<number>,
  log: Log,
): Promise<Profile[]> {
  const profiles: Profile[] = [];
  log('');
  log('profile of our drain (one run each; ms of synchronous work on the event loop the sandbox shares):');
  // The machine's speed drifts (other work, disk flushes): each profile run is paired with a
  // baseline round run right next to it (alternating which goes first), and compared with that.
  const variants: [string, Variant][] = [
    ['as is: acks stored with the next batch (FULL), or on their own with synchronous=NORMAL', 'as-is'],
    ['reference: whole database synchronous=NORMAL', 'all-normal'],
  ];
  for (const [i, [label, variant]] of variants.entries()) {
    let adjacentRate: number;
    let profile: Omit<Profile, 'baselineRate'>;
    if (i % 2 === 0) {
      adjacentRate = await baseline();
      profile = await profileRun(changes, concurrency, label, variant);
    } else {
      profile = await profileRun(changes, concurrency, label, variant);
      adjacentRate = await baseline();
    }
    profiles.push({ ...profile, baselineRate: adjacentRate });
  }
  table(
    log,
    [
      'drain',
      'seconds',
      'changes/s',
      'adjacent baseline/s',
      'ratio',
      'loop busy',
      'ack+freeze tx ms (acks/commits)',
      'dueHeads ms (calls)',
      'remote refs ms (records)',
      'status() ms (calls)',
      'log.add calls',
    ],
    profiles.map((p) => [
      p.label,
      p.drainSeconds.toFixed(2),
      p.changesPerSecond.toFixed(0),
      p.baselineRate.toFixed(0),
      (p.changesPerSecond / p.baselineRate).toFixed(2),
      `${(p.loopBusy * 100).toFixed(0)}%`,
      `${p.ackMs.toFixed(0)} (${p.acks}/${p.ackCommits})`,
      `${p.dueHeadsMs.toFixed(0)} (${p.dueHeadsCalls})`,
      `${p.refsMs.toFixed(0)} (${p.refsCalls})`,
      `${p.statusMs.toFixed(0)} (${p.statusCalls})`,
      String(p.logAdds),
    ]),
  );
  const full = await commitCost('FULL');
  const normal = await commitCost('NORMAL');
  log(
    `one small commit on this disk: ${ms(full)} ms with synchronous=FULL, ${ms(normal)} ms with NORMAL (WAL); ` +
      `median of 200`,
  );
  const asIs = profiles[0]!;
  log(
    `as is, the drain's transactions (acknowledgements, ` +
      `reading and freezing batches) hold the event loop ${(asIs.ackMs / 1000).toFixed(2)} s ` +
      `of the ${asIs.drainSeconds.toFixed(2)} s drain (${asIs.acks} acks in ${asIs.ackCommits} commits)`,
  );
  return profiles;
}
