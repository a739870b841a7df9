import fs from 'node:fs';
import path from 'node:path';
import type { BackupView, LostChange, ReplaceOutcome, RescueView, RestorePreview } from '../../../shared/backups';
import { checkInBackground } from '../db/check';
import type { DamageState } from '../db/damage-state';
import type { Db } from '../db/open';
import { type RescueReport, rescueDatabase } from '../db/rescue';
import { fail } from '../errors';
import type { Logger, Paths } from '../ports';
import type { BackupStore } from './backup-store';
import { changesSince, readOnly, unsentChanges } from './changes';
import { writeManifest } from './manifest';
import { copyIntoPlace, moveAside, moveBack, resetSyncCursors, stampOf } from './replace';
import { saveRestoreReport } from './restore-report';

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
  if (!backup.ok) fail('conflict', `The backup from ${when(backup.createdAt)} failed its check when it was taken and cannot be restored. Choose another one.`);
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

/** Put `ready` (a finished file) in place of the database, keeping the current one aside; undone if it fails. */
async function replaceDatabase(deps: RecoveryDeps, label: string, putInPlace: () => void): Promise<ReplaceOutcome> {
  await deps.closeCore();
  const keptAs = moveAside(deps.paths.dbFile, label, deps.now());
  try {
    putInPlace();
    resetSyncCursors(deps.paths.dbFile);
  } catch (e) {
    deps.logger.error('could not put the new database in place; the previous one is back', { error: e });
    fs.rmSync(deps.paths.dbFile, { force: true });
    moveBack(deps.paths.dbFile, keptAs);
    await restartApp(deps);
    throw e;
  }
  return { keptAs, restarting: false };
}

/**
 * Restore a backup: check it again, list the unsent changes it will lose, close the core, move the
 * current database (with its WAL) aside untouched, copy the backup in place and reopen. Sync
 * cursors start over, so what the platform already has comes back with the next pull.
 */
export async function restoreBackup(deps: RecoveryDeps, id: string): Promise<ReplaceOutcome> {
  const backup = usable(deps, id);
  const file = deps.store.fileOf(id);
  const check = await checkInBackground(file, 'integrity_check').result;
  if (!check.ok) {
    const problem = check.problems[0] ?? 'The check failed.';
    writeManifest(deps.store.dir, { ...backup, ok: false, problem });
    fail('storage', `The backup from ${when(backup.createdAt)} is damaged too (${problem}). Nothing was changed. Choose another backup.`);
  }
  const lost = readCurrent(deps, (db) => {
    const held = readOnly(file, (b) => unsentChanges(db, b));
    return 'value' in held ? held.value : unsentChanges(db, null);
  });
  const outcome = await replaceDatabase(deps, 'before-restore', () => copyIntoPlace(file, deps.paths.dbFile));
  const now = deps.now();
  const unsent: LostChange[] = 'value' in lost ? lost.value : [];
  saveRestoreReport(deps.store.dir, { restoredAt: new Date(now).toISOString(), backup, keptAs: outcome.keptAs, lost: unsent, unreadable: 'problem' in lost ? lost.problem : null }, now);
  deps.logger.info('backup restored', { id, keptAs: outcome.keptAs, lost: unsent.length });
  return { ...outcome, restarting: await restartApp(deps) };
}

/** Rescue what can be read from the damaged database into a new one; the damaged file is kept beside it. */
export async function rescue(deps: RecoveryDeps): Promise<RescueView> {
  const damage = deps.damage.current();
  if (!damage) fail('conflict', 'The database is not damaged: there is nothing to rescue.');
  if (damage.kind === 'newer' || damage.kind === 'diverged') fail('conflict', 'This database is not damaged but from another version of Atelier: rescue does not apply. Update Atelier or restore a backup.');
  const { dbFile, migrationsDir } = deps.paths;
  const target = path.join(path.dirname(dbFile), `.rescue-${stampOf(deps.now())}.db`);
  const clean = () => ['', '-wal', '-shm', '-journal'].forEach((s) => fs.rmSync(target + s, { force: true }));
  let report: RescueReport;
  try {
    report = await rescueDatabase(dbFile, target, migrationsDir);
  } catch (e) {
    clean();
    deps.logger.error('rescue failed', { error: e });
    const reason = e instanceof Error ? e.message : String(e);
    fail('storage', `The rescue could not read the damaged database (${reason}). Nothing was changed; restoring a backup is still possible.`);
  }
  // Nothing readable: swapping in an empty database would only lose the damaged one from view.
  if (report.tables.every((t) => t.copied === 0)) {
    clean();
    fail('storage', 'The rescue could not read the damaged database (no record in it could be read). Nothing was changed; restoring a backup is still possible.');
  }
  const outcome = await replaceDatabase(deps, 'damaged', () => {
    for (const s of ['', '-wal', '-shm']) {
      if (!fs.existsSync(target + s)) continue;
      fs.chmodSync(target + s, 0o600);
      fs.renameSync(target + s, dbFile + s);
    }
  });
  deps.logger.info('damaged database rescued', { keptAs: outcome.keptAs, method: report.method });
  return { ...report, ...outcome, restarting: await restartApp(deps) };
}
