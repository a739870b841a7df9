import fs from 'node:fs';
import path from 'node:path';
import type { BackupView, LostChange, ReplaceOutcome, RescueView, RestorePreview } from '../../../shared/backups';
import type { DamageState } from '../db/damage-state';
import type { Db } from '../db/open';
import { type RescueReport, rescueDatabase } from '../db/rescue';
import { AppException, fail, isDiskFull } from '../errors';
import type { Logger, Paths } from '../ports';
import type { BackupStore } from './backup-store';
import { changesSince, readOnly, unsentChanges } from './changes';
import { discardPrepared, moveAside, moveBack, prepareCopy, putPrepared, resetSyncCursors, stampOf } from './replace';
import { saveRescueReport, saveRestoreReport } from './restore-report';

export interface RecoveryDeps {
  paths: Paths;
  store: BackupStore;
  damage: DamageState;
  now: () => number;
  logger: Logger;
  /** The live connection while the database is open and not damaged. */
  liveDb: () => Db | null;
  /** Where a media file lives (whether or not it exists). */
  mediaPath: (sha: string) => string;
  /** Stop everything that uses the database (the core's close). */
  closeCore: () => Promise<void>;
  /** Open Atelier again on the new file; absent: the user starts it again. */
  restart?: () => Promise<void> | void;
}

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** Read the current database: the live connection when healthy, else the file itself, read-only. */
function readCurrent<T>(deps: RecoveryDeps, read: (db: Db) => T): { value: T } | { problem: string } {
  const live = deps.damage.current() ? null : deps.liveDb();
  if (!live) return readOnly(deps.paths.dbFile, read);
  try {
    return { value: read(live) };
  } catch (e) {
    return { problem: e instanceof Error ? e.message : String(e) };
  }
}

function usable(deps: RecoveryDeps, id: string): BackupView {
  const backup = deps.store.get(id);
  if (!backup.ok)
    fail(
      'conflict',
      `The backup from ${when(backup.createdAt)} failed its check when it was taken and cannot be restored. ` +
        `Choose another one.`,
    );
  return backup;
}

/** Changes the restore would lose (by group and count), and the unsent ones by record. */
export function previewRestore(deps: RecoveryDeps, id: string): RestorePreview {
  const backup = usable(deps, id);
  const since = Date.parse(backup.createdAt);
  const backupFile = deps.store.fileOf(id);
  const read = readCurrent(deps, (db) => {
    const held = readOnly(backupFile, (b) => unsentChanges(db, b));
    return { changes: changesSince(db, since), unsent: 'value' in held ? held.value : unsentChanges(db, null) };
  });
  const missingMedia = deps.store.mediaOf(id).filter((sha) => !fs.existsSync(deps.mediaPath(sha))).length;
  if ('problem' in read) return { backup, changes: [], unsent: [], unreadable: read.problem, missingMedia };
  return { backup, ...read.value, unreadable: null, missingMedia };
}

async function restartApp(deps: RecoveryDeps): Promise<boolean> {
  if (!deps.restart) return false;
  await deps.restart();
  return true;
}

const diskFullWords = (what: string) =>
  fail('storage', `The disk is full: ${what} could not be prepared. Nothing was changed.`, {
    hint: 'Free some disk space and try again.',
  });

/**
 * Stop the core, then put `prepared` (a finished, fsynced file) in place of the database, keeping
 * the current one aside; undone if it fails. `beforeSwap` reads the closed file, untouched yet.
 */
async function replaceDatabase<T>(
  deps: RecoveryDeps,
  label: string,
  prepared: string,
  beforeSwap: () => T,
): Promise<{ outcome: ReplaceOutcome; read: T }> {
  try {
    await deps.closeCore();
    const read = beforeSwap();
    const keptAs = moveAside(deps.paths.dbFile, label, deps.now());
    try {
      putPrepared(prepared, deps.paths.dbFile);
    } catch (e) {
      deps.logger.error('could not put the new database in place; the previous one is back', { error: e });
      fs.rmSync(deps.paths.dbFile, { force: true });
      moveBack(deps.paths.dbFile, keptAs);
      await restartApp(deps);
      throw e;
    }
    return { outcome: { keptAs, restarting: false }, read };
  } finally {
    discardPrepared(prepared);
  }
}

