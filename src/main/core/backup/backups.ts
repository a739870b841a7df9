import fs from 'node:fs';
import path from 'node:path';
import type { BackupList, BackupReason, BackupView, RecoveryStatus, Retention } from '../../../shared/backups';
import type { HandlerMap } from '../../../shared/contract';
import type { Settings } from '../../../shared/settings';
import type { CoreModule } from '../compose';
import { DatabaseDamagedError, damageOf } from '../db/damage';
import type { DamageState } from '../db/damage-state';
import type { Db } from '../db/open';
import { AppException, fail, toAppError } from '../errors';
import type { RendererPush } from '../event-bus';
import type { CoreDeps } from '../ports';
import { BackupStore } from './backup-store';
import { previewRestore, type RecoveryDeps, rescue, restoreBackup } from './recovery';
import { dismissRestoreReport, unseenRestoreReport } from './restore-report';
import { BackupSchedule } from './schedule';

type BackupChannels = 'backups.list' | 'backups.create' | 'backups.reveal' | 'backups.preview' | 'backups.restore';
type RecoveryChannels = 'recovery.status' | 'recovery.rescue' | 'recovery.report' | 'recovery.dismissReport';
export type BackupHandlers = Pick<HandlerMap, BackupChannels | RecoveryChannels>;

export const retentionOf = (s: Settings): Retention => ({ daily: s.backupsKeepDaily, weekly: s.backupsKeepWeekly });

/** The backups folder of a data folder; opened before the database, so a migration can be backed up first. */
export function backupStoreFor(deps: CoreDeps): BackupStore {
  return new BackupStore({
    dir: path.join(deps.paths.dataDir, 'backups'),
    now: () => deps.clock.now(),
    appVersion: deps.version,
    retention: () => retentionOf(deps.settings.get()),
    logger: deps.logger,
  });
}

/** The backup taken inside openDatabase before migrations; a copy that fails its check stops them. */
export function backupBeforeMigrations(store: BackupStore, db: Db): void {
  let view: BackupView;
  try {
    view = store.takeSync(db, 'migration');
  } catch (e) {
    // Damage met while copying is the recovery screen's to explain, and the file is left as it is.
    const damage = damageOf(e);
    if (damage) throw damage;
    const { error } = toAppError(e);
    throw new AppException({
      ...error,
      code: 'storage',
      message: `Atelier backs up its database before updating it, and could not: ${error.message}`,
      hint: error.hint ?? 'Free some disk space and start Atelier again.',
    });
  }
  if (!view.ok) throw new DatabaseDamagedError('corrupt');
}

export interface BackupsDeps {
  core: CoreDeps;
  store: BackupStore;
  push: RendererPush;
  damage: DamageState;
  /** The live connection (null when the database could not be opened). */
  db: Db | null;
  mediaPath: (sha: string) => string;
  closeCore: () => Promise<void>;
}

export interface Backups extends CoreModule {
  store: BackupStore;
  handlers: BackupHandlers;
  /** Back up now (refused while the database is damaged). */
  take(reason: BackupReason): Promise<BackupView>;
  status(): RecoveryStatus;
  /** Start the daily schedule. */
  start(): void;
  /** Stop the schedule and a backup being copied. */
  close(): Promise<void>;
}

