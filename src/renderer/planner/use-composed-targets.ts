import { useDeferredValue, useMemo } from 'react';
import { NETWORK_COLOURS, type Channel } from '../../shared/channels';
import type { ChannelOutput } from '../../shared/contract';
import type { AssetKind } from '../../shared/records';
import { preflight, type Fix, type MediaFacts, type Warning } from '../../shared/preflight';
import type { PostTarget } from '../../shared/targets';
import { useAssetRecords } from './use-asset-records';
import { checkTargetOf, factsOf } from './post-targets';

/** One media item as a preview shows it (what the library knows of it; unknown sizes are null). */
export interface ComposedMedia {
  assetId: string;
  name: string;
  kind: AssetKind | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** The library's alt text ("" when none is written). */
  altText: string;
}

/** What one target publishes, and what the pre-flight checks say of it. */
export interface ComposedTarget {
  channel: Channel;
  text: string;
  media: ComposedMedia[];
  /** The warnings in words (what a preview shows). */
  warnings: string[];
  /** The full warnings, with their fixes. */
  checks: Warning[];
  /** For each checked media item (a warning's `mediaIndex`), its position in `media` (audio is not checked). */
  checkedAt: number[];
  /** False when the channel's rules are unknown (an Other channel with none set): nothing was checked. */
  checked: boolean;
}

/** A channel for a target whose channel is not on this computer (deleted, or chosen on another one). */
function standIn(t: PostTarget): Channel {
  const colour = (NETWORK_COLOURS as Record<string, string>)[t.network] ?? NETWORK_COLOURS.other;
  const at = new Date(0).toISOString();
  return {
    id: t.channel_id,
    network: t.network,
    name: t.name,
    handle: t.handle ?? '',
    colour,
    avatarAssetId: null,
    slots: [],
    rules: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The assets' library records, shared with the thumbnails' cache (same key). */
function useAssets(ids: readonly string[]) {
  const results = useAssetRecords(ids);
  const found = results.map((r) => r.data);
  const waiting = ids.filter((_, i) => results[i]!.isPending);
  // New values only when an answer changes, so the checks below re-run only then.
  const key = `${found.map((a) => (a ? `${a.id}:${a.updatedAt}` : '-')).join('|')}/${waiting.join('|')}`;
  return useMemo(
    () => ({
      assets: new Map(found.flatMap((a) => (a ? [[a.id, a] as const] : []))),
      waiting: new Set(waiting),
    }),
    [key],
  );
}

// Until every media record has come, only the text is judged (a missing answer is not a missing image).
const TEXT_RULES = new Set(['text', 'hashtags', 'mentions']);

const mediaOf = (id: string, asset: ChannelOutput<'library.get'> | undefined): ComposedMedia => ({
  assetId: id,
  name: asset?.name ?? 'asset',
  kind: asset?.kind ?? null,
  width: asset?.width ?? null,
  height: asset?.height ?? null,
  durationMs: asset?.durationMs ?? null,
  altText: asset?.altText ?? '',
});

/**
 * Each target's text and media (its variant's, else the post's) with its pre-flight warnings, for the
 * editor's warnings and the preview panel. The text is deferred so typing never waits on the checks.
 */
export function useComposedTargets(
  channels: readonly Channel[],
  targets: readonly PostTarget[],
  text: string,
  assetIds: readonly string[],
): ComposedTarget[] {
  const baseText = useDeferredValue(text);
  const allIds = useMemo(
    () => [...new Set([...assetIds, ...targets.flatMap((t) => t.asset_ids ?? [])])],
    [assetIds, targets],
  );
  const { assets, waiting } = useAssets(allIds);
  return useMemo(
    () =>
      targets.map((t) => {
        const channel = channels.find((c) => c.id === t.channel_id) ?? standIn(t);
        const ids = t.asset_ids ?? assetIds;
        const own = t.text ?? baseText;
        const checkedAt: number[] = [];
        const facts = ids.flatMap((id, at) => {
          const asset = assets.get(id);
          const f = asset ? factsOf(asset) : null;
          if (f) checkedAt.push(at);
          return f ? [f] : ([] as MediaFacts[]);
        });
        const rules = checkTargetOf(channel);
        const all = rules ? preflight({ text: own, media: facts }, rules).warnings : [];
        const checks = ids.some((id) => waiting.has(id)) ? all.filter((w) => TEXT_RULES.has(w.rule)) : all;
        return {
          channel,
          text: own,
          media: ids.map((id) => mediaOf(id, assets.get(id))),
          warnings: checks.map((w) => w.message),
          checks,
          checkedAt,
          checked: rules !== null,
        };
      }),
    [channels, targets, baseText, assetIds, assets, waiting],
  );
}

/** A fix in words ("Fix: crop to 4:5"); `shorten` is the person's own edit, shown by the counter instead. */
export function fixWords(fix: Fix): string | null {
  switch (fix.kind) {
    case 'crop':
      return `Fix: crop to ${fix.ratio}`;
    case 'pad':
      return `Fix: pad to ${fix.ratio}`;
    case 'resize':
      return fix.width !== null || fix.height !== null
        ? `Fix: resize to ${fix.width ?? 'auto'}×${fix.height ?? 'auto'}`
        : 'Fix: resize to a smaller file';
    case 'trim':
      return `Fix: trim to ${Math.floor(fix.maxMs / 1000)} s`;
    case 'add-media':
      return `Fix: add ${fix.kinds.join(' or ')}`;
    case 'shorten':
      return null;
  }
}
