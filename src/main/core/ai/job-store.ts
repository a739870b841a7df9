import fs from 'node:fs';
import type { AiJobState, AiJobView, AiMediaKind, AiOutputView, AiParams, AiProgress } from '../../../shared/ai';
import type { AppError } from '../../../shared/errors';
import type { AiOperation } from '../../../shared/profile';
import { SYNCHRONOUS, type Db } from '../db/open';
import { Statements } from '../db/statements';
import { ftsQuery } from '../library/fts-query';

/** What the palette shows of a job it found. */
export interface JobHitRow {
  id: string;
  prompt: string | null;
  result_text: string | null;
  operation: string;
  model_id: string;
  state: string;
  created_at: number;
  thumb: string | null;
}

/** The palette's job search (see JobStore.hits); exported so the benchmark runs the same text raw. */
export const JOB_HITS_SQL = `SELECT j.id, j.prompt, j.result_text, j.operation, j.model_id, j.state, j.created_at,
    (SELECT coalesce(o.thumb_sha256, CASE WHEN o.kind = 'image' THEN o.sha256 END) FROM ai_outputs o
      WHERE o.job_id = j.id ORDER BY o.idx LIMIT 1) AS thumb
  FROM ai_fts f CROSS JOIN ai_jobs j ON j.rowid = f.rowid
  WHERE f.ai_fts MATCH ? AND j.account_id = ? ORDER BY f.rowid DESC LIMIT ?`;

export interface JobRow {
  rowid: number;
  id: string;
  account_id: string;
  operation: AiOperation;
  model_id: string;
  prompt: string | null;
  params: string;
  input_sha256: string | null;
  input_name: string | null;
  input_mime: string | null;
  input_kind: AiMediaKind | null;
  input_size: number | null;
  input_url: string | null;
  source_text: string | null;
  fingerprint: string;
  idempotency_key: string;
  profile: string;
  state: AiJobState;
  position: number;
  attempts: number;
  not_before: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  requested_at: number | null;
  duration_ms: number | null;
  error: string | null;
  request: string | null;
  response: string | null;
  result_text: string | null;
  unknown_shape: 0 | 1;
  shape_note: string | null;
  /** Asynchronous operations: the platform's job id, once it accepted the job. */
  remote_job_id: string | null;
  submitted_at: number | null;
  poll_next_at: number | null;
  poll_deadline_at: number | null;
  poll_count: number;
}

export interface OutputRow {
  job_id: string;
  idx: number;
  kind: AiMediaKind;
  sha256: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  thumb_sha256: string | null;
  remote_url: string | null;
  asset_id: string | null;
}

export type NewJob = Omit<
  JobRow,
  | 'rowid'
  | 'attempts'
  | 'not_before'
  | 'started_at'
  | 'finished_at'
  | 'requested_at'
  | 'duration_ms'
  | 'error'
  | 'request'
  | 'response'
  | 'result_text'
  | 'unknown_shape'
  | 'shape_note'
  | 'remote_job_id'
  | 'submitted_at'
  | 'poll_next_at'
  | 'poll_deadline_at'
  | 'poll_count'
>;

/** What a failed job keeps besides its error. */
export interface FinishExtra {
  /** The request as sent (provenance), when it was. */
  request?: string | null | undefined;
  /** The raw answer that could not be used, and why in words: kept so the user can teach from it. */
  answer?: { response: string; note: string } | undefined;
  /** The platform said its job failed: a Retry submits it again instead of asking about it. */
  platformFailed?: boolean | undefined;
}

