// Backup while the app writes: BackupStore.take (SQLite's online backup of the live database
// into a copy, by a read-only connection on a worker thread — one consistent snapshot — then the
// copy's facts and integrity_check there too) of a database of BENCH_BACKUP_MB megabytes (default
// 1024, about 700,000 records of ~1.4 KB), while a writer commits one small change after another
// on the app's connection, against the same backup with no writer (the floor). Targets: throughput
// ratio ≥ 0.7, and the longest pause the writer sees ≤ 50 ms. Rounds alternate; medians compared.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BackupStore } from '../src/main/core/backup/backup-store';
import { openDatabase, type Db } from '../src/main/core/db/open';
import { createLogger } from '../src/main/core/logger';
import { defaultMigrationsDir } from '../src/main/core/node-deps';
import { SecretRegistry } from '../src/main/core/redact';
import { prng } from '../test/support/prng';
import { median, ms, table, type Log } from './support/report';

const MB = 1024 * 1024;
const TARGET_RATIO = 0.7;
const TARGET_PAUSE_MS = 50;
const BATCH = 10_000;

export interface BackupBenchOptions {
  sizeMb: number;
  /** Rounds per side (default 3, alternating which side goes first); the median counts. */
  rounds?: number;
  log?: Log;
}

export interface BackupBenchResult {
  sizeBytes: number;
  records: number;
  floorMBps: number;
  withWriterMBps: number;
  ratio: number;
  /** The longest the writer waited between two of its changes while a backup ran, ms (worst round). */
  longestPauseMs: number;
  /** The longest pause the writer saw with no backup running (what the machine itself costs). */
  quietPauseMs: number;
  /** Changes the writer committed during the backups. */
  writes: number;
  met: boolean;
  /** The temp folder used (removed before returning). */
  workDir: string;
}

/**
 * Posts of about a kilobyte each (text, tags and index entries), in transactions of 10,000, until the file reaches the
 * size.
 */
