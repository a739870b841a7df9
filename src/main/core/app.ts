import os from 'node:os';
import path from 'node:path';
import type { HandlerMap } from '../../shared/contract';
import type { EventPayload } from '../../shared/events';
import { backupBeforeMigrations, backupStoreFor, createBackups, type Backups } from './backup/backups';
import { closeWithoutCheckpoint } from './db/close';
import { DatabaseDamagedError, damageOf } from './db/damage';
import { DamageState, damageWords, refuseWhileDamaged } from './db/damage-state';
import { guardDatabase } from './db/guard';
import { allowCheckpoints, openDatabase, type Db, type OpenedDatabase } from './db/open';
import { createDispatcher, type Dispatch } from './dispatch';
import { EventBus } from './event-bus';
import { MetaStore } from './meta-store';
import { Connection } from './platform/connection';
import { accountHandlers } from './platform/handlers';
import { HttpClient } from './platform/http';
import { AuthSession, type RefreshPoint } from './platform/session';
import type { CoreDeps, Logger, Notifier, Updates } from './ports';
import type { UpdateStatus } from '../../shared/updates';
import { diagnosticsHandlers } from './diagnostics/export';
import { SECRET } from './platform/secret-keys';
import { settingsHandlers } from './settings/handlers';
import { BlobStore } from './library/files/blob-store';
import { detectMediaTools } from './library/files/media-tools';
import { libraryHandlers } from './library/handlers';
import { Library } from './library/library';
import { recordHandlers } from './store/handlers';
import { RecordStore } from './store/record-store';
import { Workspace } from './store/workspace';
import { ActivityLog } from './sync/activity-log';
import { SyncEngine } from './sync/engine';
import { syncHandlers } from './sync/handlers';
import { SyncWriter } from './sync/writer';
import { resourceGroups } from '../../shared/profile';
import { throttledIds } from './throttled-ids';
import { aiHandlers } from './ai/handlers';
import { JobStore } from './ai/job-store';
import { AiQueue } from './ai/queue';
import { JobRunner } from './ai/runner';
import { Studio } from './ai/studio';
import { Teacher } from './ai/teacher';
import { AutomationEngine } from './planning/automations/engine';
import { contentHandlers } from './planning/handlers-content';
import { scheduleHandlers } from './planning/handlers-schedule';
import { PlannerImporter } from './planning/import';
import { MediaQueue } from './planning/media-queue';
import { Posts } from './planning/posts';
import { Reminders } from './planning/reminders';
import { Schedule } from './planning/schedule';
import { Templates } from './planning/templates';
import { WorkspaceTransfer } from './planning/workspace-transfer';

