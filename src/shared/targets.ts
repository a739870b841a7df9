import { z } from 'zod';
import { channelLabel } from './automations';

// A post goes to one or more channels (its targets). Each target names its channel by id and keeps a
// copy of the channel's network and name, so another computer (where the channel's local id means
// nothing) still knows where the post goes; each may override the post's text and media (a variant).

const localIds = z.array(z.string().min(1).max(200)).max(1000);

export const PostTarget = z
  .object({
    channel_id: z.string().min(1).max(200),
    network: z.string().min(1).max(60),
    name: channelLabel,
    handle: z.string().max(200).optional(),
    /** This channel's own text, instead of the post's. */
    text: z.string().max(100_000).optional(),
    /** This channel's own media, instead of the post's. */
    asset_ids: localIds.optional(),
  })
  .loose();
export type PostTarget = z.infer<typeof PostTarget>;

export const PostTargets = z
  .array(PostTarget)
  .max(20, 'A post goes to at most 20 channels')
  .refine((t) => new Set(t.map((x) => x.channel_id)).size === t.length, 'A channel is among the targets twice');

/** A channel as posts name it: the id a post gives it (null for an old label), its network, name and handle. */
export interface NamedChannel {
  id: string | null;
  network: string | null;
  name: string;
  handle: string;
}

/** A target as readers see it; `channelId` is null for a post that names its channel only by its old label. */
export interface TargetView {
  channelId: string | null;
  network: string | null;
  name: string;
  handle: string;
  text: string | null;
  assetIds: string[] | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const ids = (v: unknown): string[] | null =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;

/**
 * A post's targets: its `targets` list, or — for a post written before targets, or by a client that
 * knows none — one target from its `channel` label, with no variant. Entries that are not targets are
 * skipped (a record keeps whatever JSON another client wrote).
 */
export function targetsOf(fields: Record<string, unknown>): TargetView[] {
  const list = fields.targets;
  if (Array.isArray(list)) {
    const out: TargetView[] = [];
    for (const raw of list) {
      const t = PostTarget.safeParse(raw);
      if (!t.success) continue;
      out.push({
        channelId: t.data.channel_id,
        network: t.data.network,
        name: t.data.name.trim(),
        handle: t.data.handle ?? '',
        text: t.data.text ?? null,
        assetIds: t.data.asset_ids ?? null,
      });
    }
    return out;
  }
  const label = str(fields.channel);
  return label === null
    ? []
    : [{ channelId: null, network: null, name: label, handle: '', text: null, assetIds: null }];
}

/** What a target publishes: its variant's text and media where it has them, else the post's own. */
export function contentFor(fields: Record<string, unknown>, target: TargetView): { text: string; assetIds: string[] } {
  return {
    text: target.text ?? (typeof fields.text === 'string' ? fields.text : ''),
    assetIds: target.assetIds ?? ids(fields.asset_ids) ?? [],
  };
}

/**
 * The fields with `channel` set to the first target's name (or removed when there are no targets):
 * readers that know one channel per post — older versions, other clients — keep seeing where it goes.
 * Fields without `targets` are returned as they are.
 */
export function withPrimaryLabel<F extends Record<string, unknown>>(fields: F): F {
  if (!Array.isArray(fields.targets)) return fields;
  const first = targetsOf(fields)[0];
  const out: Record<string, unknown> = { ...fields };
  if (first) out.channel = first.name;
  else out.channel = null;
  return out as F;
}

/** Lower-case names of the channels a post or queue item goes to (what slot collisions compare). */
export function channelKeys(fields: Record<string, unknown>): string[] {
  return [...new Set(targetsOf(fields).map((t) => t.name.toLowerCase()))];
}