/** Copy a file to the prepared place while the app still runs; a full disk is said in words. */
function prepare(deps: RecoveryDeps, what: string, make: () => string): string {
  try {
    return make();
  } catch (e) {
    deps.logger.warn(`could not prepare ${what}`, { error: e });
    if (isDiskFull(e)) diskFullWords(what);
    throw e;
  }
}

/**
 * Restore a backup: check it again, copy it beside the database (while the app still runs, so a
 * full disk changes nothing), close the core, list from the closed file the unsent changes it will
 * lose, move the current database (with its WAL) aside untouched and rename the copy in place.
 * Sync cursors start over, so what the platform already has comes back with the next pull.
 */
export async function restoreBackup(deps: RecoveryDeps, id: string): Promise<ReplaceOutcome> {
  const backup = usable(deps, id);
  const file = deps.store.fileOf(id);
  // Damage marks the backup failed; a check that cannot run says so and leaves its record alone.
  await deps.store.recheck(id);
  const prepared = prepare(deps, 'the backup', () => prepareCopy(file, deps.paths.dbFile));
  // Read after the core closed: nothing written since (an import finishing, a sync) is missed.
  const { outcome, read: lost } = await replaceDatabase(deps, 'before-restore', prepared, () =>
    readOnly(deps.paths.dbFile, (db) => {
      const held = readOnly(file, (b) => unsentChanges(db, b));
      return 'value' in held ? held.value : unsentChanges(db, null);
    }),
  );
  const now = deps.now();
  const unsent: LostChange[] = 'value' in lost ? lost.value : [];
  saveRestoreReport(
    deps.store.dir,
    {
      restoredAt: new Date(now).toISOString(),
      backup,
      keptAs: outcome.keptAs,
      lost: unsent,
      unreadable: 'problem' in lost ? lost.problem : null,
    },
    now,
  );
  deps.logger.info('backup restored', { id, keptAs: outcome.keptAs, lost: unsent.length });
  return { ...outcome, restarting: await restartApp(deps) };
}

/** Rescue what can be read from the damaged database into a new one; the damaged file is kept beside it. */
export async function rescue(deps: RecoveryDeps): Promise<RescueView> {
  const damage = deps.damage.current();
  if (!damage) fail('conflict', 'The database is not damaged: there is nothing to rescue.');
  if (damage.kind === 'newer' || damage.kind === 'diverged')
    fail(
      'conflict',
      'This database is not damaged but from another version of Atelier: rescue does not apply. ' +
        'Update Atelier or restore a backup.',
    );
  const { dbFile, migrationsDir } = deps.paths;
  const target = path.join(path.dirname(dbFile), `.rescue-${stampOf(deps.now())}.db`);
  let report: RescueReport;
  try {
    report = await rescueDatabase(dbFile, target, migrationsDir);
    prepare(deps, 'the rescued database', () => (resetSyncCursors(target), fs.chmodSync(target, 0o600), target));
  } catch (e) {
    discardPrepared(target);
    deps.logger.error('rescue failed', { error: e });
    if (e instanceof AppException) throw e;
    const reason = e instanceof Error ? e.message : String(e);
    fail(
      'storage',
      `The rescue could not read the damaged database (${reason}). Nothing was changed; ` +
        `restoring a backup is still possible.`,
    );
  }
  // Nothing readable: swapping in an empty database would only lose the damaged one from view.
  if (report.tables.every((t) => t.copied === 0)) {
    discardPrepared(target);
    fail(
      'storage',
      'The rescue could not read the damaged database (no record in it could be read). Nothing was changed; ' +
        'restoring a backup is still possible.',
    );
  }
  const { outcome } = await replaceDatabase(deps, 'damaged', target, () => undefined);
  const now = deps.now();
  saveRescueReport(
    deps.store.dir,
    { rescuedAt: new Date(now).toISOString(), keptAs: outcome.keptAs, method: report.method, tables: report.tables },
    now,
  );
  deps.logger.info('damaged database rescued', { keptAs: outcome.keptAs, method: report.method });
  return { ...report, ...outcome, restarting: await restartApp(deps) };
}