/** What the runner stores for a finished answer (first run, or read again with a new mapping). */
export interface StoredAnswer {
  text: string | null;
  unknownShape: boolean;
  /** Why the answer is kept raw, in words; null when it was read. */
  note: string | null;
  outputs: Omit<OutputRow, 'job_id' | 'asset_id'>[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** What the gallery filters on (all optional but the account); dates in ms. */
export interface GalleryFilter {
  account: string;
  operation?: string | undefined;
  modelId?: string | undefined;
  state?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  text?: string | undefined;
  offset: number;
  limit: number;
}

type Count = { n: number };

/** Every column that names a stored file (AI inputs, results, posters): a backup lists them, joined by UNION. */
export const AI_FILES_SQL = `SELECT input_sha256 AS sha FROM ai_jobs WHERE input_sha256 IS NOT NULL
  UNION SELECT sha256 FROM ai_outputs
  UNION SELECT thumb_sha256 FROM ai_outputs WHERE thumb_sha256 IS NOT NULL`;

/**
 * The ai_jobs, ai_outputs and ai_fts tables: the one module holding SQL that names them. Statements
 * are prepared once per SQL text.
 */
export class JobStore {
  private readonly s: Statements;
  /** The WAL flush running now, and the one queued after it (see `flush`). */
  private flushing: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  /** The WAL file's descriptor, kept between flushes (see `syncWal`). */
  private walFd: number | null = null;
  private closed = false;
  /** Commits made through `durable`, the number of the one running now (0: none), and how many are on disk. */
  private commits = 0;
  private committing = 0;
  private synced = 0;
  /** Jobs inserted by a `durable` commit not yet on disk, with that commit's number (see `whenStored`). */
  private readonly unsyncedJobs = new Map<string, number>();

  constructor(private readonly db: Db) {
    this.s = new Statements(db);
  }

  get(id: string): JobRow | null {
    return this.s.sql<[string], JobRow>('SELECT rowid, * FROM ai_jobs WHERE id = ?').get(id) ?? null;
  }

  outputs(jobId: string): OutputRow[] {
    return this.s.sql<[string], OutputRow>('SELECT * FROM ai_outputs WHERE job_id = ? ORDER BY idx').all(jobId);
  }

  output(jobId: string, idx: number): OutputRow | null {
    return (
      this.s
        .sql<[string, number], OutputRow>('SELECT * FROM ai_outputs WHERE job_id = ? AND idx = ?')
        .get(jobId, idx) ?? null
    );
  }

  /** Adds a job and answers its row as stored (no read after the write). */
  insert(job: NewJob): JobRow {
    const row = this.s
      .sql<[NewJob], JobRow>(
        `INSERT INTO ai_jobs (id, account_id, operation, model_id, prompt, params,
           input_sha256, input_name, input_mime, input_kind, input_size, input_url, source_text,
           fingerprint, idempotency_key, profile, state, position, created_at)
         VALUES (@id, @account_id, @operation, @model_id, @prompt, @params,
           @input_sha256, @input_name, @input_mime, @input_kind, @input_size, @input_url, @source_text,
           @fingerprint, @idempotency_key, @profile, @state, @position, @created_at)
         RETURNING rowid, *`,
      )
      .get(job);
    if (!row) throw new Error(`the job ${job.id} was not stored`);
    if (this.committing > 0) this.unsyncedJobs.set(job.id, this.committing);
    return row;
  }

  /** The latest succeeded job with this fingerprint (the saved result of an identical request). */
  cached(account: string, fingerprint: string): JobRow | null {
    return (
      this.s
        .sql<[string, string], JobRow>(
          "SELECT rowid, * FROM ai_jobs WHERE account_id = ? AND fingerprint = ? AND state = 'succeeded' ORDER BY " +
            'finished_at DESC LIMIT 1',
        )
        .get(account, fingerprint) ?? null
    );
  }

  /** Position after every waiting job. */
  nextPosition(account: string): number {
    const row = this.s
      .sql<[string], { p: number | null }>(
        "SELECT MAX(position) AS p FROM ai_jobs WHERE account_id = ? AND state IN ('queued', 'running')",
      )
      .get(account);
    return (row?.p ?? 0) + 1;
  }

  /** Waiting and running jobs of an account, in queue order. */
  active(account: string): JobRow[] {
    return this.s
      .sql<[string], JobRow>(
        'SELECT rowid, * FROM ai_jobs WHERE account_id = ? ' +
          "AND state IN ('queued', 'running') ORDER BY state = 'queued', position",
      )
      .all(account);
  }

  recent(account: string, limit: number): JobRow[] {
    return this.s
      .sql<[string, number], JobRow>(
        "SELECT rowid, * FROM ai_jobs WHERE account_id = ? AND state NOT IN ('queued', 'running') ORDER BY " +
          'finished_at DESC LIMIT ?',
      )
      .all(account, limit);
  }

  /** The next job allowed to start now, skipping ones already starting. */
  next(account: string, now: number, exclude: ReadonlySet<string>): JobRow | null {
    const rows = this.s
      .sql<[string, number, number], JobRow>(
        "SELECT rowid, * FROM ai_jobs WHERE account_id = ? AND state = 'queued' AND not_before <= ? ORDER BY " +
          'position LIMIT ?',
      )
      .all(account, now, exclude.size + 1);
    return rows.find((r) => !exclude.has(r.id)) ?? null;
  }

  /** When the earliest held-back waiting job may start (Retry-After, backoff), or null. */
  nextWake(account: string, now: number): number | null {
    const row = this.s
      .sql<[string, number], { t: number | null }>(
        "SELECT MIN(not_before) AS t FROM ai_jobs WHERE account_id = ? AND state = 'queued' AND not_before > ?",
      )
      .get(account, now);
    return row?.t ?? null;
  }

  counts(account: string): { queued: number; running: number } {
    const rows = this.s
      .sql<[string], { state: string; n: number }>(
        `SELECT state, COUNT(*) AS n FROM ai_jobs
         WHERE account_id = ? AND state IN ('queued', 'running') GROUP BY state`,
      )
      .all(account);
    return {
      queued: rows.find((r) => r.state === 'queued')?.n ?? 0,
      running: rows.find((r) => r.state === 'running')?.n ?? 0,
    };
  }

  /**
   * Jobs started at or after `since`, per operation: what the spending guard counts. A job sent
   * again (a retry) carries its latest start, so it counts once.
   */
  startedSince(account: string, since: number): { operation: string; n: number }[] {
    return this.s
      .sql<[string, number], { operation: string; n: number }>(
        `SELECT operation, COUNT(*) AS n FROM ai_jobs
         WHERE account_id = ? AND started_at >= ? GROUP BY operation`,
      )
      .all(account, since);
  }

  /** Running jobs left by a stopped app go back to the queue, keeping their idempotency keys. */
  reconcile(): number {
    return this.s.sql<unknown[]>("UPDATE ai_jobs SET state = 'queued', not_before = 0 WHERE state = 'running'").run()
      .changes;
  }

  /**
   * A job the platform already accepted keeps its start: it resumes asking, it is not requested again.
   * Committed without waiting for the disk: losing it in a crash loses nothing, as `reconcile` puts
   * every running job back in the queue anyway (see `unsynced`).
   */
  markRunning(id: string, now: number): JobRow | null {
    // The row comes back from the write itself: the queue runs the job from it without reading it again.
    return (
      this.unsynced(() =>
        this.s
          .sql<[number, number, string], JobRow>(
            `UPDATE ai_jobs SET state = 'running', attempts = attempts + 1,
           started_at = CASE WHEN remote_job_id IS NULL OR started_at IS NULL THEN ? ELSE started_at END,
           requested_at = CASE WHEN remote_job_id IS NULL OR requested_at IS NULL THEN ? ELSE requested_at END
         WHERE id = ? AND state = 'queued' RETURNING rowid, *`,
          )
          .get(now, now, id),
      ) ?? null
    );
  }

  /**
   * A write that is on disk when the promise resolves, without blocking the process on the disk:
   * it commits without waiting (see `unsynced`), then the WAL file is flushed in the background,
   * one flush serving every commit made while the one before ran (a group commit). A database
   * without a WAL file (in memory) commits the ordinary way.
   */
  async durable<T>(write: () => T): Promise<T> {
    if (!this.walFile()) return write();
    this.committing = ++this.commits;
    let result: T;
    try {
      result = this.unsynced(write);
    } finally {
      this.committing = 0;
    }
    await this.flush();
    return result;
  }

  /** Resolves once every commit made through `durable` so far is on disk. */
  whenDurable(): Promise<void> {
    return this.again ?? this.flushing ?? Promise.resolve();
  }

  /**
   * Resolves once the job's row is on disk: at once unless the `durable` commit that inserted it
   * is still being flushed. Other jobs' commits are not waited for, so a job starts without
   * waiting for the flush of the success before it.
   */
  whenStored(id: string): Promise<void> {
    return this.unsyncedJobs.has(id) ? this.whenDurable() : Promise.resolve();
  }

  private walFile(): string | null {
    const name = this.db.name;
    if (this.db.memory || name === '' || name === ':memory:') return null;
    return `${name}-wal`;
  }

  /**
   * fdatasync of the WAL file, what SQLite itself does after a commit with synchronous=FULL. A
   * flush already running may have begun before the caller's commit, so the caller waits for one
   * more after it; every caller arriving meanwhile shares that one.
   */
  private flush(): Promise<void> {
    if (!this.flushing) {
      // Every commit made before the flush starts is on disk when it ends.
      const upTo = this.commits;
      this.flushing = this.syncWal()
        .then(() => this.syncedUpTo(upTo))
        .finally(() => {
          this.flushing = null;
        });
      return this.flushing;
    }
    const next = () => {
      this.again = null;
      return this.flush();
    };
    this.again ??= this.flushing.then(next, next);
    return this.again;
  }

  /**
   * fdatasync of the WAL through a descriptor kept open between flushes: opening and closing the
   * file each time would be two more trips through the thread pool per commit. Opened for writing:
   * Windows flushes only a handle that may write. SQLite locks the database and its -shm file, never
   * the WAL, and deletes the WAL only when its last connection closes, so holding it open changes
   * nothing for SQLite; a descriptor that fails is dropped and the file opened afresh, once.
   */
  private syncWal(): Promise<void> {
    const file = this.walFile();
    if (!file) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const sync = (fd: number, fresh: boolean) =>
        fs.fdatasync(fd, (e) => {
          if (!e) return resolve();
          this.dropWal();
          if (fresh) reject(e);
          else open();
        });
      const open = () =>
        fs.open(file, 'r+', (e, fd) => {
          // No WAL file: the last connection closed and checkpointed it into the database (synced then).
          if (e) return e.code === 'ENOENT' ? resolve() : reject(e);
          // After `close`, one descriptor per flush, as nothing would close a kept one.
          if (this.closed) return fs.fdatasync(fd, (err) => fs.close(fd, () => (err ? reject(err) : resolve())));
          this.walFd = fd;
          sync(fd, true);
        });
      if (this.walFd === null) open();
      else sync(this.walFd, false);
    });
  }

