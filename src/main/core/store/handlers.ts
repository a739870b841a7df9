import type { HandlerMap } from '../../../shared/contract';
import type { RecordStore } from './record-store';
import type { Workspace } from './workspace';

type RecordChannels = Pick<
  HandlerMap,
  'records.list' | 'records.get' | 'records.create' | 'records.update' | 'records.delete'
>;

/** Generic record channels for every group; the library and planner add their own views on top. */
export function recordHandlers(store: RecordStore, workspace: Workspace): RecordChannels {
  return {
    'records.list': ({ group, offset, limit, includeDeleted }) =>
      store.list(group, workspace.account(), { offset, limit, includeDeleted }),
    'records.get': ({ group, id }) => {
      store.live(group, workspace.account(), id);
      return store.view(group, id);
    },
    'records.create': ({ group, fields }) => store.view(group, store.create(group, workspace.account(), fields).id),
    'records.update': ({ group, id, fields }) =>
      store.view(group, store.update(group, workspace.account(), id, fields).id),
    'records.delete': ({ group, id }) => {
      store.remove(group, workspace.account(), id);
      return { id };
    },
  };
}
