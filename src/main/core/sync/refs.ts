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

/**
 * Local ids in reference fields become the platform's ids. A reference to a record the platform
 * does not have yet makes the change wait for it; a reference to a deleted record is dropped.
 */
export function toRemoteRefs(store: RecordStore, group: ResourceGroup, fields: Fields): Outgoing {
  const out: Fields = { ...fields };
  for (const field of tableOf(group).localOnly) delete out[field];
  for (const [field, target] of Object.entries(tableOf(group).refs)) {
    if (!(field in out) || out[field] === null) continue;
    let waiting: string | null = null;
    out[field] = mapIds(out[field], (id) => {
      const row = store.remoteRef(target, id);
      if (!row) return undefined; // not one of ours: already a platform id
      if (row.deleted === 1 && row.remote_id === null) return null;
      if (row.remote_id === null) waiting ??= id;
      return row.remote_id;
    });
    if (waiting !== null) return { ok: false, waitingFor: { group: target, id: waiting } };
  }
  return { ok: true, fields: out };
}

/** Platform ids in reference fields become local ids where the record is known here. */
export function toLocalRefs(store: RecordStore, group: ResourceGroup, account: string, fields: Fields): Fields {
  const out: Fields = { ...fields };
  for (const [field, target] of Object.entries(tableOf(group).refs)) {
    if (!(field in out)) continue;
    out[field] = mapIds(out[field], (remoteId) => store.byRemoteId(target, account, remoteId)?.id);
  }
  return out;
}
