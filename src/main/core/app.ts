import path from 'node:path';
import type { HandlerMap } from '../../shared/contract';
import { createAi } from './ai/module';
import type { AiQueue } from './ai/queue';
import type { JobStore } from './ai/job-store';
import type { Studio } from './ai/studio';
import { backupBeforeMigrations, backupStoreFor, createBackups, type Backups } from './backup/backups';
import { closeAll, mediaFiles, mergeHandlers, startAll, type CoreModule, type Kernel } from './compose';
import { closeWithoutCheckpoint } from './db/close';
import { DatabaseDamagedError, damageOf } from './db/damage';
import { DamageState, damageWords, refuseWhileDamaged } from './db/damage-state';
import { guardDatabase } from './db/guard';
import { allowCheckpoints, openDatabase, type Db, type OpenedDatabase } from './db/open';
import { createDiagnostics } from './diagnostics/module';
import { createDispatcher, type Dispatch } from './dispatch';
import { CoreBus, forwardToRenderer, RendererPush } from './event-bus';
import { BlobStore } from './library/files/blob-store';
import { detectMediaTools } from './media/media-tools';
import type { Library } from './library/library';
import { createLibrary } from './library/module';
import { createMediaFixes } from './media/fixes/module';
import type { FixJobs } from './media/fixes/fix-jobs';
import { MetaStore } from './meta-store';
import type { AutomationEngine } from './planning/automations/engine';
import type { MediaQueue } from './planning/media-queue';
import { createPalette } from './palette/module';
import { createPlanning, type Planning, type PlanningDeps } from './planning/module';
import { createPostAi } from './planning/post-ai-module';
import type { Channels } from './channels/channels';
import { createChannels, type ChannelsModule } from './channels/module';
import type { Reminders } from './planning/reminders';
import type { Connection } from './platform/connection';
import type { HttpClient } from './platform/http';
import { createPlatform, createSessionWatch } from './platform/module';
import type { AuthSession } from './platform/session';
import type { CoreDeps, Logger, Notifier } from './ports';
import { createSettings } from './settings/module';
import { createRecords } from './store/module';
import type { RecordStore } from './store/record-store';
import type { Workspace } from './store/workspace';
import { createSync } from './sync/module';
import type { SyncEngine } from './sync/engine';
import { createUpdates } from './updates/module';
import { createInbox } from './inbox/module';
import type { InboxSources } from './inbox/sources';

