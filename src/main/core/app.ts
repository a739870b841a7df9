import os from 'node:os';
import type { HandlerMap } from '../../shared/contract';
import { openDatabase, type Db } from './db/open';
import { createDispatcher, type Dispatch } from './dispatch';
import { EventBus } from './event-bus';
import { MetaStore } from './meta-store';
import { Connection } from './platform/connection';
import { accountHandlers } from './platform/handlers';
import { HttpClient } from './platform/http';
import { AuthSession, type RefreshPoint } from './platform/session';
import type { CoreDeps } from './ports';
import { settingsHandlers } from './settings/handlers';

export interface Core {
  dispatch: Dispatch;
  handlers: HandlerMap;
  events: EventBus;
  db: Db;
  session: AuthSession;
  connection: Connection;
  http: HttpClient;
  /** Load the session and validate it once (in the background). Call once after creating. */
  start(): Promise<void>;
  /** The system resumed from sleep or the window came back: validate again, once. */
  resume(): void;
  close(): Promise<void>;
}

/** Build the whole core from its ports. Never imports Electron; every host calls this. */
export function createCore(deps: CoreDeps): Core {
  const opened = openDatabase(deps.paths.dbFile, deps.paths.migrationsDir, deps.logger);
  const { db } = opened;
  db.prepare("INSERT OR IGNORE INTO app_meta (key, value) VALUES ('created_at', ?)").run(JSON.stringify(new Date(deps.clock.now()).toISOString()));
  const bus = new EventBus(deps.logger);
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
    notifier: deps.notifier,
    meta,
    target: () => connection.target(),
    onChange: (view) => bus.emit('session.changed', view),
    faultPoint: deps.faultPoint ? (name: RefreshPoint) => deps.faultPoint?.(name) : undefined,
  });
  let loaded: Promise<void> | null = null;
  let expiryTimer: NodeJS.Timeout | undefined;
  const ready = () => (loaded ??= session.load());

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
        sqlite: (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v,
        ...deps.versions,
      },
    }),
    ...settingsHandlers(deps, bus),
    ...accountHandlers(connection, session, bus, deps.clock),
  };
  // Nothing answers before the session has read its secrets.
  for (const name of Object.keys(handlers) as (keyof HandlerMap)[]) {
    const inner = handlers[name] as (input: unknown) => unknown;
    (handlers as Record<string, (input: unknown) => unknown>)[name] = async (input) => {
      await ready();
      return inner(input);
    };
  }

  const dispatch = createDispatcher(handlers, { logger: deps.logger, validateOutputs: deps.validateOutputs ?? false });
  deps.logger.info('core started', { host: deps.host, version: deps.version, applied: opened.applied });

  return {
    dispatch,
    handlers,
    events: bus,
    db,
    session,
    connection,
    http,
    start: async () => {
      await ready();
      void session.validateOnce();
      session.checkApiKeyExpiry();
      // Expiry warnings must fire while the app stays open for days.
      expiryTimer = setInterval(() => session.checkApiKeyExpiry(), 60 * 60 * 1000);
      expiryTimer.unref();
    },
    resume: () => {
      session.resumed();
      void session.validateOnce();
    },
    close: async () => {
      if (expiryTimer) clearInterval(expiryTimer);
      await connection.close();
      if (db.open) db.close();
    },
  };
}
