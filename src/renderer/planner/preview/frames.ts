import type { NetworkId } from '../../../shared/networks';
import { formatRatio } from '../../../shared/preflight';
import type { PreviewMedia } from './types';

// How each network's feed frames a post's media. These are the frames the feeds show (what a viewer sees
// before opening the post), not the upload limits of the rules file: a feed crops to its frame, so the
// preview crops too (object-fit: cover), and the pre-flight checks say what the upload itself must be.

/** A ratio as two sides, so CSS gets `4 / 5` and people read `4:5`. */
export interface Sides {
  w: number;
  h: number;
}

type Fit = { fixed: Sides } | { min: Sides; max: Sides; fallback: Sides };

interface NetworkFrame {
  /** Where the media sits: above the text, below it, or filling the card with the text over it. */
  order: 'media-first' | 'text-first' | 'overlay';
  single: Fit;
  /** Several media: a grid in one frame, or a carousel showing the first item with a counter. */
  several: { kind: 'grid'; frame: Sides } | { kind: 'carousel' };
}

const VERTICAL: Sides = { w: 9, h: 16 };
const WIDE: Sides = { w: 16, h: 9 };
const SQUARE: Sides = { w: 1, h: 1 };
const PORTRAIT: Sides = { w: 4, h: 5 };
const LANDSCAPE: Sides = { w: 1.91, h: 1 };
const clamp = (min: Sides, max: Sides, fallback: Sides = SQUARE): Fit => ({ min, max, fallback });

const FRAMES: Record<NetworkId | 'other', NetworkFrame> = {
  // Instagram's feed keeps a photo's own shape between 4:5 and 1.91:1; a carousel takes the first item's.
  'instagram-feed': { order: 'media-first', single: clamp(PORTRAIT, LANDSCAPE), several: { kind: 'carousel' } },
  'instagram-reel': { order: 'overlay', single: { fixed: VERTICAL }, several: { kind: 'carousel' } },
  'instagram-story': { order: 'overlay', single: { fixed: VERTICAL }, several: { kind: 'carousel' } },
  tiktok: { order: 'overlay', single: { fixed: VERTICAL }, several: { kind: 'carousel' } },
  'youtube-shorts': { order: 'overlay', single: { fixed: VERTICAL }, several: { kind: 'carousel' } },
  youtube: { order: 'media-first', single: { fixed: WIDE }, several: { kind: 'carousel' } },
  // X shows one image at 16:9 in the timeline and several as a grid in the same frame.
  x: { order: 'text-first', single: { fixed: WIDE }, several: { kind: 'grid', frame: WIDE } },
  linkedin: { order: 'text-first', single: clamp(PORTRAIT, LANDSCAPE), several: { kind: 'grid', frame: SQUARE } },
  facebook: { order: 'text-first', single: clamp(PORTRAIT, LANDSCAPE), several: { kind: 'grid', frame: SQUARE } },
  threads: { order: 'text-first', single: clamp({ w: 3, h: 4 }, LANDSCAPE), several: { kind: 'carousel' } },
  pinterest: {
    order: 'media-first',
    single: clamp({ w: 1, h: 2 }, SQUARE, { w: 2, h: 3 }),
    several: { kind: 'carousel' },
  },
  bluesky: {
    order: 'text-first',
    single: clamp({ w: 3, h: 4 }, { w: 2, h: 1 }),
    several: { kind: 'grid', frame: WIDE },
  },
  // Mastodon's web timeline crops a single image to 16:9 unless the viewer expands it.
  mastodon: { order: 'text-first', single: { fixed: WIDE }, several: { kind: 'grid', frame: WIDE } },
  other: {
    order: 'text-first',
    single: clamp({ w: 1, h: 2 }, { w: 2, h: 1 }),
    several: { kind: 'grid', frame: SQUARE },
  },
};

export interface MediaFrame {
  arrangement: 'single' | 'grid' | 'carousel';
  /** The frame's sides: the whole grid's for a grid, the shown item's otherwise. */
  sides: Sides;
  /** For CSS `aspect-ratio`, e.g. `4 / 5`. */
  aspect: string;
  /** For people, e.g. `4:5`. */
  label: string;
  /** How many items the frame shows at once. */
  shown: number;
}

const value = (s: Sides): number => s.w / s.h;

function fitted(fit: Fit, item: PreviewMedia | undefined): Sides {
  if ('fixed' in fit) return fit.fixed;
  const { width, height } = item ?? {};
  if (!width || !height) return fit.fallback;
  const own = width / height;
  if (own < value(fit.min)) return fit.min;
  if (own > value(fit.max)) return fit.max;
  return { w: width, h: height };
}

function frameOf(sides: Sides, arrangement: MediaFrame['arrangement'], shown: number): MediaFrame {
  const aspect = `${round(sides.w)} / ${round(sides.h)}`;
  return { arrangement, sides, aspect, label: formatRatio(sides.w * 100, sides.h * 100), shown };
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** Where a network puts the media relative to the text. */
export function mediaOrder(network: NetworkId | null): NetworkFrame['order'] {
  return FRAMES[network ?? 'other'].order;
}

/** The frame a network's feed shows a post's media in (null without media). */
export function frameFor(network: NetworkId | null, media: readonly PreviewMedia[]): MediaFrame | null {
  if (media.length === 0) return null;
  const spec = FRAMES[network ?? 'other'];
  if (media.length === 1) return frameOf(fitted(spec.single, media[0]), 'single', 1);
  if (spec.several.kind === 'grid') return frameOf(spec.several.frame, 'grid', Math.min(media.length, 4));
  return frameOf(fitted(spec.single, media[0]), 'carousel', 1);
}