export interface Core {
  dispatch: Dispatch;
  handlers: HandlerMap;
  /** The contract's push events, for the hosts to pass on to the renderer. */
  events: RendererPush;
  /** The core's own typed events between its domains. */
  bus: CoreBus;
  db: Db;
  session: AuthSession;
  connection: Connection;
  http: HttpClient;
  store: RecordStore;
  workspace: Workspace;
  sync: SyncEngine;
  library: Library;
  /** Crops, pads, resizes and trims of library media, as jobs. */
  fixes: FixJobs;
  ai: { studio: Studio; queue: AiQueue; jobs: JobStore };
  /** The content-addressed file store (library media, AI inputs and results). */
  blobs: BlobStore;
  planner: { automations: AutomationEngine; reminders: Reminders; queue: MediaQueue };
  channels: Channels;
  /** Backups of the database, restore and rescue. */
  backups: Backups;
  /** Whether the database was found damaged (then nothing more is written). */
  damage: DamageState;
  /** What hosts need to serve media and take uploads (browser mode). */
  media: { blobPath(sha: string): string | null; uploadsDir: string };
  /** Load the session and validate it once (in the background). Call once after creating. */
  start(): Promise<void>;
  /** The system resumed from sleep or the window came back: validate again, once. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * Build the whole core from its ports. Never imports Electron; every host calls this. A damaged
 * database throws DatabaseDamagedError (see core-host for the recovery screen's core).
 */
export function createCore(deps: CoreDeps): Core {
  const backupStore = backupStoreFor(deps);
  const opened = openDatabase(deps.paths.dbFile, deps.paths.migrationsDir, deps.logger, {
    beforeMigrations: (db) => backupBeforeMigrations(backupStore, db),
    emptyIsDamage: backupStore.newestGood() !== null,
    ...(deps.backups?.checkWaitMs !== undefined && { checkWaitMs: deps.backups.checkWaitMs }),
  });
  try {
    return buildCore(deps, opened, backupStore);
  } catch (e) {
    // Damage met while building (a first query) leaves the file as it is, as does a check still running.
    void opened.pendingCheck?.cancel();
    if (damageOf(e) || opened.pendingCheck) closeWithoutCheckpoint(opened.db);
    else if (opened.db.open) opened.db.close();
    throw e;
  }
}

/**
 * The core as a list of domain modules: each takes what it needs (the kernel's plumbing and the
 * domains before it), they start in this order and close in reverse, and their handlers make the
 * one map the contract derives. Cross-domain rules travel on the typed `bus`.
 */
function buildCore(deps: CoreDeps, opened: OpenedDatabase, backupStore: ReturnType<typeof backupStoreFor>): Core {
  const { kernel: k, running, checkPassed } = openKernel(deps, opened, backupStore);
  const platform = createPlatform(k);
  const { session, connection } = platform;
  const records = createRecords({ ...k, session });
  const { store, workspace } = records;
  const backups = backupsOf(deps, k, backupStore, () => core.close());
  const library = createLibrary({ ...k, store, workspace });
  const fixes = createMediaFixes({ ...k, library: library.library });
  const sync = createSync({ ...k, store, workspace, session, connection });
  const ai = createAi({ ...k, platform, store, workspace, library: library.library });
  const { channels, planning } = channelsAndPlanning({ ...k, store, workspace, connection, studio: ai.studio });
  const postAi = createPostAi({ ...k, store, workspace, studio: ai.studio, library: library.library });
  const palette = createPalette({ ...k, store, workspace, jobs: ai.jobs, channels: () => channels.channels.list() });
  const updates = createUpdates(k);
  const diagnostics = createDiagnostics({
    ...k,
    schemaVersion: opened.schemaVersion,
    connection,
    updates: updates.updates,
    sync: sync.engine,
    aiQueue: ai.queue,
    mediaQueue: planning.queue,
  });
  const watch = createSessionWatch(session);
  const inbox = inboxOf(k, workspace, planning.reminders, () => handlers);
  // Closed in reverse: the library's imports stop before a backup being copied is cancelled.
  const modules: CoreModule[] = [
    platform,
    records,
    library,
    fixes,
    sync,
    ai,
    channels,
    planning,
    postAi,
    palette,
    createSettings(k),
    updates,
    diagnostics,
    watch,
    inbox,
    // Last: the backup schedule starts only once everything else has, and never on a damaged database.
    backups,
  ];
  // Subscribed last: the core's own rules run before the screens hear.
  forwardToRenderer(k.bus, k.push, ['session.changed', 'connection.changed', 'records.changed']);
  stopWritesOnDamage(k);
  const handlers = afterReady(mergeHandlers(modules), platform.ready);
  const dispatch = guardedDispatcher(deps, k, handlers);
  deps.logger.info('core started', { host: deps.host, version: deps.version, applied: opened.applied });

  const core: Core = {
    dispatch,
    handlers,
    events: k.push,
    bus: k.bus,
    db: k.db,
    session,
    connection,
    http: platform.http,
    store,
    workspace,
    sync: sync.engine,
    library: library.library,
    fixes: fixes.fixes,
    ai: { studio: ai.studio, queue: ai.queue, jobs: ai.jobs },
    blobs: k.files.blobs,
    planner: { automations: planning.automations, reminders: planning.reminders, queue: planning.queue },
    channels: channels.channels,
    backups,
    damage: k.damage,
    media: { blobPath: (sha) => library.library.blobPath(sha), uploadsDir: k.files.uploadsDir },
    ...lifecycle({ deps, opened, kernel: k, modules, ready: platform.ready, running, checkPassed }),
    resume: () => watch.resume(),
  };
  return core;
}

/**
 * The inbox, reading where each kind of item lives: the owning domains' channels (called once all of them answer)
 * and the planner's announced reminders.
 */
function inboxOf(k: Kernel, workspace: Workspace, reminders: Reminders, h: () => HandlerMap) {
  return createInbox({ ...k, account: () => workspace.account(), sources: inboxSources(h, reminders) });
}

function inboxSources(h: () => HandlerMap, reminders: Reminders): Omit<InboxSources, 'imports'> {
  return {
    conflicts: () => h()['sync.conflicts']({}),
    failedChanges: () => h()['sync.failed']({}),
    syncStatus: () => h()['sync.status']({}),
    finishedJobs: async () => (await h()['ai.queue']({})).recent,
    fixJobs: () => h()['media.fixJobs']({}),
    session: () => h()['session.get']({}),
    reminders: () => reminders.announced(),
  };
}

/** The backups module on the kernel's database and media. */
function backupsOf(
  deps: CoreDeps,
  k: Kernel,
  store: ReturnType<typeof backupStoreFor>,
  closeCore: () => Promise<void>,
) {
  return createBackups({
    core: deps,
    store,
    push: k.push,
    damage: k.damage,
    db: k.db,
    mediaPath: (sha) => k.files.blobs.path(sha),
    closeCore,
  });
}

/**
 * Channels and the planner read each other: the channels find the posts on them, the calendar checks
 * posts against the channels' rules. Each gets the other's reads as functions, called once both exist.
 */
function channelsAndPlanning(
  d: Omit<PlanningDeps, 'targetRules' | 'channelNamed' | 'channelById' | 'channelStore'> & Pick<Kernel, 'db'>,
): {
  channels: ChannelsModule;
  planning: Planning;
} {
  const channels = createChannels({
    ...d,
    scheduledBetween: (from, to) => planning.scheduledBetween(from, to),
    namedChannels: () => planning.namedChannels(),
  });
  const planning = createPlanning({
    ...d,
    targetRules: (t) => channels.channels.rulesOf(t),
    channelNamed: (name) => channels.channels.named(name),
    channelById: (id) => channels.channels.list().find((c) => c.id === id),
    channelStore: { list: () => channels.channels.list(), restore: (list) => channels.channels.restore(list) },
  });
  return { channels, planning };
}

/** Answers through the handlers, refusing writes while the database is damaged. */
function guardedDispatcher(deps: CoreDeps, k: Kernel, handlers: HandlerMap): Dispatch {
  return createDispatcher(handlers, {
    logger: deps.logger,
    validateOutputs: deps.validateOutputs ?? false,
    gate: refuseWhileDamaged(k.damage),
    whileDamaged: () => damageWords(k.damage),
  });
}

/** Starting the modules in order and closing them in reverse, then the database itself. */
function lifecycle(o: {
  deps: CoreDeps;
  opened: OpenedDatabase;
  kernel: Kernel;
  modules: CoreModule[];
  ready: () => Promise<void>;
  running: () => void;
  checkPassed: () => boolean;
}): Pick<Core, 'start' | 'close'> {
  const { deps, opened, kernel: k, modules } = o;
  return {
    start: async () => {
      await o.ready();
      try {
        // Damage met by a first query (the reminders') is the recovery screen's to explain, not a crash.
        await startAll(
          modules,
          (e) => damageOf(e) !== null,
          () => k.damage.current() !== null,
        );
      } finally {
        o.running();
      }
    },
    close: async () => {
      try {
        await closeAll(modules, deps.logger);
      } finally {
        await opened.pendingCheck?.cancel();
        // A damaged file, or one whose check has not passed, is not checkpointed into: it stays as it was found.
        if (k.damage.current() || !o.checkPassed()) closeWithoutCheckpoint(k.db);
        else if (k.db.open) k.db.close();
      }
    },
  };
}

/**
 * The plumbing every domain may take: the guarded database, the damage state, the two event
 * channels, the media files.
 */
function openKernel(
  deps: CoreDeps,
  opened: OpenedDatabase,
  backupStore: ReturnType<typeof backupStoreFor>,
): { kernel: Kernel; running(): void; checkPassed(): boolean } {
  const damage = new DamageState(deps.paths.dbFile, () => deps.clock.now());
  let started = false;
  const db = guardDatabase(opened.db, (e) => {
    const found = damageOf(e);
    if (found) damage.trip(found, started ? 'running' : 'start');
  });
  const checkPassed = watchPendingCheck(opened, damage, deps.logger, () => (started ? 'running' : 'start'));
  const meta = new MetaStore(db);
  meta.setIfAbsent('created_at', new Date(deps.clock.now()).toISOString());
  const bus = new CoreBus(deps.logger);
  const push = new RendererPush(deps.logger);
  // In browser mode the page shows notifications itself (the Web Notifications API).
  const notifier: Notifier = {
    notify: (n) => {
      deps.notifier.notify(n);
      if (deps.host === 'web') push.emit('app.notification', n);
    },
  };
  const files = mediaFiles(
    new BlobStore(path.join(deps.paths.dataDir, 'media')),
    path.join(deps.paths.dataDir, 'uploads'),
    deps.mediaTools ?? (() => detectMediaTools()),
  );
  // A file a kept backup refers to stays: restoring that backup must find it.
  files.keep((sha) => backupStore.references(sha));
  const kernel: Kernel = {
    deps,
    db,
    meta,
    now: () => deps.clock.now(),
    logger: deps.logger,
    damage,
    bus,
    push,
    notifier,
    files,
  };
  return { kernel, running: () => void (started = true), checkPassed };
}

/** Nothing answers before the session has read its secrets. */
function afterReady(handlers: HandlerMap, ready: () => Promise<void>): HandlerMap {
  for (const name of Object.keys(handlers) as (keyof HandlerMap)[]) {
    const inner = handlers[name] as (input: unknown) => unknown;
    (handlers as Record<string, (input: unknown) => unknown>)[name] = async (input) => {
      await ready();
      return inner(input);
    };
  }
  return handlers;
}

/**
 * Damage found anywhere stops every writer at once (each domain stops its own); the renderer
 * shows the recovery screen.
 */
function stopWritesOnDamage({ damage, db, logger }: Kernel): void {
  damage.onTrip((found) => {
    logger.error('the database is damaged: writes stopped', { kind: found.kind, during: found.during });
    try {
      db.pragma('query_only = ON');
    } catch {
      // A connection that cannot even take a pragma writes nothing either.
    }
  });
}

/**
 * The check at open that had not finished in time goes on: damage it finds trips the damage
 * state; passing lets the WAL be checkpointed into the file again. Answers whether it has passed.
 */
function watchPendingCheck(
  opened: OpenedDatabase,
  damage: DamageState,
  logger: Logger,
  during: () => 'start' | 'running',
): () => boolean {
  let passed = !opened.pendingCheck;
  void opened.pendingCheck?.result.then((result) => {
    if (result.ok) {
      passed = true;
      allowCheckpoints(opened.db);
    } else if (result.damaged) damage.trip(new DatabaseDamagedError('corrupt'), during());
    else
      logger.warn('the database check begun at start did not finish; the WAL is kept until the next start', {
        problems: result.problems,
      });
  });
  return () => passed;
}
