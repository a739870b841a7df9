import type { QueueItemView } from '../../../shared/planner';
import type { SyncState } from '../../../shared/records';
import { parseFields, type Fields } from '../store/fields';
import { recordLabel } from '../store/labels';
import type { RecordStore } from '../store/record-store';
import { firstLine } from './titles';

export type SourceGroup = QueueItemView['source']['group'];

export interface QueueRow {
  id: string;
  sync_state: SyncState;
  fields: Fields;
  order: number | null;
}

export const NOUNS: Record<SourceGroup, string> = { assets: 'asset', creatives: 'creative', posts: 'post' };

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A post by the first line of its text (as on the calendar), anything else by its name. */
export const labelOf = (group: SourceGroup, fields: Fields): string =>
  group === 'posts' ? (firstLine(fields.text) ?? 'Untitled post') : recordLabel(NOUNS[group], fields);

/** What was queued: the post or creative it came from, else the asset itself. */
function sourceOf(f: Fields): [SourceGroup, string] {
  if (str(f.post_id)) return ['posts', f.post_id as string];
  if (str(f.creative_id)) return ['creatives', f.creative_id as string];
  return ['assets', str(f.asset_id) ?? ''];
}

/** Queue rows, already in order, as screens show them. */
export function queueItems(store: RecordStore, rows: QueueRow[], waiting: Map<string, string>): QueueItemView[] {
  const labels = new Map<string, string>();
  const label = (group: SourceGroup, id: string): string => {
    const key = `${group}:${id}`;
    let text = labels.get(key);
    if (text === undefined) {
      const row = store.get(group, id);
      text = row && row.deleted === 0 ? labelOf(group, parseFields(row.data)) : `Deleted ${NOUNS[group]}`;
      labels.set(key, text);
    }
    return text;
  };
  return rows.map((r, i) => {
    const f = r.fields;
    const [group, id] = sourceOf(f);
    const at = str(f.scheduled_at);
    return {
      id: r.id,
      position: i + 1,
      assetId: str(f.asset_id) ?? '',
      source: { group, id, label: label(group, id) },
      planId: str(f.plan_id),
      scheduledAt: at && Number.isFinite(Date.parse(at)) ? new Date(at).toISOString() : at,
      note: typeof f.note === 'string' ? f.note : '',
      syncState: r.sync_state,
      waiting: waiting.get(r.id) ?? null,
    };
  });
}
