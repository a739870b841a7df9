import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupReason, BackupView, Retention } from '../../../shared/backups';
import { type CheckResult, checkInBackground } from '../db/check';
import type { Db } from '../db/open';
import { fail } from '../errors';
import { writeFileAtomic } from '../fs/atomic-write';
import type { Logger } from '../ports';
import { type CopyRun, copyDatabase } from './copy';
import { type CopyFacts, settleAndCheck } from './copy-facts';
import { fileNames, readManifest, readMediaList, writeManifest } from './manifest';
import { backupsToKeep } from './retention';

export interface BackupStoreOptions {
  dir: string;
  now: () => number;
  appVersion: string;
  retention: () => Retention;
  logger: Logger;
}

const TEMP = /^\..+\.tmp(-journal|-wal|-shm)?$/;
const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** A copy that failed, with what SQLite may have left beside it. */
function removeTemp(tmp: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(tmp + suffix, { force: true });
}

/** fsync a file so a rename of it survives a power cut. */
function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The backups folder: online copies of the database, each checked with integrity_check before it
 * is listed, with a manifest and the list of media it refers to. Written to a temp name and
 * renamed, so a crash never leaves half a backup listed.
 */
export class BackupStore {
  readonly dir: string;
  private chain: Promise<unknown> = Promise.resolve();
  private busy = 0;
  private mediaCache: Set<string> | null = null;
  private copying: CopyRun | null = null;

  constructor(private readonly options: BackupStoreOptions) {
    this.dir = options.dir;
  }

  get running(): boolean {
    return this.busy > 0;
  }

