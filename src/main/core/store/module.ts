import { resourceGroups } from '../../../shared/profile';
import type { CoreModule, Kernel } from '../compose';
import type { AuthSession } from '../platform/session';
import { recordHandlers } from './handlers';
import { RecordStore } from './record-store';
import { Workspace } from './workspace';

export interface RecordsDeps extends Pick<Kernel, 'db' | 'meta' | 'now' | 'bus'> {
  session: Pick<AuthSession, 'view'>;
}

export interface Records extends CoreModule {
  store: RecordStore;
  workspace: Workspace;
}

/** The records of every group and whose workspace they belong to; a sign-in by another account switches it. */
export function createRecords({ db, meta, now, bus, session }: RecordsDeps): Records {
  const workspace = new Workspace(db, meta);
  const store = new RecordStore(db, now, (group, ids) => {
    bus.emit('records.changed', { group, ids: ids && ids.length <= 1000 ? ids : null });
    bus.emit('records.edited', { group });
  });
  // Another account's workspace: every screen showing records reloads.
  bus.on('session.changed', (view) => {
    if (view.state === 'active' && view.accountId && workspace.enter(view.accountId)) {
      for (const group of resourceGroups) bus.emit('records.changed', { group, ids: null });
    }
  });
  return {
    name: 'records',
    store,
    workspace,
    handlers: recordHandlers(store, workspace),
    start: () => {
      const view = session.view();
      if (view.state === 'active' && view.accountId) workspace.enter(view.accountId);
    },
    close: () => undefined,
  };
}