/** Backups, restore and the recovery screen's channels, for a healthy core and a damaged one alike. */
export function createBackups(deps: BackupsDeps): Backups {
  const { store, push, damage, core } = deps;
  const list = (): BackupList => ({
    backups: store.list(),
    folder: store.dir,
    retention: retentionOf(core.settings.get()),
    running: store.running,
  });
  const status = (): RecoveryStatus => {
    const found = damage.current();
    if (!found) return { state: 'ok' };
    return {
      state: 'damaged',
      damage: found,
      newest: store.newestGood(),
      canRescue: found.kind !== 'newer' && found.kind !== 'diverged',
    };
  };
  const take = backupTaker(deps, list);
  const recovery: RecoveryDeps = {
    paths: core.paths,
    store,
    damage,
    now: () => core.clock.now(),
    logger: core.logger,
    liveDb: () => deps.db,
    mediaPath: deps.mediaPath,
    closeCore: deps.closeCore,
    ...(core.restart && { restart: core.restart }),
  };
  let closed = false;
  const schedule = dailySchedule(core, store, () =>
    take('daily').catch((e: unknown) => {
      if (!closed)
        push.emit('app.error', { message: `The daily backup could not be taken: ${toAppError(e).error.message}` });
      throw e;
    }),
  );
  damage.onTrip(() => {
    schedule.stop();
    push.emit('recovery.changed', status());
  });

  const handlers = backupHandlers(core, store, recovery, list, status, take);
  return {
    name: 'backup',
    store,
    handlers,
    take,
    status,
    start: () => {
      if (core.backups?.autoStart !== false && deps.db && !damage.current()) schedule.start();
    },
    close: async () => {
      closed = true;
      schedule.stop();
      await store.cancel();
    },
  };
}

/** Taking a backup now: damage met while copying trips the damage state; other failures are said in words. */
function backupTaker(deps: BackupsDeps, list: () => BackupList): (reason: BackupReason) => Promise<BackupView> {
  const { store, push, damage } = deps;
  return async (reason) => {
    if (damage.current() || !deps.db)
      fail(
        'storage',
        'The database is damaged: a copy of it would not be a good backup. ' +
          'Restore a backup or rescue the database first.',
      );
    const view = await store.take(deps.db, reason).catch((e: unknown) => {
      // The online backup reads every page: SQLite's word that one is damaged is damage of the live file.
      const found = damageOf(e);
      if (found) {
        damage.trip(found, 'running');
        throw found;
      }
      const { error, known } = toAppError(e);
      // Disk full or a folder it may not write: said in words, the partial copy already removed.
      throw known && !(e instanceof AppException)
        ? new AppException({ ...error, message: `The backup could not be written. ${error.message}` })
        : e;
    });
    // The online backup copies pages as they are: a copy found damaged means the database has damage.
    // (A check that could not run at all fails the backup in words instead; see BackupStore.finish.)
    if (!view.ok) damage.trip(new DatabaseDamagedError('corrupt'), 'running');
    push.emit('backups.changed', list());
    return view;
  };
}

/** The daily backups: one at start when the newest is older than a day, then one a day. */
function dailySchedule(core: CoreDeps, store: BackupStore, take: () => Promise<BackupView>): BackupSchedule {
  return new BackupSchedule({
    take,
    // The newest backup of the past: one dated in the future must not stop the daily ones.
    last: () => {
      const now = core.clock.now();
      const newest = store.list().find((b) => Date.parse(b.createdAt) <= now);
      return newest ? Date.parse(newest.createdAt) : null;
    },
    now: () => core.clock.now(),
    logger: core.logger,
    ...(core.backups?.startDelayMs !== undefined && { startDelayMs: core.backups.startDelayMs }),
  });
}

function backupHandlers(
  core: CoreDeps,
  store: BackupStore,
  recovery: RecoveryDeps,
  list: () => BackupList,
  status: () => RecoveryStatus,
  take: (reason: BackupReason) => Promise<BackupView>,
): BackupHandlers {
  return {
    'backups.list': () => list(),
    'backups.create': () => take('manual'),
    'backups.reveal': async () => {
      fs.mkdirSync(store.dir, { recursive: true, mode: 0o700 });
      return { folder: store.dir, revealed: core.revealFolder ? await core.revealFolder(store.dir) : false };
    },
    'backups.preview': ({ id }) => previewRestore(recovery, id),
    // Alone in the backups' queue: no backup prunes the one being restored meanwhile.
    'backups.restore': ({ id }) => store.serially(() => restoreBackup(recovery, id)),
    'recovery.status': () => status(),
    'recovery.rescue': () => rescue(recovery),
    'recovery.report': () => unseenRestoreReport(store.dir),
    'recovery.dismissReport': () => ({ dismissed: dismissRestoreReport(store.dir) }),
  };
}