  /** Every finished backup, newest first. */
  list(): BackupView[] {
    if (!fs.existsSync(this.dir)) return [];
    const views: BackupView[] = [];
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.json') || name.startsWith('.') || name.startsWith('restore-')) continue;
      const manifest = readManifest(path.join(this.dir, name));
      if (!manifest || (manifest.ok && !fs.existsSync(fileNames(this.dir, manifest.id).db))) continue;
      const { format: _format, ...view } = manifest;
      views.push(view);
    }
    return views.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }

  newestGood(): BackupView | null {
    return this.list().find((b) => b.ok) ?? null;
  }

  get(id: string): BackupView {
    return this.list().find((b) => b.id === id) ?? fail('not_found', 'That backup is no longer in the backups folder.');
  }

  fileOf(id: string): string {
    return fileNames(this.dir, id).db;
  }

  mediaOf(id: string): string[] {
    return readMediaList(fileNames(this.dir, id).media);
  }

  /**
   * Whether a kept backup refers to this media file (so it must stay on disk). While a backup is
   * under way its list is not known yet (its snapshot may hold the file): every file is kept.
   */
  references(sha: string): boolean {
    if (this.busy > 0) return true;
    if (!this.mediaCache) this.mediaCache = new Set(this.list().flatMap((b) => (b.ok ? this.mediaOf(b.id) : [])));
    return this.mediaCache.has(sha);
  }

  /**
   * Back up the live database with SQLite's online backup (see copy.ts: a consistent snapshot,
   * while the app keeps writing), check the copy, then list it.
   */
  take(db: Db, reason: BackupReason): Promise<BackupView> {
    return this.serially(async () => {
      // Queued behind a restore that closed the database: nothing to back up any more.
      if (!db.open)
        fail(
          'conflict',
          'Atelier is closing or reopening its database: the backup was not taken. Try again in a moment.',
        );
      const { tmp, id, createdAt } = this.begin();
      try {
        this.copying = copyDatabase(db, tmp);
        const { facts, check } = await this.copying.result;
        const view = this.finish({ tmp, id, createdAt, reason, facts, check });
        // Removing a large file can take a while: off the main thread.
        await Promise.all(this.prune().map((file) => fs.promises.rm(file, { force: true })));
        return view;
      } catch (e) {
        removeTemp(tmp);
        throw e;
      } finally {
        this.copying = null;
      }
    });
  }

  /** Stop a backup being copied (the app is closing); what it wrote is cleared at the next one. */
  async cancel(): Promise<void> {
    await this.copying?.cancel();
  }

  /**
   * The same, synchronously, for the one moment nothing else runs: just before migrations, inside
   * the synchronous open. SQLite's VACUUM INTO writes the same consistent copy in one statement.
   */
  takeSync(db: Db, reason: BackupReason): BackupView {
    if (this.busy > 0) fail('conflict', 'A backup is already being taken.');
    this.busy++;
    const { tmp, id, createdAt } = this.begin();
    try {
      db.prepare('VACUUM INTO ?').run(tmp);
      const { facts, check } = settleAndCheck(tmp);
      const view = this.finish({ tmp, id, createdAt, reason, facts, check });
      for (const file of this.prune()) fs.rmSync(file, { force: true });
      return view;
    } catch (e) {
      removeTemp(tmp);
      throw e;
    } finally {
      this.busy--;
    }
  }

  /**
   * Run `run` alone: no backup is taken or pruned meanwhile, and no media file is given up (a
   * restore reads its backup and relies on its media throughout).
   */
  serially<T>(run: () => Promise<T>): Promise<T> {
    this.busy++;
    const next = this.chain.then(run, run).finally(() => this.busy--);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** A private folder, leftovers of an interrupted backup removed, and an empty 0600 file to copy into. */
  private begin(): { tmp: string; id: string; createdAt: string } {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(this.dir, 0o700);
    this.removeLeftovers();
    const createdAt = new Date(this.options.now()).toISOString();
    const id = `${createdAt.replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}`;
    const tmp = path.join(this.dir, `.${id}.tmp`);
    fs.closeSync(fs.openSync(tmp, 'wx', 0o600));
    return { tmp, id, createdAt };
  }

  private finish(o: {
    tmp: string;
    id: string;
    createdAt: string;
    reason: BackupReason;
    facts: CopyFacts;
    check: CheckResult;
  }): BackupView {
    // A check that could not run (busy, out of memory, stopped) says nothing of the copy: nothing is listed.
    if (!o.check.ok && !o.check.damaged) {
      this.options.logger.warn('a backup could not be checked', { id: o.id, problems: o.check.problems });
      fail(
        'storage',
        `The backup could not be checked (${o.check.problems[0] ?? 'the check did not run'}), so it was not kept. ` +
          `Nothing else was changed.`,
        { hint: 'Try again in a moment.' },
      );
    }
    const names = fileNames(this.dir, o.id);
    const view: BackupView = {
      id: o.id,
      createdAt: o.createdAt,
      sizeBytes: fs.statSync(o.tmp).size,
      appVersion: this.options.appVersion,
      schemaVersion: o.facts.schemaVersion,
      reason: o.reason,
      ok: o.check.ok,
      problem: o.check.ok ? null : (o.check.problems[0] ?? 'The check failed.'),
      records: o.facts.records,
      mediaFiles: o.facts.media.length,
    };
    if (o.facts.mediaProblem)
      this.options.logger.warn('the backup’s media list could not be read', { id: o.id, error: o.facts.mediaProblem });
    if (view.ok) {
      syncFile(o.tmp);
      writeFileAtomic(names.media, o.facts.media.length ? `${o.facts.media.join('\n')}\n` : '', 0o600);
      fs.renameSync(o.tmp, names.db);
    } else {
      this.options.logger.error('a backup failed its integrity check', { id: o.id, problems: o.check.problems });
      fs.rmSync(o.tmp, { force: true });
    }
    // The manifest last: from here on the backup is listed.
    writeManifest(this.dir, view);
    this.options.logger.info('backup taken', { id: o.id, reason: o.reason, ok: view.ok, sizeBytes: view.sizeBytes });
    return view;
  }

  /**
   * Check a backup again before it is restored. Damage found marks it failed, so it is not offered
   * again; a check that could not run says so and changes nothing (the backup may be the only good one).
   */
  async recheck(id: string): Promise<void> {
    const backup = this.get(id);
    const check = await checkInBackground(this.fileOf(id), 'integrity_check').result;
    if (check.ok) return;
    const problem = check.problems[0] ?? 'The check failed.';
    if (!check.damaged)
      fail(
        'storage',
        `The backup from ${when(backup.createdAt)} could not be checked (${problem}). Nothing was changed.`,
        { hint: 'Try again in a moment.' },
      );
    writeManifest(this.dir, { ...backup, ok: false, problem });
    this.mediaCache = null;
    fail(
      'storage',
      `The backup from ${when(backup.createdAt)} is damaged too (${problem}). Nothing was changed. ` +
        `Choose another backup.`,
    );
  }

  /**
   * Unlist what the retention does not keep (its manifest goes at once, so it is no longer listed)
   * and answer the files left to remove: its database and media list.
   */
  prune(): string[] {
    const all = this.list();
    const keep = backupsToKeep(all, this.options.retention());
    const files: string[] = [];
    for (const { id } of all.filter((b) => !keep.has(b.id))) {
      const names = fileNames(this.dir, id);
      fs.rmSync(names.manifest, { force: true });
      files.push(names.db, names.media);
    }
    if (files.length) this.options.logger.info('old backups removed', { count: files.length / 2 });
    this.mediaCache = null;
    return files;
  }

  /** Temp files of a backup that was interrupted, and databases or media lists whose manifest was never written. */
  private removeLeftovers(): void {
    const names = fs.readdirSync(this.dir);
    const listed = new Set(names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)));
    for (const name of names) {
      const orphan = /^(.+)\.(db|media)$/.exec(name);
      if (TEMP.test(name) || (orphan && !listed.has(orphan[1] ?? '')))
        fs.rmSync(path.join(this.dir, name), { force: true });
    }
  }
}
