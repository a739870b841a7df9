import type { ResourceGroup } from '../../../shared/profile';
import type { Fields } from '../store/fields';
import type { RecordStore } from '../store/record-store';
import { tableOf } from '../store/tables';

export type Outgoing = { ok: true; fields: Fields } | { ok: false; waitingFor: { group: ResourceGroup; id: string } };

function mapIds(value: unknown, map: (id: string) => string | null | undefined): unknown {
  if (typeof value === 'string') return map(value) ?? value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const v of value) {
      if (typeof v !== 'string') out.push(v);
      else {
        const mapped = map(v);
        if (mapped !== null) out.push(mapped ?? v);
      }
    }
    return out;
  }
  return value;
}

/** Each object of a list field gets `key` mapped (an id or a list of ids, one level down); anything else is left. */
function mapNested(value: unknown, key: string, map: (id: string) => string | null | undefined): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const obj = item as Record<string, unknown>;
    const id = obj[key];
    if (typeof id !== 'string' && !Array.isArray(id)) return item;
    return { ...obj, [key]: mapIds(id, map) };
  });
}

/**
 * Local ids in reference fields become the platform's ids. A reference to a record the platform
 * does not have yet makes the change wait for it; a reference to a deleted record is dropped.
 */
export function toRemoteRefs(store: RecordStore, group: ResourceGroup, fields: Fields): Outgoing {
  const out: Fields = { ...fields };
  const table = tableOf(group);
  for (const field of table.localOnly) delete out[field];
  let waiting: { group: ResourceGroup; id: string } | null = null;
  const toRemote = (target: ResourceGroup) => (id: string) => {
    const row = store.remoteRef(target, id);
    if (!row) return undefined; // not one of ours: already a platform id
    if (row.deleted === 1 && row.remote_id === null) return null;
    if (row.remote_id === null) waiting ??= { group: target, id };
    return row.remote_id;
  };
  for (const [field, target] of Object.entries(table.refs)) {
    if (!(field in out) || out[field] === null) continue;
    out[field] = mapIds(out[field], toRemote(target));
    if (waiting !== null) return { ok: false, waitingFor: waiting };
  }
  for (const { field, key, target } of table.nestedRefs) {
    if (!(field in out)) continue;
    out[field] = mapNested(out[field], key, toRemote(target));
    if (waiting !== null) return { ok: false, waitingFor: waiting };
  }
  return { ok: true, fields: out };
}

/** Platform ids in reference fields become local ids where the record is known here. */
export function toLocalRefs(store: RecordStore, group: ResourceGroup, account: string, fields: Fields): Fields {
  const out: Fields = { ...fields };
  const table = tableOf(group);
  const toLocal = (target: ResourceGroup) => (remoteId: string) => store.knownVersion(target, account, remoteId)?.id;
  for (const [field, target] of Object.entries(table.refs)) {
    if (!(field in out)) continue;
    out[field] = mapIds(out[field], toLocal(target));
  }
  for (const { field, key, target } of table.nestedRefs) {
    if (field in out) out[field] = mapNested(out[field], key, toLocal(target));
  }
  return out;
}