function fill(db: Db, file: string, sizeBytes: number): number {
  const rand = prng(7);
  const insert = db.prepare(
    'INSERT INTO posts (id, account_id, data, created_at, updated_at, sync_state) ' +
      "VALUES (?, 'bench', ?, ?, ?, 'synced')",
  );
  const words = [
    'launch',
    'summer',
    'studio',
    'behind the scenes',
    'giveaway',
    'new series',
    'tutorial',
    'live',
    'collab',
    'preview',
  ];
  let records = 0;
  const now = Date.now();
  while (fs.statSync(file).size + (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0) < sizeBytes) {
    db.transaction(() => {
      for (let i = 0; i < BATCH; i++, records++) {
        const text = Array.from({ length: 110 }, () => words[Math.floor(rand() * words.length)]).join(' ');
        insert.run(
          crypto.randomUUID(),
          JSON.stringify({ text, status: 'draft', channel: `ch${records % 5}` }),
          now - records,
          now - records,
        );
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  }
  return records;
}

/**
 * Commit one small change after another (each its own transaction) until stopped; records the longest wait between two.
 */
function startWriter(db: Db): { stop(): { writes: number; longestPauseMs: number } } {
  const update = db.prepare("UPDATE posts SET data = json_set(data, '$.status', ?), updated_at = ? WHERE rowid = ?");
  const rows = Number(db.prepare('SELECT max(rowid) FROM posts').pluck().get());
  let running = true;
  let writes = 0;
  let longest = 0;
  let last = performance.now();
  const tick = () => {
    if (!running) return;
    const now = performance.now();
    longest = Math.max(longest, now - last);
    update.run(writes % 2 ? 'ready' : 'draft', Date.now(), 1 + ((writes * 7919) % rows));
    writes++;
    last = performance.now();
    setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      return { writes, longestPauseMs: longest };
    },
  };
}

async function timedBackup(store: BackupStore, db: Db): Promise<number> {
  const started = performance.now();
  const view = await store.take(db, 'manual');
  if (!view.ok) throw new Error(`the backup failed its check: ${view.problem ?? ''}`);
  return (performance.now() - started) / 1000;
}

export async function runBackupBench(options: BackupBenchOptions): Promise<BackupBenchResult> {
  const log = options.log ?? console.log;
  const rounds = options.rounds ?? 3;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-backup-'));
  try {
    const file = path.join(work, 'atelier.db');
    const { db } = openDatabase(file, defaultMigrationsDir);
    const seedStart = performance.now();
    const records = fill(db, file, options.sizeMb * MB);
    const sizeBytes = fs.statSync(file).size;
    log(
      `database: ${(sizeBytes / MB).toFixed(0)} MB, ${records} records (built ` +
        `in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`,
    );
    const store = new BackupStore({
      dir: path.join(work, 'backups'),
      now: Date.now,
      appVersion: 'bench',
      retention: () => ({ daily: 1, weekly: 0 }),
      logger: createLogger([], new SecretRegistry()),
    });
    // The writer alone, no backup: how long this machine makes it wait anyway (the floor for pauses).
    const alone = startWriter(db);
    await new Promise((r) => setTimeout(r, 2000));
    const quiet = alone.stop();
    log(`the writer alone for 2 s: ${quiet.writes} changes, longest pause ${ms(quiet.longestPauseMs)} ms`);
    const times: { side: 'floor' | 'writer'; round: number; seconds: number; writes: number; pause: number }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const order: ('floor' | 'writer')[] = round % 2 ? ['floor', 'writer'] : ['writer', 'floor'];
      for (const side of order) {
        const writer = side === 'writer' ? startWriter(db) : null;
        const seconds = await timedBackup(store, db);
        const seen = writer?.stop() ?? { writes: 0, longestPauseMs: 0 };
        times.push({ side, round, seconds, writes: seen.writes, pause: seen.longestPauseMs });
      }
    }
    db.close();
    const rate = (seconds: number) => sizeBytes / MB / seconds;
    table(
      log,
      ['side', 'round', 'seconds', 'MB/s', 'writes', 'longest pause ms'],
      times.map((t) => [
        t.side,
        String(t.round),
        t.seconds.toFixed(2),
        rate(t.seconds).toFixed(0),
        String(t.writes),
        t.side === 'writer' ? ms(t.pause) : '-',
      ]),
    );
    const floorMBps = rate(median(times.filter((t) => t.side === 'floor').map((t) => t.seconds)));
    const withWriterMBps = rate(median(times.filter((t) => t.side === 'writer').map((t) => t.seconds)));
    const ratio = withWriterMBps / floorMBps;
    const writerRounds = times.filter((t) => t.side === 'writer');
    const longestPauseMs = Math.max(...writerRounds.map((t) => t.pause));
    const writes = writerRounds.reduce((n, t) => n + t.writes, 0);
    const met = ratio >= TARGET_RATIO && longestPauseMs <= TARGET_PAUSE_MS;
    log('');
    log(`ratio with writer/floor: ${ratio.toFixed(3)}  (target ≥ ${TARGET_RATIO})`);
    log(
      `longest pause the writer saw: ${ms(longestPauseMs)} ms  (target ≤ ${TARGET_PAUSE_MS} ms; ` +
        `${writes} changes committed during the backups)`,
    );
    log(met ? 'targets met' : `BELOW TARGET: ratio ${ratio.toFixed(3)}, longest pause ${ms(longestPauseMs)} ms`);
    return {
      sizeBytes,
      records,
      floorMBps,
      withWriterMBps,
      ratio,
      longestPauseMs,
      quietPauseMs: quiet.longestPauseMs,
      writes,
      met,
      workDir: work,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sizeMb = Number(process.env.BENCH_BACKUP_MB ?? 1024);
  if (!Number.isFinite(sizeMb) || sizeMb <= 0)
    throw new Error(`BENCH_BACKUP_MB must be a positive number of megabytes, got "${process.env.BENCH_BACKUP_MB}"`);
  console.log(
    `Backup benchmark: node ${process.version}, ${os.cpus().length} CPUs, ${sizeMb} MB database, ` +
      `temp folder in ${os.tmpdir()}`,
  );
  await runBackupBench({ sizeMb });
}

// Run only as a script (`tsx bench/backup.ts`), not when the smoke test imports it.
if (/[\\/]bench[\\/]backup\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
