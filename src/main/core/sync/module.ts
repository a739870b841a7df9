import type { CoreModule, Kernel } from '../compose';
import type { Connection } from '../platform/connection';
import type { AuthSession } from '../platform/session';
import type { RecordStore } from '../store/record-store';
import type { Workspace } from '../store/workspace';
import { ActivityLog } from './activity-log';
import { SyncEngine } from './engine';
import { syncHandlers } from './handlers';
import { SyncWriter } from './writer';

export interface SyncDeps extends Pick<Kernel, 'deps' | 'db' | 'now' | 'bus' | 'push' | 'damage'> {
  store: RecordStore;
  workspace: Workspace;
  session: AuthSession;
  connection: Connection;
}

export interface Sync extends CoreModule {
  engine: SyncEngine;
}

/**
 * Sync with the platform: local edits go out soon, a sign-in or coming online sends at once, a new profile starts over.
 */
export function createSync({
  deps,
  db,
  now,
  bus,
  push,
  damage,
  store,
  workspace,
  session,
  connection,
}: SyncDeps): Sync {
  const writer = new SyncWriter(store, now);
  const activity = new ActivityLog(db, now);
  let reachable: 'online' | 'offline' | 'unknown' = 'unknown';
  let lastProfile: string | null = null;
  const engine: SyncEngine = new SyncEngine({
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
    onStatus: (status) => push.emit('sync.changed', status),
    onRecordsChanged: (group) => bus.emit('records.changed', { group, ids: null }),
    ...(deps.sync?.concurrency !== undefined && { concurrency: deps.sync.concurrency }),
    ...(deps.sync?.pullIntervalMs !== undefined && { pullIntervalMs: deps.sync.pullIntervalMs }),
    ...(deps.faultPoint && { faultPoint: deps.faultPoint }),
  });
  bus.on('records.edited', () => engine.kick(250));
  bus.on('session.changed', () => engine.kick());
  bus.on('connection.changed', (view) => {
    const was = reachable;
    reachable = view.reachable;
    const profileKey = `${view.profile.id} ${view.profile.revision} ${view.baseUrl ?? ''}`;
    if (profileKey !== lastProfile) {
      lastProfile = profileKey;
      engine.profileChanged();
    } else if (reachable === 'online' && was !== 'online') engine.kick();
  });
  damage.onTrip(() => void engine.close());
  return {
    name: 'sync',
    engine,
    handlers: syncHandlers(store, engine, writer, activity, workspace),
    start: () => {
      if (deps.sync?.autoStart !== false) engine.start();
    },
    close: () => engine.close(),
  };
}
