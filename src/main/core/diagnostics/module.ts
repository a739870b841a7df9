import type { AiQueue } from '../ai/queue';
import type { CoreModule, Kernel } from '../compose';
import type { MediaQueue } from '../planning/media-queue';
import type { Connection } from '../platform/connection';
import { SECRET } from '../platform/secret-keys';
import type { Updates } from '../ports';
import type { SyncEngine } from '../sync/engine';
import { appInfoOf } from './app-info';
import { diagnosticsHandlers } from './export';

export interface DiagnosticsDeps extends Pick<Kernel, 'deps' | 'db' | 'now'> {
  schemaVersion: number;
  connection: Pick<Connection, 'profile'>;
  updates: Pick<Updates, 'status'>;
  sync: Pick<SyncEngine, 'status'>;
  aiQueue: Pick<AiQueue, 'status'>;
  mediaQueue: Pick<MediaQueue, 'list'>;
}

/** What the app is and runs on (app.info), and the diagnostics export built from it and the other domains' state. */
export function createDiagnostics({
  deps,
  db,
  now,
  schemaVersion,
  connection,
  updates,
  sync,
  aiQueue,
  mediaQueue,
}: DiagnosticsDeps): CoreModule {
  const appInfo = () =>
    appInfoOf(
      deps,
      { schemaVersion, journalMode: String(db.pragma('journal_mode', { simple: true })) },
      { sqlite: db.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get()?.v ?? 'unknown' },
    );
  const exportHandlers = diagnosticsHandlers(
    {
      logsDir: deps.paths.logsDir,
      now,
      // app.info's facts without the paths (they name the user) and the platform address.
      facts: async () => {
        const { dataDir: _dataDir, database, ...facts } = appInfo();
        return {
          ...facts,
          database: { schemaVersion: database.schemaVersion, journalMode: database.journalMode },
          profile: connection.profile().id,
          updates: updates.status(),
        };
      },
      settings: () => deps.settings.get(),
      syncStatus: () => sync.status(),
      queues: () => ({
        outbox: sync.status().totals,
        ai: aiQueue.status(),
        mediaQueue: mediaQueue.list().items.length,
      }),
      ...(deps.registry && { registry: deps.registry }),
      knownSecrets: async () =>
        (await Promise.all([SECRET.tokens, SECRET.apiKey, SECRET.clientSecret].map((k) => deps.secrets.get(k)))).filter(
          (v): v is string => Boolean(v),
        ),
    },
    deps.dialogs,
  );
  return {
    name: 'diagnostics',
    handlers: { 'app.info': appInfo, ...exportHandlers },
    start: () => undefined,
    close: () => undefined,
  };
}