  private syncedUpTo(n: number): void {
    this.synced = Math.max(this.synced, n);
    for (const [id, commit] of this.unsyncedJobs) if (commit <= this.synced) this.unsyncedJobs.delete(id);
  }

  private dropWal(): void {
    if (this.walFd === null) return;
    const fd = this.walFd;
    this.walFd = null;
    try {
      // Closed at once (a descriptor closes in microseconds), so it is gone when `close` resolves.
      fs.closeSync(fd);
    } catch {
      // Already unusable: nothing is left to let go of.
    }
  }

  /** Lets go of the WAL descriptor once the flushes under way are done (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    await this.whenDurable().catch(() => undefined);
    this.dropWal();
  }

  /**
   * One commit that does not wait for the disk (synchronous=NORMAL for it alone), for a change a
   * crash may lose. In WAL mode nothing is reordered: the next commit that waits (any other change
   * of a job) flushes it with itself, so no later change can outlive it.
   */
  private unsynced<T>(write: () => T): T {
    if (this.db.inTransaction) return write();
    // Prepared once: `db.pragma` would compile each of these two statements again on every write.
    this.s.sql('PRAGMA synchronous = NORMAL').run();
    try {
      return write();
    } finally {
      // Back to what every connection runs with (see openDatabase), without asking it first.
      this.s.sql(`PRAGMA synchronous = ${SYNCHRONOUS}`).run();
    }
  }

