import os from 'node:os';
import type { HandlerMap } from '../../shared/contract';
import { openDatabase, type Db } from './db/open';
import { createDispatcher, type Dispatch } from './dispatch';
import { EventBus } from './event-bus';
import type { CoreDeps } from './ports';
import { settingsHandlers } from './settings/handlers';

export interface Core {
  dispatch: Dispatch;
  handlers: HandlerMap;
  events: EventBus;
  db: Db;
  close(): void;
}

/** Build the whole core from its ports. Never imports Electron; every host calls this. */
export function createCore(deps: CoreDeps): Core {
  const opened = openDatabase(deps.paths.dbFile, deps.paths.migrationsDir, deps.logger);
  const { db } = opened;
  db.prepare("INSERT OR IGNORE INTO app_meta (key, value) VALUES ('created_at', ?)").run(new Date(deps.clock.now()).toISOString());
  const bus = new EventBus(deps.logger);

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
  };

  const dispatch = createDispatcher(handlers, { logger: deps.logger, validateOutputs: deps.validateOutputs ?? false });
  deps.logger.info('core started', { host: deps.host, version: deps.version, applied: opened.applied });

  return {
    dispatch,
    handlers,
    events: bus,
    db,
    close: () => {
      if (db.open) db.close();
    },
  };
}
