import type { Channel } from '../../shared/channels';
import type { AssetDetail } from '../../shared/library';
import { NetworkId, UserRulesSchema } from '../../shared/networks';
import type { MediaFacts, Target } from '../../shared/preflight';
import type { PostTarget } from '../../shared/targets';

// The post editor's targets: which channels a post goes to, each with its optional variant (own text or
// media). Kept in the stored shape so a variant another client wrote survives an edit here.

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A new target for a channel, with no variant. */
export function targetOf(channel: Channel): PostTarget {
  return {
    channel_id: channel.id,
    network: channel.network,
    name: channel.name,
    ...(channel.handle && { handle: channel.handle }),
  };
}

/**
 * The targets with the channel added (at the end) or removed. A removed target is kept in `set` (its
 * variant with it), so adding the channel again while the post is open brings its own text and media back.
 */
export function toggleTarget(
  targets: readonly PostTarget[],
  channel: Channel,
  set: Map<string, PostTarget> = new Map(),
): PostTarget[] {
  const had = targets.find((t) => t.channel_id === channel.id);
  if (had) {
    set.set(channel.id, had);
    return targets.filter((t) => t.channel_id !== channel.id);
  }
  const back = set.get(channel.id);
  set.delete(channel.id);
  return [...targets, back ? { ...back, network: channel.network, name: channel.name } : targetOf(channel)];
}

/**
 * The targets with each channel this computer does not know by id (another computer's channel) moved to
 * this computer's channel of the same name, variant kept — unless that channel is a target already. The
 * same array when nothing moves.
 */
export function localTargets(targets: readonly PostTarget[], channels: readonly Channel[]): readonly PostTarget[] {
  const known = new Set(channels.map((c) => c.id));
  const taken = new Set(targets.map((t) => t.channel_id));
  let moved = false;
  const out = targets.map((t) => {
    if (known.has(t.channel_id)) return t;
    const local = channels.find((c) => sameName(c.name, t.name) && !taken.has(c.id));
    if (!local) return t;
    taken.add(local.id);
    moved = true;
    return { ...t, channel_id: local.id, network: local.network, name: local.name };
  });
  return moved ? out : targets;
}

/** The channel an old post's label names (any case), if one exists. */
export function channelNamed(channels: readonly Channel[], label: string): Channel | undefined {
  return label.trim() === '' ? undefined : channels.find((c) => sameName(c.name, label));
}

/** The targets with one channel's variant changed (`undefined` removes that part of the variant). */
export function withVariant(
  targets: readonly PostTarget[],
  channelId: string,
  change: { text?: string | undefined; asset_ids?: string[] | undefined },
): PostTarget[] {
  return targets.map((t) => {
    if (t.channel_id !== channelId) return t;
    const next: PostTarget = { ...t, ...change };
    if (next.text === undefined) delete next.text;
    if (next.asset_ids === undefined) delete next.asset_ids;
    return next;
  });
}

export const hasVariant = (t: PostTarget) => t.text !== undefined || t.asset_ids !== undefined;

/** The rules a channel is checked against: its network's, or its own for a channel of type Other. */
export function checkTargetOf(channel: Pick<Channel, 'network' | 'rules'>): Target | null {
  const network = NetworkId.safeParse(channel.network);
  if (network.success) return network.data;
  if (channel.rules === null) return null;
  // Rules that no longer pass their schema check nothing rather than break the editor.
  const rules = UserRulesSchema.safeParse(channel.rules);
  return rules.success ? rules.data : null;
}

/** What the checks know of an asset from its library record (null: not media the rules know). */
export function factsOf(asset: AssetDetail): MediaFacts | null {
  if (asset.kind !== 'image' && asset.kind !== 'video') return null;
  return {
    kind: asset.kind,
    mime: asset.mimeType,
    width: asset.width,
    height: asset.height,
    durationMs: asset.durationMs,
    sizeBytes: asset.sizeBytes,
    fps: typeof asset.fields.fps === 'number' && asset.fields.fps > 0 ? asset.fields.fps : null,
  };
}

/** Which media item a finished fix replaces: where it was when the fix began, and the old and new asset. */
export interface MediaSwap {
  index: number;
  from: string;
  to: string;
}

/**
 * One channel's variant with a fixed asset in place of its source, at the same position (or where the source
 * has moved since). A channel without a variant gets one first, with the post's text and media, so the other
 * channels keep the original. Null when the source is no longer in that channel's media.
 */
export function fixedVariant(
  target: PostTarget,
  base: { text: string; asset_ids: readonly string[] },
  swap: MediaSwap,
): { text: string; asset_ids: string[] } | null {
  const ids = [...(target.asset_ids ?? base.asset_ids)];
  const at = ids[swap.index] === swap.from ? swap.index : ids.indexOf(swap.from);
  if (at < 0) return null;
  ids[at] = swap.to;
  return { text: target.text ?? base.text, asset_ids: ids };
}

/** The targets with one channel's media swapped for its fixed copy (unchanged when the source has gone). */
export function withFixedMedia(
  targets: readonly PostTarget[],
  channelId: string,
  base: { text: string; asset_ids: readonly string[] },
  swap: MediaSwap,
): PostTarget[] {
  const target = targets.find((t) => t.channel_id === channelId);
  const change = target ? fixedVariant(target, base, swap) : null;
  return change ? withVariant(targets, channelId, change) : [...targets];
}