  /**
   * The platform accepted an asynchronous job: its id is written before anything else happens, so
   * the job is never submitted again. False when the job is no longer running (cancelled meanwhile).
   */
  accepted(
    id: string,
    r: { remoteJobId: string; request: string; at: number; nextAt: number; deadlineAt: number },
  ): boolean {
    return (
      this.s
        .sql<unknown[]>(
          `UPDATE ai_jobs SET remote_job_id = ?, request = ?, submitted_at = ?, poll_next_at = ?,
             poll_deadline_at = ?, poll_count = 0
         WHERE id = ? AND state = 'running'`,
        )
        .run(r.remoteJobId, r.request, r.at, r.nextAt, r.deadlineAt, id).changes === 1
    );
  }

  /** One more question asked about an asynchronous job, and when to ask the next. */
  polled(id: string, count: number, nextAt: number): void {
    this.s.sql<unknown[]>('UPDATE ai_jobs SET poll_count = ?, poll_next_at = ? WHERE id = ?').run(count, nextAt, id);
  }

  /** Back to waiting (offline, rate limited, signed out), with why. */
  requeue(id: string, notBefore: number, error: AppError | null): void {
    this.s
      .sql<unknown[]>(
        "UPDATE ai_jobs SET state = 'queued', not_before = ?, error = ? WHERE id = ? AND state = 'running'",
      )
      .run(notBefore, error ? JSON.stringify(error) : null, id);
  }

