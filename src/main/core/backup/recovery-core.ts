import path from 'node:path';
import { channelNames, type HandlerMap } from '../../../shared/contract';
import type { Core } from '../app';
import { BlobStore } from '../library/files/blob-store';
import type { DatabaseDamagedError } from '../db/damage';
import { DamageState, refuseWhileDamaged } from '../db/damage-state';
import { appInfoOf } from '../diagnostics/app-info';
import { createDispatcher, type Dispatch } from '../dispatch';
import { fail } from '../errors';
import { RendererPush } from '../event-bus';
import type { CoreDeps } from '../ports';
import { backupStoreFor, createBackups } from './backups';

/** What a host runs: the full core, or the recovery screen's core when the database is damaged. */
export interface HostedCore {
  dispatch: Dispatch;
  events: RendererPush;
  media: Core['media'];
  /** The full core; null on the recovery screen. */
  full: Core | null;
  start(): Promise<void>;
  resume(): void;
  close(): Promise<void>;
  /** Back up before an update installs (nothing to back up while the database is damaged). */
  backupBeforeUpdate(): Promise<void>;
}

/**
 * The core for a database that could not be opened: it never opens the file for writing, and
 * serves only what the recovery screen needs (what happened, the backups, restore and rescue).
 */
export function createRecoveryCore(deps: CoreDeps, found: DatabaseDamagedError): HostedCore {
  const bus = new RendererPush(deps.logger);
  const damage = new DamageState(deps.paths.dbFile, () => deps.clock.now());
  damage.trip(found, 'start');
  deps.logger.error('the database is damaged: Atelier starts on the recovery screen', {
    kind: found.kind,
    message: found.error.message,
  });
  const blobs = new BlobStore(path.join(deps.paths.dataDir, 'media'));
  const backups = createBackups({
    core: deps,
    store: backupStoreFor(deps),
    push: bus,
    damage,
    db: null,
    mediaPath: (sha) => blobs.path(sha),
    closeCore: async () => undefined,
  });
  const refused = () => fail('storage', found.error.message, found.error.hint ? { hint: found.error.hint } : {});
  const handlers = Object.fromEntries(channelNames.map((c) => [c, refused])) as unknown as HandlerMap;
  Object.assign(handlers, backups.handlers, {
    'app.info': () => appInfoOf(deps, { schemaVersion: 0, journalMode: 'unavailable (damaged)' }),
    'settings.get': () => deps.settings.get(),
    'updates.status': () =>
      deps.updates?.status() ?? { state: 'disabled', reason: 'Updates are handled by the desktop app.' },
  } satisfies Partial<HandlerMap>);
  return {
    dispatch: createDispatcher(handlers, {
      logger: deps.logger,
      validateOutputs: deps.validateOutputs ?? false,
      gate: refuseWhileDamaged(damage),
    }),
    events: bus,
    media: { blobPath: () => null, uploadsDir: path.join(deps.paths.dataDir, 'uploads') },
    full: null,
    start: async () => undefined,
    resume: () => undefined,
    close: () => backups.close(),
    backupBeforeUpdate: async () => undefined,
  };
}