export interface Core {
  dispatch: Dispatch;
  handlers: HandlerMap;
  events: EventBus;
  db: Db;
  session: AuthSession;
  connection: Connection;
  http: HttpClient;
  store: RecordStore;
  workspace: Workspace;
  sync: SyncEngine;
  library: Library;
  ai: { studio: Studio; queue: AiQueue; jobs: JobStore };
  /** The content-addressed file store (library media, AI inputs and results). */
  blobs: BlobStore;
  planner: { automations: AutomationEngine; reminders: Reminders; queue: MediaQueue };
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

function buildCore(deps: CoreDeps, opened: OpenedDatabase, backupStore: ReturnType<typeof backupStoreFor>): Core {
  const damage = new DamageState(deps.paths.dbFile, () => deps.clock.now());
  let started = false;
  const db = guardDatabase(opened.db, (e) => {
    const found = damageOf(e);
    if (found) damage.trip(found, started ? 'running' : 'start');
  });
  const checkPassed = watchPendingCheck(opened, damage, deps.logger, () => (started ? 'running' : 'start'));
  new MetaStore(db).setIfAbsent('created_at', new Date(deps.clock.now()).toISOString());
  const bus = new EventBus(deps.logger);
  // In browser mode the page shows notifications itself (the Web Notifications API).
  const notifier: Notifier = {
    notify: (n) => {
      deps.notifier.notify(n);
      if (deps.host === 'web') bus.emit('app.notification', n);
    },
  };
  const meta = new MetaStore(db);
  const http = new HttpClient({ fetch: deps.fetch, now: () => deps.clock.now(), logger: deps.logger });
  const connection = new Connection(meta, deps.secrets, deps.logger, deps.embeddedSandbox, (url) => http.hostState(url).state);
  http.onStateChange(() => {
    void connection.view(session.view().signedIn).then((view) => bus.emit('connection.changed', view));
  });
  const session = new AuthSession({
    http,
    secrets: deps.secrets,
    clock: deps.clock,
    logger: deps.logger,
    notifier,
    meta,
    target: () => connection.target(),
    onChange: (view) => bus.emit('session.changed', view),
    faultPoint: deps.faultPoint ? (name: RefreshPoint) => deps.faultPoint?.(name) : undefined,
  });
  const now = () => deps.clock.now();
  const workspace = new Workspace(db, meta);
  const store = new RecordStore(db, now, (group, ids) => {
    bus.emit('records.changed', { group, ids: ids && ids.length <= 1000 ? ids : null });
    sync.kick(250);
  });
  const writer = new SyncWriter(store, now);
  const activity = new ActivityLog(db, now);
  let reachable: 'online' | 'offline' | 'unknown' = 'unknown';
  let lastProfile: string | null = null;
  const sync: SyncEngine = new SyncEngine({
    store,
    writer,
    log: activity,
    clock: deps.clock,
    logger: deps.logger,
    session,
    target: () => connection.target(),
    profile: () => connection.profile(),
    account: () => workspace.account(),
    online: () => reachable,
    onStatus: (status) => bus.emit('sync.changed', status),
    onRecordsChanged: (group) => bus.emit('records.changed', { group, ids: null }),
    ...(deps.sync?.concurrency !== undefined && { concurrency: deps.sync.concurrency }),
    ...(deps.sync?.pullIntervalMs !== undefined && { pullIntervalMs: deps.sync.pullIntervalMs }),
    ...(deps.faultPoint && { faultPoint: deps.faultPoint }),
  });
  bus.subscribe((event, payload) => {
    if (event === 'session.changed') {
      const view = payload as EventPayload<'session.changed'>;
      if (view.state === 'active' && view.accountId && workspace.enter(view.accountId)) {
        for (const group of resourceGroups) bus.emit('records.changed', { group, ids: null });
      }
      sync.kick();
    } else if (event === 'connection.changed') {
      const view = payload as EventPayload<'connection.changed'>;
      const was = reachable;
      reachable = view.reachable;
      const profileKey = `${view.profile.id} ${view.profile.revision} ${view.baseUrl ?? ''}`;
      if (profileKey !== lastProfile) {
        lastProfile = profileKey;
        sync.profileChanged();
      } else if (reachable === 'online' && was !== 'online') sync.kick();
      if (reachable === 'online' && was !== 'online') queue.online();
    }
    if (event === 'session.changed') queue.online();
  });
  const blobs = new BlobStore(path.join(deps.paths.dataDir, 'media'));
  const uploadsDir = path.join(deps.paths.dataDir, 'uploads');
  const tools = deps.mediaTools ?? (() => detectMediaTools());
  const jobs = new JobStore(db);
  const library = new Library({
    store,
    workspace,
    blobs,
    tools,
    now,
    logger: deps.logger,
    uploadsDir,
    // A file a kept backup refers to stays: restoring that backup must find it.
    otherUses: (sha) => jobs.uses(sha) || backupStore.references(sha),
    whileDamaged: () => damageWords(damage),
    onImported: (assets) => {
      for (const a of assets) runAutomations({ type: 'asset_imported', assetId: a.id, name: a.name, tags: a.tags });
    },
  });
  const aiChanged = throttledIds(200, (ids, progressOnly) => bus.emit('ai.changed', { ids, status: queue.status(), progressOnly }));
  const runner = new JobRunner({
    send: (req) => session.request(req),
    fetchPlain: (req) => http.request(req),
    target: () => connection.target(),
    blobs,
    jobs,
    tools,
    now,
    logger: deps.logger,
  });
  const queue: AiQueue = new AiQueue({
    jobs,
    runner,
    now,
    logger: deps.logger,
    notifier,
    account: () => workspace.account(),
    session: () => session.view(),
    load: () => meta.get('ai.queue'),
    save: (settings) => meta.set('ai.queue', settings),
    changed: aiChanged,
    onSucceeded: (jobId) => {
      const job = jobs.get(jobId);
      if (job) runAutomations({ type: 'ai_job_succeeded', jobId, operation: job.operation, prompt: job.prompt ?? '' });
    },
  });
  const studio = new Studio({
    jobs,
    queue,
    store,
    blobs,
    library,
    meta,
    uploadsDir,
    // A file a kept backup refers to stays, as for the library.
    otherUses: (sha) => backupStore.references(sha),
    account: () => workspace.account(),
    target: () => connection.target(),
    now,
  });
  const teacher = new Teacher({
    jobs,
    runner,
    account: () => workspace.account(),
    profiles: () => {
      const inUse = connection.profile();
      return { inUse, builtin: connection.summaries().some((p) => p.id === inUse.id && p.builtin), ids: connection.profiles().map((p) => p.id) };
    },
    adopt: async (json) => {
      await connection.adoptDerived(json);
      bus.emit('connection.changed', await connection.view(session.view().signedIn));
    },
  });

  // The planner: schedule, media queue, templates, import and export, automations and reminders.
  const account = () => workspace.account();
  const schedule = new Schedule({ store, workspace });
  const mediaQueue = new MediaQueue({ store, workspace, profile: () => connection.profile() });
  const posts = new Posts({ store, workspace });
  const templates = new Templates({ store, account, now });
  const importer = new PlannerImporter({ store, account });
  const transfer = new WorkspaceTransfer({ store, blobs, account, now });
  const automations = new AutomationEngine({
    store,
    account,
    now,
    templates,
    queueAdd: (source, note) => mediaQueue.add({ source, ...(note !== undefined && { note }) }),
    submitAi: (input) => studio.submit(input),
    onRan: (automationIds) => bus.emit('automations.changed', { automationIds }),
    logger: deps.logger,
  });
  function runAutomations(event: Parameters<AutomationEngine['handle']>[0]): void {
    if (damage.current()) return;
    automations.handle(event).catch((e: unknown) => deps.logger.error('automations failed', { event: event.type, error: e }));
  }
  const reminders = new Reminders({
    store,
    workspace,
    meta,
    notifier,
    clock: deps.clock,
    logger: deps.logger,
    onDue: (group, id) => runAutomations({ type: 'scheduled_time', group, id }),
  });
  bus.subscribe((event, payload) => {
    if (event === 'session.changed') reminders.replan();
    else if (event === 'records.changed') {
      const { group } = payload as EventPayload<'records.changed'>;
      if (group === 'posts' || group === 'mediaQueue') reminders.replan();
    }
  });
  const backups = createBackups({
    core: deps,
    store: backupStore,
    bus,
    damage,
    db,
    mediaPath: (sha) => blobs.path(sha),
    closeCore: () => core.close(),
  });
  // Damage found anywhere stops every writer at once; the renderer shows the recovery screen.
  damage.onTrip((found) => {
    deps.logger.error('the database is damaged: writes stopped', { kind: found.kind, during: found.during });
    reminders.close();
    void queue.close();
    void sync.close();
    try {
      db.pragma('query_only = ON');
    } catch {
      // A connection that cannot even take a pragma writes nothing either.
    }
  });
  let loaded: Promise<void> | null = null;
  let expiryTimer: NodeJS.Timeout | undefined;
  const ready = () => (loaded ??= session.load());

  const updates = deps.updates ?? disabledUpdates('Updates are handled by the desktop app.');
  updates.onChange((status) => bus.emit('updates.changed', status));
  const diagnostics = diagnosticsHandlers(
    {
      logsDir: deps.paths.logsDir,
      now,
      // app.info's facts without the paths (they name the user) and the platform address.
      facts: async () => {
        const { dataDir: _dataDir, database, ...facts } = await handlers['app.info']({});
        return {
          ...facts,
          database: { schemaVersion: database.schemaVersion, journalMode: database.journalMode },
          profile: connection.profile().id,
          updates: updates.status(),
        };
      },
      settings: () => deps.settings.get(),
      syncStatus: () => sync.status(),
      queues: () => ({ outbox: sync.status().totals, ai: queue.status(), mediaQueue: mediaQueue.list().items.length }),
      ...(deps.registry && { registry: deps.registry }),
      knownSecrets: async () => (await Promise.all([SECRET.tokens, SECRET.apiKey, SECRET.clientSecret].map((k) => deps.secrets.get(k)))).filter((v): v is string => Boolean(v)),
    },
    deps.dialogs,
  );

  const handlers: HandlerMap = {
    'app.info': () => ({
      name: 'Atelier',
      version: deps.version,
      host: deps.host,
      platform: `${process.platform}-${process.arch} (${os.release()})`,
      dataDir: deps.paths.dataDir,
      database: {
        path: deps.paths.dbFile,
        schemaVersion: opened.schemaVersion,
        journalMode: String(db.pragma('journal_mode', { simple: true })),
      },
      versions: {
        node: process.versions.node,
        sqlite: db.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get()?.v ?? 'unknown',
        ...deps.versions,
      },
    }),
    ...diagnostics,
    'updates.status': () => updates.status(),
    'updates.check': () => updates.check(),
    'updates.download': () => updates.download(),
    'updates.install': () => updates.install(),
    ...settingsHandlers(deps, bus),
    ...accountHandlers(connection, session, bus, deps.clock, http),
    ...recordHandlers(store, workspace),
    ...libraryHandlers(library, deps.dialogs),
    ...syncHandlers(store, sync, writer, activity, workspace),
    ...aiHandlers(studio, queue, teacher, blobs, deps.dialogs),
    ...scheduleHandlers({ schedule, queue: mediaQueue, posts }),
    ...contentHandlers({ templates, importer, transfer, automations, dialogs: deps.dialogs }),
    ...backups.handlers,
  };
  // Nothing answers before the session has read its secrets.
  for (const name of Object.keys(handlers) as (keyof HandlerMap)[]) {
    const inner = handlers[name] as (input: unknown) => unknown;
    (handlers as Record<string, (input: unknown) => unknown>)[name] = async (input) => {
      await ready();
      return inner(input);
    };
  }

  const dispatch = createDispatcher(handlers, { logger: deps.logger, validateOutputs: deps.validateOutputs ?? false, gate: refuseWhileDamaged(damage), whileDamaged: () => damageWords(damage) });
  deps.logger.info('core started', { host: deps.host, version: deps.version, applied: opened.applied });

  const core: Core = {
    dispatch,
    handlers,
    events: bus,
    db,
    session,
    connection,
    http,
    store,
    workspace,
    sync,
    library,
    ai: { studio, queue, jobs },
    blobs,
    planner: { automations, reminders, queue: mediaQueue },
    backups,
    damage,
    media: { blobPath: (sha) => library.blobPath(sha), uploadsDir },
    start: async () => {
      await ready();
      try {
        const view = session.view();
        if (view.state === 'active' && view.accountId) workspace.enter(view.accountId);
        await blobs.cleanTemp().catch((e: unknown) => deps.logger.warn('could not clean unfinished media files', { error: e }));
        if (deps.sync?.autoStart !== false) sync.start();
        if (deps.ai?.autoStart !== false) queue.start();
        reminders.start();
      } catch (e) {
        // Damage met by a first query (the reminders') is the recovery screen's to explain, not a crash.
        if (!damageOf(e)) throw e;
      } finally {
        started = true;
      }
      if (damage.current()) return;
      void session.validateOnce();
      session.checkApiKeyExpiry();
      // Expiry warnings must fire while the app stays open for days.
      expiryTimer = setInterval(() => session.checkApiKeyExpiry(), 60 * 60 * 1000);
      expiryTimer.unref();
      backups.start();
    },
    resume: () => {
      session.resumed();
      void session.validateOnce();
    },
    close: async () => {
      if (expiryTimer) clearInterval(expiryTimer);
      // Imports first: none may write to the database or remove a file once it is being replaced.
      await library.close();
      await backups.close();
      await opened.pendingCheck?.cancel();
      reminders.close();
      await queue.close();
      aiChanged.cancel();
      await sync.close();
      await connection.close();
      // A damaged file, or one whose check has not passed, is not checkpointed into: it stays as it was found.
      if (damage.current() || !checkPassed()) closeWithoutCheckpoint(db);
      else if (db.open) db.close();
    },
  };
  return core;
}

/**
 * The check at open that had not finished in time goes on: damage it finds trips the damage
 * state; passing lets the WAL be checkpointed into the file again. Answers whether it has passed.
 */
function watchPendingCheck(opened: OpenedDatabase, damage: DamageState, logger: Logger, during: () => 'start' | 'running'): () => boolean {
  let passed = !opened.pendingCheck;
  void opened.pendingCheck?.result.then((result) => {
    if (result.ok) {
      passed = true;
      allowCheckpoints(opened.db);
    } else if (result.damaged) damage.trip(new DatabaseDamagedError('corrupt'), during());
    else logger.warn('the database check begun at start did not finish; the WAL is kept until the next start', { problems: result.problems });
  });
  return () => passed;
}

/** Updates where this host does not update itself (browser mode, tests): always `disabled`. */
export function disabledUpdates(reason: string): Updates {
  const status: UpdateStatus = { state: 'disabled', reason };
  return { status: () => status, check: async () => status, download: async () => status, install: async () => status, onChange: () => () => undefined };
}
