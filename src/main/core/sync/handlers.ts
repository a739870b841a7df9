import type { HandlerMap } from '../../../shared/contract';
import type { ConflictView, FailedChange } from '../../../shared/sync';
import { parseFields, sameJson } from '../store/fields';
import { validateFields, type RecordStore } from '../store/record-store';
import { GROUP_TABLES, tableOf } from '../store/tables';
import { recordLabel } from '../store/labels';
import type { Workspace } from '../store/workspace';
import type { SyncEngine } from './engine';
import type { ActivityLog } from './activity-log';
import { parseConflict, type SyncWriter } from './writer';

type SyncChannels = Pick<
  HandlerMap,
  | 'sync.status'
  | 'sync.log'
  | 'sync.now'
  | 'sync.setPaused'
  | 'sync.failed'
  | 'sync.retry'
  | 'sync.discard'
  | 'sync.conflicts'
  | 'sync.resolve'
  | 'sync.confirmMassDelete'
>;

export function syncHandlers(
  store: RecordStore,
  engine: SyncEngine,
  writer: SyncWriter,
  log: ActivityLog,
  workspace: Workspace,
): SyncChannels {
  const afterChange = () => {
    engine.kick();
    return engine.status();
  };
  return {
    'sync.status': () => engine.status(),
    'sync.log': ({ limit }) => log.list(workspace.account(), limit),
    'sync.now': () => {
      void engine.run();
      return engine.status();
    },
    'sync.setPaused': ({ paused }) => {
      engine.setPaused(paused);
      return engine.status();
    },
    'sync.failed': () => failedChanges(store, workspace.account()),
    'sync.retry': ({ seq }) => {
      writer.retryFailed(seq, workspace.account());
      return afterChange();
    },
    'sync.discard': ({ seq }) => {
      writer.discardFailed(seq, workspace.account());
      return afterChange();
    },
    'sync.conflicts': () => conflictViews(store, workspace.account()),
    'sync.resolve': ({ group, id, keep, fields }) => {
      writer.resolve(
        group,
        workspace.account(),
        id,
        keep,
        fields === undefined ? undefined : validateFields(group, fields),
      );
      return afterChange();
    },
    'sync.confirmMassDelete': ({ group, choice }) => {
      engine.chooseMassDelete(group, choice);
      return engine.status();
    },
  };
}

/** The changes the platform refused, each with its record's label and the platform's words. */
function failedChanges(store: RecordStore, account: string): FailedChange[] {
  return store.outbox.failed(account).map((e): FailedChange => {
    const row = store.get(e.grp, e.record_id);
    const noun = tableOf(e.grp).noun;
    return {
      seq: e.seq,
      group: e.grp,
      recordId: e.record_id,
      label: recordLabel(noun, row ? parseFields(row.data) : parseFields(e.payload)),
      op: e.op,
      message: e.last_error ?? 'The platform refused this change.',
      attempts: e.attempts,
      at: new Date(e.updated_at).toISOString(),
    };
  });
}

/** Every record in conflict, both sides and the fields where they differ. */
function conflictViews(store: RecordStore, account: string): ConflictView[] {
  const out: ConflictView[] = [];
  for (const { group, noun } of Object.values(GROUP_TABLES)) {
    for (const row of store.conflicts(group, account)) {
      const local = parseFields(row.data);
      const side = parseConflict(row.conflict) ?? { fields: {}, deleted: false, version: null };
      const keys = new Set([...Object.keys(local), ...Object.keys(side.fields)]);
      out.push({
        group,
        id: row.id,
        label: recordLabel(noun, row.deleted === 1 ? side.fields : local),
        local: { fields: local, deleted: row.deleted === 1 },
        remote: { fields: side.fields, deleted: side.deleted, version: side.version },
        differing: [...keys].filter((k) => !sameJson(local[k], side.fields[k])).sort(),
      });
    }
  }
  return out;
}
