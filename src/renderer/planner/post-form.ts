import type { RecordView } from '../../shared/records';
import { postOf, type PostStatus } from './fields';
import { fromLocalInput, toLocalInput } from './local-time';

/** The post editor's values: stored field names, the time as a datetime-local value. */
export interface PostValues {
  text: string;
  channel: string;
  scheduled_at: string;
  status: PostStatus;
  asset_ids: string[];
  /**
   * The plans chosen here; null while untouched
   * (the plans' own lists are the truth then, even when they load late).
   */
  plan_ids: string[] | null;
}

export function postValues(record: RecordView | null, tz: string): PostValues {
  const p = record ? postOf(record) : null;
  return {
    text: p?.text ?? '',
    channel: p?.channel ?? '',
    scheduled_at: toLocalInput(p?.scheduledAt, tz),
    status: p?.status ?? 'draft',
    asset_ids: p?.assetIds ?? [],
    plan_ids: null,
  };
}

/** The stored fields (the plans are saved on the plans themselves). */
export function postFields(v: PostValues, tz: string): Record<string, unknown> {
  return {
    text: v.text,
    status: v.status,
    channel: v.channel.trim() || undefined,
    scheduled_at: fromLocalInput(v.scheduled_at, tz) ?? undefined,
    asset_ids: v.asset_ids,
  };
}