  finish(
    id: string,
    state: 'failed' | 'cancelled',
    now: number,
    error: AppError | null,
    extra: FinishExtra = {},
  ): void {
    this.s.transaction(() => {
      const changed = this.s
        .sql<unknown[]>(
          'UPDATE ai_jobs SET state = ?, finished_at = ?, error = ?, request = COALESCE(?, request) WHERE id = ? ' +
            "AND state IN ('queued', 'running')",
        )
        .run(state, now, error ? JSON.stringify(error) : null, extra.request ?? null, id).changes;
      if (changed === 0) return;
      if (extra.answer)
        this.s
          .sql<unknown[]>('UPDATE ai_jobs SET response = ?, unknown_shape = 1, shape_note = ? WHERE id = ?')
          .run(extra.answer.response, extra.answer.note, id);
      // Nothing more to ask: the platform's word on its job is final (see `retry`).
      if (extra.platformFailed) this.s.sql<unknown[]>('UPDATE ai_jobs SET poll_next_at = NULL WHERE id = ?').run(id);
    });
  }

  /** Replace a job's outputs; one already saved to the library keeps its asset when it is still there. */
  private putOutputs(id: string, outputs: StoredAnswer['outputs']): void {
    const removed = this.s
      .sql<[string], { sha256: string; asset_id: string | null }>(
        'DELETE FROM ai_outputs WHERE job_id = ? RETURNING sha256, asset_id',
      )
      .all(id);
    const saved = new Map(removed.map((o) => [o.sha256, o.asset_id]));
    for (const o of outputs) {
      this.s
        .sql<unknown[]>(
          `INSERT INTO ai_outputs (job_id, idx, kind, sha256, mime_type, size_bytes, width, height, duration_ms,
             thumb_sha256, remote_url, asset_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          o.idx,
          o.kind,
          o.sha256,
          o.mime_type,
          o.size_bytes,
          o.width,
          o.height,
          o.duration_ms,
          o.thumb_sha256,
          o.remote_url,
          saved.get(o.sha256) ?? null,
        );
    }
  }

  succeed(
    id: string,
    r: StoredAnswer & { now: number; durationMs: number; request: string; response: string },
  ): boolean {
    return this.s.transaction(() => {
      // A job cancelled while its answer was being stored stays cancelled (no row changes).
      const changed = this.succeedRow(id, r);
      if (changed === 0) return false;
      this.putOutputs(id, r.outputs);
      return true;
    });
  }

  /**
   * The success update. An answer without text leaves result_text out of the SET when it is
   * already null, so the full-text trigger (on UPDATE OF result_text) does not rewrite the job's
   * index entry for nothing.
   */
  private succeedRow(
    id: string,
    r: StoredAnswer & { now: number; durationMs: number; request: string; response: string },
  ): number {
    const args = [r.now, r.durationMs, r.request, r.response] as const;
    const shape = [r.unknownShape ? 1 : 0, r.note] as const;
    if (r.text === null) {
      const changed = this.s
        .sql<unknown[]>(
          `UPDATE ai_jobs SET state = 'succeeded', finished_at = ?, duration_ms = ?, request = ?, response = ?,
             unknown_shape = ?, shape_note = ?, error = NULL
         WHERE id = ? AND state = 'running' AND result_text IS NULL`,
        )
        .run(...args, ...shape, id).changes;
      if (changed > 0) return changed;
    }
    return this.s
      .sql<unknown[]>(
        `UPDATE ai_jobs SET state = 'succeeded', finished_at = ?, duration_ms = ?, request = ?, response = ?,
           result_text = ?, unknown_shape = ?, shape_note = ?, error = NULL
         WHERE id = ? AND state = 'running'`,
      )
      .run(...args, r.text, ...shape, id).changes;
  }

  /** The stored answer read again (with a mapping the user taught): new outputs and text, the rest as it was. */
  reread(id: string, r: StoredAnswer): boolean {
    return this.s.transaction(() => {
      if ((this.get(id)?.state ?? null) !== 'succeeded') return false;
      this.putOutputs(id, r.outputs);
      this.s
        .sql<unknown[]>('UPDATE ai_jobs SET result_text = ?, unknown_shape = ?, shape_note = ? WHERE id = ?')
        .run(r.text, r.unknownShape ? 1 : 0, r.note, id);
      return true;
    });
  }

  /**
   * Queued again by the user. A job the platform accepted goes back to asking about it (a fresh
   * deadline window, no new submission), unless the platform said that job failed (its next
   * question time is cleared then): that one, and a job never accepted, is submitted again.
   */
  retry(id: string, now: number, pollDeadlineMs: number): 'polls' | 'submits' {
    const row = this.get(id);
    if (!row) return 'submits';
    const position = this.nextPosition(row.account_id);
    if (row.remote_job_id !== null && row.poll_next_at !== null) {
      this.s
        .sql<unknown[]>(
          `UPDATE ai_jobs SET state = 'queued', not_before = 0, error = NULL, finished_at = NULL, poll_next_at = ?,
             poll_count = 0, poll_deadline_at = ?, position = ?
         WHERE id = ?`,
        )
        .run(now, now + pollDeadlineMs, position, id);
      return 'polls';
    }
    this.s
      .sql<unknown[]>(
        `UPDATE ai_jobs SET state = 'queued', not_before = 0, error = NULL, finished_at = NULL,
           remote_job_id = NULL, submitted_at = NULL, poll_next_at = NULL, poll_deadline_at = NULL, poll_count = 0,
           response = NULL, unknown_shape = 0, shape_note = NULL, position = ?
         WHERE id = ?`,
      )
      .run(position, id);
    return 'submits';
  }

  /**
   * The user taught where the accepted answer keeps the platform's job id: the job goes back to
   * the queue holding that id, so it asks about the job and is never submitted again.
   */
  resumeAccepted(id: string, r: { remoteJobId: string; at: number; nextAt: number; deadlineAt: number }): boolean {
    return (
      this.s
        .sql<unknown[]>(
          `UPDATE ai_jobs SET state = 'queued', not_before = 0, error = NULL, finished_at = NULL,
             remote_job_id = ?, submitted_at = ?, poll_next_at = ?, poll_deadline_at = ?, poll_count = 0,
             unknown_shape = 0, shape_note = NULL
         WHERE id = ? AND state IN ('failed', 'succeeded') AND remote_job_id IS NULL`,
        )
        .run(r.remoteJobId, r.at, r.nextAt, r.deadlineAt, id).changes === 1
    );
  }

  /**
   * The palette's search of prompts and produced text: the account's jobs matching the full-text query,
   * newest first (FTS rowid order, so the LIMIT stops early), with their first picture when there is one.
   */
  hits(account: string, match: string, limit: number): JobHitRow[] {
    return this.s.sql<[string, string, number], JobHitRow>(JOB_HITS_SQL).all(match, account, limit);
  }

  /** One page of an account's jobs, newest first, with the total and every model the account used. */
  gallery(f: GalleryFilter): { rows: JobRow[]; total: number; models: string[] } {
    const where = ['j.account_id = ?'];
    const args: unknown[] = [f.account];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      args.push(value);
    };
    if (f.operation) add('j.operation = ?', f.operation);
    if (f.modelId) add('j.model_id = ?', f.modelId);
    if (f.state) add('j.state = ?', f.state);
    if (f.from !== undefined) add('j.created_at >= ?', f.from);
    if (f.to !== undefined) add('j.created_at <= ?', f.to);
    const match = f.text ? ftsQuery(f.text) : null;
    if (match) add('j.rowid IN (SELECT rowid FROM ai_fts WHERE ai_fts MATCH ?)', match);
    const from = `FROM ai_jobs j WHERE ${where.join(' AND ')}`;
    const total = this.s.sql<unknown[], Count>(`SELECT COUNT(*) AS n ${from}`).get(...args)?.n ?? 0;
    const rows = this.s
      .sql<unknown[], JobRow>(`SELECT j.rowid, j.* ${from} ORDER BY j.created_at DESC, j.rowid DESC LIMIT ? OFFSET ?`)
      .all(...args, f.limit, f.offset);
    const models = this.s
      .sql<[string], { model_id: string }>(
        'SELECT DISTINCT model_id FROM ai_jobs WHERE account_id = ? ORDER BY model_id',
      )
      .all(f.account);
    return { rows, total, models: models.map((r) => r.model_id) };
  }

  setPosition(id: string, position: number): void {
    this.s.sql<unknown[]>('UPDATE ai_jobs SET position = ? WHERE id = ?').run(position, id);
  }

  setAsset(jobId: string, idx: number, assetId: string): void {
    this.s.sql<unknown[]>('UPDATE ai_outputs SET asset_id = ? WHERE job_id = ? AND idx = ?').run(assetId, jobId, idx);
  }

  remove(id: string): void {
    this.s.sql<unknown[]>('DELETE FROM ai_jobs WHERE id = ?').run(id);
  }

  /** Whether any job still uses this file (as input, output or poster). */
  uses(sha: string): boolean {
    return (
      this.s
        // The row is `{ '1': 1 }` (a column named 1), not the number itself.
        .sql<[string, string, string], { 1: 1 }>(
          'SELECT 1 FROM ai_outputs WHERE sha256 = ? OR thumb_sha256 = ? ' +
            'UNION ALL SELECT 1 FROM ai_jobs WHERE input_sha256 = ? LIMIT 1',
        )
        .get(sha, sha, sha) !== undefined
    );
  }
}

export function outputView(o: OutputRow): AiOutputView {
  return {
    index: o.idx,
    kind: o.kind,
    sha256: o.sha256,
    mimeType: o.mime_type,
    sizeBytes: o.size_bytes,
    width: o.width,
    height: o.height,
    durationMs: o.duration_ms,
    thumbSha256: o.thumb_sha256,
    assetId: o.asset_id,
  };
}

export function jobView(
  row: JobRow,
  outputs: OutputRow[],
  live: { progress?: AiProgress; waiting?: string | null; now: number },
): AiJobView {
  const error = parseJson<AppError | null>(row.error, null);
  const elapsedMs =
    row.started_at === null
      ? null
      : row.state === 'running'
        ? Math.max(0, live.now - row.started_at)
        : row.finished_at !== null
          ? Math.max(0, row.finished_at - row.started_at)
          : null;
  const ended = row.state === 'succeeded' || row.state === 'failed' || row.state === 'cancelled';
  const progress: AiProgress =
    live.progress ??
    (ended
      ? { phase: 'done', fraction: 1 }
      : row.state === 'running'
        ? { phase: row.remote_job_id ? 'polling' : 'generating', fraction: null }
        : { phase: 'waiting', fraction: null });
  return {
    id: row.id,
    operation: row.operation,
    modelId: row.model_id,
    prompt: row.prompt,
    params: parseJson<AiParams>(row.params, {}),
    input:
      row.input_sha256 === null
        ? null
        : {
            sha256: row.input_sha256,
            name: row.input_name ?? '',
            mimeType: row.input_mime ?? 'application/octet-stream',
            kind: row.input_kind ?? 'image',
            sizeBytes: row.input_size ?? 0,
          },
    state: row.state,
    position: row.position,
    createdAt: iso(row.created_at) as string,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    elapsedMs,
    progress,
    waiting: row.state === 'queued' ? (live.waiting ?? null) : null,
    error,
    attempts: row.attempts,
    text: row.result_text,
    outputs: outputs.map(outputView),
    unknownShape: row.unknown_shape === 1,
    shapeNote: row.shape_note,
    remoteJobId: row.remote_job_id,
  };
}

export { parseJson };
