import type { Channel } from '../../../shared/channels';
import type { FixInput } from '../../../shared/media-fix';
import { rulesFor, type Ratio } from '../../../shared/networks';
import type { Warning } from '../../../shared/preflight';
import { checkTargetOf } from '../post-targets';
import type { ComposedMedia, ComposedTarget } from '../use-composed-targets';

// Which fixes a warning offers as buttons, and the exact job each one asks of the core. Only what the core
// can do is offered: it never enlarges a picture, and it sizes a video by width and height, not bytes.

export type TrimMode = 'keyframe' | 'reencode';

export type FixAction =
  | { kind: 'crop'; ratio: string; media: ComposedMedia; index: number }
  | { kind: 'pad'; ratio: string; media: ComposedMedia; index: number }
  | { kind: 'resize'; input: FixInput; media: ComposedMedia; index: number }
  | { kind: 'trim'; maxMs: number; media: ComposedMedia; index: number }
  | { kind: 'shorten' };

/** The media item a warning is about (its position in the target's media), if any. */
export function warnedMedia(w: Warning, composed: ComposedTarget): { media: ComposedMedia; index: number } | null {
  if (w.mediaIndex === null) return null;
  const index = composed.checkedAt[w.mediaIndex];
  const media = index === undefined ? undefined : composed.media[index];
  return media && index !== undefined ? { media, index } : null;
}

const pictureOrVideo = (m: ComposedMedia) => m.kind === 'image' || m.kind === 'video';

/** The buttons a warning gets, in the order its fixes are listed. */
export function fixActions(w: Warning, composed: ComposedTarget): FixAction[] {
  const at = warnedMedia(w, composed);
  return w.fixes.flatMap((fix): FixAction[] => {
    if (fix.kind === 'shorten') return [{ kind: 'shorten' }];
    if (!at || !pictureOrVideo(at.media)) return [];
    switch (fix.kind) {
      case 'crop':
      case 'pad':
        return [{ kind: fix.kind, ratio: fix.ratio, ...at }];
      case 'resize': {
        const enlarge = w.code.endsWith('too-small');
        const bytesOfVideo = fix.maxBytes !== null && at.media.kind === 'video';
        if (enlarge || bytesOfVideo) return [];
        const input: FixInput = {
          operation: 'resize',
          assetId: at.media.assetId,
          ...(fix.width !== null && { maxWidth: fix.width }),
          ...(fix.height !== null && { maxHeight: fix.height }),
          ...(fix.maxBytes !== null && { maxBytes: fix.maxBytes }),
        };
        return [{ kind: 'resize', input, ...at }];
      }
      case 'trim':
        return at.media.kind === 'video' ? [{ kind: 'trim', maxMs: fix.maxMs, ...at }] : [];
      case 'add-media':
        return [];
    }
  });
}

/** The trim job for a video: cut at the limit, at the keyframe before it (fast) or exactly (re-encoded). */
export function trimInput(assetId: string, maxMs: number, mode: TrimMode): FixInput {
  return { operation: 'trim', assetId, maxDurationMs: Math.floor(maxMs), mode };
}

const seconds = (ms: number) => `${Math.floor(ms / 1000)} s`;

/** What a job does, in words, for its progress line ("Cropping “beach.jpg” to 4:5"). */
export function jobWords(input: FixInput, name: string): string {
  const quoted = `“${name}”`;
  switch (input.operation) {
    case 'crop':
      return `Cropping ${quoted} to ${input.ratio ?? 'its frame'}`;
    case 'pad':
      return `Padding ${quoted} to ${input.ratio ?? 'its frame'}`;
    case 'resize':
      return input.maxWidth !== undefined || input.maxHeight !== undefined
        ? `Resizing ${quoted} to fit ${input.maxWidth ?? 'any'}×${input.maxHeight ?? 'any'}`
        : `Making ${quoted} a smaller file`;
    case 'trim':
      return `Trimming ${quoted} to ${seconds(input.maxDurationMs)}${input.mode === 'reencode' ? ' (exact)' : ''}`;
  }
}

/** The ratios a channel takes for a kind of media (both null: any). */
export interface RatioRange {
  min: Ratio | null;
  max: Ratio | null;
}

/** The range of ratios a channel's rules take for pictures or videos (any, when it has no rules). */
export function ratioRangeOf(channel: Pick<Channel, 'network' | 'rules'>, kind: 'image' | 'video'): RatioRange {
  const target = checkTargetOf(channel);
  if (target === null) return { min: null, max: null };
  const rules = typeof target === 'string' ? rulesFor(target) : target;
  return rules[kind].ratio;
}

/** A range in words: "4:5 to 1.91:1", "9:16", "1:1 or wider"; null when any ratio goes. */
export function rangeWords(range: RatioRange): string | null {
  const { min, max } = range;
  if (min && max) return min.label === max.label ? min.label : `${min.label} to ${max.label}`;
  if (max) return `${max.label} or taller`;
  if (min) return `${min.label} or wider`;
  return null;
}
