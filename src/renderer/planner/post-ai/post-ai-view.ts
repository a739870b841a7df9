import type { Channel } from '../../../shared/channels';
import {
  aspectsFor,
  imageRatioRange,
  PROMPT_MAX,
  type PostAiRequestView,
  type RatioRange,
} from '../../../shared/post-ai';
import { aspectPresets } from '../../../shared/media-fix';
import type { PostTarget } from '../../../shared/targets';
import type { PostValues } from '../post-form';
import { checkTargetOf, withVariant } from '../post-targets';

/** Where a generated image goes: the post's own media (every channel), or one channel's variant. */
export const ALL = 'all';

/** The post's text as a prompt's start, cut at the AI queue's limit (the person edits it before sending). */
export function promptFrom(text: string): string {
  const t = text.trim();
  return t.length <= PROMPT_MAX ? t : t.slice(0, PROMPT_MAX).trimEnd();
}

/** The image ratios one target's channel takes (open when its rules are unknown). */
function rangeOf(target: PostTarget, channels: readonly Channel[]): RatioRange {
  const channel = channels.find((c) => c.id === target.channel_id);
  const rules = channel ? checkTargetOf(channel) : checkTargetOf({ network: target.network, rules: null });
  return rules === null ? { min: null, max: null } : imageRatioRange(rules);
}

export interface ImageScope {
  value: string;
  label: string;
  /** The aspect presets this scope takes; empty when none suits every channel. */
  aspects: string[];
}

/**
 * Where the image can go and at which ratios: "every channel" when a ratio suits them all (or there is at
 * most one channel), then each channel with its own ratios when there are several.
 */
export function imageScopes(targets: readonly PostTarget[], channels: readonly Channel[]): ImageScope[] {
  const ranges = targets.map((t) => rangeOf(t, channels));
  const common = aspectPresets.filter((p) => ranges.every((r) => aspectsFor(r).includes(p)));
  const all: ImageScope = {
    value: ALL,
    label: targets.length > 1 ? 'Every channel (the post’s media)' : 'The post’s media',
    aspects: targets.length === 0 ? [...aspectPresets] : common,
  };
  if (targets.length <= 1) return [all];
  const each = targets.map((t, i) => ({
    value: t.channel_id,
    label: `${t.name} only`,
    aspects: aspectsFor(ranges[i]!),
  }));
  return [all, ...each];
}

/** The media ids of the post and its channels' variants, each once, in order. */
export function mediaIdsOf(values: Pick<PostValues, 'asset_ids' | 'targets'>): string[] {
  return [...new Set([...values.asset_ids, ...values.targets.flatMap((t) => t.asset_ids ?? [])])];
}

/** Whose text a caption is for, in words. */
export function textOwner(channelId: string | null, targets: readonly PostTarget[]): string {
  if (channelId === null) return 'the post’s text';
  const name = targets.find((t) => t.channel_id === channelId)?.name ?? 'a removed channel';
  return `${name}’s text`;
}

/** The form's values with a caption put in: replacing the text, or after it on a new paragraph. */
export function withCaption(
  values: Pick<PostValues, 'text' | 'targets'>,
  request: Pick<PostAiRequestView, 'channelId' | 'text'>,
  mode: 'replace' | 'append',
): Pick<PostValues, 'text' | 'targets'> {
  const caption = (request.text ?? '').trim();
  const join = (before: string) =>
    mode === 'replace' || before.trim() === '' ? caption : `${before.trimEnd()}\n\n${caption}`;
  if (request.channelId === null) return { text: join(values.text), targets: values.targets };
  const target = values.targets.find((t) => t.channel_id === request.channelId);
  if (!target) return values;
  return {
    text: values.text,
    targets: withVariant(values.targets, target.channel_id, { text: join(target.text ?? values.text) }),
  };
}

/**
 * The form's media with an image the core attached (so the open composer shows it and a save keeps it):
 * the post's own list, or the channel's variant list (its own, or the post's it showed until now).
 */
export function withImage(
  values: Pick<PostValues, 'asset_ids' | 'targets'>,
  request: Pick<PostAiRequestView, 'channelId' | 'resultAssetId'>,
): Pick<PostValues, 'asset_ids' | 'targets'> {
  const id = request.resultAssetId;
  if (!id) return values;
  const add = (ids: readonly string[]) => (ids.includes(id) ? [...ids] : [...ids, id]);
  if (request.channelId === null) return { asset_ids: add(values.asset_ids), targets: values.targets };
  const target = values.targets.find((t) => t.channel_id === request.channelId);
  if (!target) return values;
  return {
    asset_ids: values.asset_ids,
    targets: withVariant(values.targets, target.channel_id, { asset_ids: add(target.asset_ids ?? values.asset_ids) }),
  };
}

const KIND_WORDS: Record<PostAiRequestView['kind'], string> = {
  image: 'Image',
  altText: 'Alt text',
  caption: 'Caption',
};

/** One request in words: what, for where, and how it stands. */
export function requestWords(
  r: PostAiRequestView,
  targets: readonly PostTarget[],
  mediaName: (id: string) => string,
): string {
  const forWhom =
    r.channelId === null
      ? 'the post'
      : (targets.find((t) => t.channel_id === r.channelId)?.name ?? 'a removed channel');
  const what =
    r.kind === 'image'
      ? `${KIND_WORDS.image} for ${forWhom}`
      : `${KIND_WORDS[r.kind]} from ${mediaName(r.assetId ?? '')}`;
  switch (r.state) {
    case 'waiting':
      return `${what}: in the AI queue (it goes on when the network is back, even if you close this post).`;
    case 'done':
      return r.kind === 'image' ? `${what}: attached.` : r.kind === 'altText' ? `${what}: written.` : `${what}: taken.`;
    case 'offered':
      return `${what}: ready for ${textOwner(r.channelId, targets)}.`;
    case 'dismissed':
      return `${what}: dismissed.`;
    case 'failed':
      return `${what}: ${r.error ?? 'failed.'}`;
  }
}
