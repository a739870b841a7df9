import type { RecordView } from '../../shared/records';
import { PostTarget, withPrimaryLabel } from '../../shared/targets';
import { postOf, type PostStatus } from './fields';
import { fromLocalInput, toLocalInput } from './local-time';

/** The post editor's values: stored field names, the time as a datetime-local value. */
export interface PostValues {
  text: string;
  /** An old post's channel label, kept while it has no targets. */
  channel: string;
  /** The channels the post goes to, each with its variant if it has one (the stored shape). */
  targets: PostTarget[];
  /** Whether the post already stored a targets list (then an empty one is written, not the old label). */
  targets_stored: boolean;
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
  const stored = record?.fields.targets;
  return {
    text: p?.text ?? '',
    channel: p?.channel ?? '',
    targets: storedTargets(stored),
    targets_stored: Array.isArray(stored),
    scheduled_at: toLocalInput(p?.scheduledAt, tz),
    status: p?.status ?? 'draft',
    asset_ids: p?.assetIds ?? [],
    plan_ids: null,
  };
}

/** The stored fields (the plans are saved on the plans themselves). */
export function postFields(v: PostValues, tz: string): Record<string, unknown> {
  const base = {
    text: v.text,
    status: v.status,
    scheduled_at: fromLocalInput(v.scheduled_at, tz) ?? undefined,
    asset_ids: v.asset_ids,
  };
  // The label follows the first target; a post never given targets keeps its label as it was.
  if (v.targets.length > 0 || v.targets_stored) return withPrimaryLabel({ ...base, targets: v.targets });
  return { ...base, channel: v.channel.trim() || undefined };
}

/** The stored targets that are targets (whatever else another client wrote is dropped on the next save). */
function storedTargets(raw: unknown): PostTarget[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t) => {
    const parsed = PostTarget.safeParse(t);
    return parsed.success ? [parsed.data] : [];
  });
}
