import { postStatuses, type RecordFields, type RecordView } from '../../shared/records';
import { aspectRatios } from '../../shared/planner';
import { targetsOf } from '../../shared/targets';

// Typed readings of records' free-form fields (a record pulled from the platform may carry anything),
// and the merge patches that write them back.

export type PostStatus = (typeof postStatuses)[number];
export type AspectRatio = (typeof aspectRatios)[number];

export const str = (f: RecordFields, key: string): string => (typeof f[key] === 'string' ? (f[key] as string) : '');
export const strOrNull = (f: RecordFields, key: string): string | null =>
  typeof f[key] === 'string' && f[key] !== '' ? (f[key] as string) : null;
export const ids = (f: RecordFields, key: string): string[] =>
  Array.isArray(f[key]) ? (f[key] as unknown[]).filter((v): v is string => typeof v === 'string') : [];

export interface PostView {
  id: string;
  text: string;
  status: PostStatus;
  channel: string;
  /** Every channel it goes to, by name (its targets, or its old label). */
  channels: string[];
  scheduledAt: string | null;
  assetIds: string[];
}

export function postOf(r: RecordView): PostView {
  const status = str(r.fields, 'status');
  return {
    id: r.id,
    text: str(r.fields, 'text'),
    status: (postStatuses as readonly string[]).includes(status) ? (status as PostStatus) : 'draft',
    channel: str(r.fields, 'channel'),
    channels: targetsOf(r.fields).map((t) => t.name),
    scheduledAt: strOrNull(r.fields, 'scheduled_at'),
    assetIds: ids(r.fields, 'asset_ids'),
  };
}

export interface PlanView {
  id: string;
  title: string;
  startsAt: string | null;
  endsAt: string | null;
  postIds: string[];
}

export function planOf(r: RecordView): PlanView {
  return {
    id: r.id,
    title: str(r.fields, 'title') || 'Untitled plan',
    startsAt: strOrNull(r.fields, 'starts_at'),
    endsAt: strOrNull(r.fields, 'ends_at'),
    postIds: ids(r.fields, 'post_ids'),
  };
}

export interface CreativeView {
  id: string;
  name: string;
  caption: string;
  overlayText: string;
  aspectRatio: AspectRatio;
  assetIds: string[];
}

export function creativeOf(r: RecordView): CreativeView {
  const ratio = str(r.fields, 'aspect_ratio');
  return {
    id: r.id,
    name: str(r.fields, 'name'),
    caption: str(r.fields, 'caption'),
    overlayText: str(r.fields, 'overlay_text'),
    aspectRatio: (aspectRatios as readonly string[]).includes(ratio) ? (ratio as AspectRatio) : '1:1',
    assetIds: ids(r.fields, 'asset_ids'),
  };
}

export interface TemplateView {
  id: string;
  name: string;
  body: string;
  target: 'posts' | 'creatives';
}

export function templateOf(r: RecordView): TemplateView {
  return {
    id: r.id,
    name: str(r.fields, 'name'),
    body: str(r.fields, 'body'),
    target: str(r.fields, 'target') === 'creatives' ? 'creatives' : 'posts',
  };
}

/** A short one-line label for a post: its first line, cut. */
export function excerpt(text: string, max = 60): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** JSON with object keys sorted, so equal values compare equal whatever order their keys came in. */
const stable = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(stable).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : (JSON.stringify(v) ?? 'null');
const same = (a: unknown, b: unknown) => stable(a) === stable(b);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The merge patch (records.update) that turns `before` into `after` for the keys of `after`: changed
 * values are sent, emptied ones become null (removed) when they were stored, untouched ones are left out.
 */
export function patchOf(before: RecordFields, after: Record<string, unknown>): RecordFields {
  const patch: RecordFields = {};
  for (const [key, value] of Object.entries(after)) {
    if (empty(value)) {
      if (key in before && before[key] !== null) patch[key] = null;
    } else if (!same(before[key], value)) patch[key] = value;
  }
  return patch;
}

/** Fields for records.create: empty values left out. */
export function createFields(after: Record<string, unknown>): RecordFields {
  return Object.fromEntries(Object.entries(after).filter(([, v]) => !empty(v)));
}

/** The plans whose post_ids must change so that the post is in exactly the chosen ones. */
export function planChanges(
  plans: readonly PlanView[],
  postId: string,
  chosen: ReadonlySet<string>,
): { id: string; postIds: string[] }[] {
  const changes: { id: string; postIds: string[] }[] = [];
  for (const p of plans) {
    const has = p.postIds.includes(postId);
    if (chosen.has(p.id) && !has) changes.push({ id: p.id, postIds: [...p.postIds, postId] });
    else if (!chosen.has(p.id) && has) changes.push({ id: p.id, postIds: p.postIds.filter((x) => x !== postId) });
  }
  return changes;
}
