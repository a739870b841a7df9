import { useEffect, useMemo, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Channel } from '../../shared/channels';
import type { PostTarget } from '../../shared/targets';
import { QueryError } from '../sync/QueryError';
import type { PostValues } from './post-form';
import { channelNamed, localTargets, targetOf, toggleTarget, withVariant } from './post-targets';
import { TargetChooser } from './TargetChooser';
import { TargetVariant } from './TargetVariants';
import { useChannelEvents, useChannels } from './use-channels';
import { PreviewPanel } from './preview/PreviewPanel';
import { PostAiToolbar } from './post-ai/PostAiToolbar';
import type { PreviewTarget } from './preview/types';
import { useComposedTargets, type ComposedTarget } from './use-composed-targets';

type Form = UseFormReturn<PostValues, unknown, PostValues>;

/**
 * Once the channels are known: targets naming another computer's channel move to this one's of the same
 * name, and an old post (a channel label, no targets) opens with the channel of that name chosen when
 * there is one — once, so taking it off again sticks.
 */
function useLocalChannels(form: Form, channels: readonly Channel[] | undefined) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !channels) return;
    done.current = true;
    const v = form.getValues();
    const local = localTargets(v.targets, channels);
    // Not a change of the person's: the same channels, named by this computer's ids.
    if (local !== v.targets) form.setValue('targets', [...local]);
    if (v.targets_stored || v.targets.length > 0) return;
    const match = channelNamed(channels, v.channel);
    if (match) form.setValue('targets', [targetOf(match)]);
  }, [channels, form]);
}

/**
 * Where the post goes (its channels), each channel's variant and its pre-flight warnings, checked as the
 * person types, and how it will look on each (the preview panel).
 */
export function PostTargetsSection({
  form,
  error,
  postId,
}: {
  form: Form;
  error: string | undefined;
  /** The saved post (none while new): AI results attach to it. */
  postId?: string | undefined;
}) {
  const channels = useChannels();
  useChannelEvents();
  useLocalChannels(form, channels.data);
  const [targets, text, assetIds, label] = form.watch(['targets', 'text', 'asset_ids', 'channel']);
  const list = channels.data ?? [];
  const composed = useComposedTargets(list, targets, text, assetIds);
  const previews = useMemo(() => composed.map(toPreview), [composed]);
  const set = (next: PostTarget[]) => form.setValue('targets', next, { shouldDirty: true });
  // Channels taken off while the post is open, with their variants, for when they are ticked again.
  const setAside = useRef(new Map<string, PostTarget>()).current;
  const remove = (channelId: string) => {
    const had = targets.find((t) => t.channel_id === channelId);
    if (had) setAside.set(channelId, had);
    set(targets.filter((t) => t.channel_id !== channelId));
  };
  return (
    <div className="post-targets">
      <TargetChooser
        channels={list}
        loading={channels.isPending}
        targets={targets}
        composed={composed}
        legacyLabel={targets.length === 0 ? label.trim() : ''}
        onToggle={(c) => set(toggleTarget(targets, c, setAside))}
        onRemove={remove}
        onDropLabel={() => form.setValue('channel', '', { shouldDirty: true })}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <QueryError error={channels.error} />
      {targets.map((t, i) => (
        <TargetVariant
          key={t.channel_id}
          target={t}
          composed={composed[i]!}
          baseText={text}
          baseAssetIds={assetIds}
          onChange={(change) => set(withVariant(targets, t.channel_id, change))}
        />
      ))}
      <PreviewPanel targets={previews} />
      <PostAiToolbar form={form} postId={postId ?? null} channels={list} />
    </div>
  );
}

/** What the preview of one target shows: its text, media (by asset, with the sizes the frame needs) and warnings. */
function toPreview(c: ComposedTarget): PreviewTarget {
  return {
    channel: c.channel,
    text: c.text,
    media: c.media.map((m) => ({
      assetId: m.assetId,
      kind: m.kind ?? 'other',
      width: m.width,
      height: m.height,
      durationMs: m.durationMs,
      alt: m.altText || null,
    })),
    warnings: c.warnings,
  };
}
