import { z } from 'zod';
import { aspectPresets } from './media-fix';
import { rulesFor, type NetworkId, type Rules } from './networks';

// AI for a post: an image made from its text, alt text written for its media, a caption read from its
// video. Each is an AI job; when it succeeds the core attaches the result to the post (or offers it).

/** What the person asked for: an image for the post, alt text for one media, a caption from a video. */
export const PostAiKind = z.enum(['image', 'altText', 'caption']);
export type PostAiKind = z.infer<typeof PostAiKind>;

/**
 * waiting: the job is queued or running. done: the result is attached (or a caption was taken).
 * offered: a caption waits for the person to take or dismiss. failed: the job failed, was cancelled or
 * its result could not be attached (the words say which). dismissed: the person turned the caption down.
 */
export const PostAiState = z.enum(['waiting', 'done', 'offered', 'failed', 'dismissed']);
export type PostAiState = z.infer<typeof PostAiState>;

/** The most of the post's text a prompt takes (the AI queue's own limit). */
export const PROMPT_MAX = 4_000;

const id = z.string().min(1).max(200);
const RATIO = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/;
const aspect = z
  .string()
  .trim()
  .max(40)
  .refine((text) => ratioValue(text) !== null, 'Write the aspect ratio like 4:5 or 1.91:1');
/** Empty means the Studio's default for the operation (its most recent model, else the profile's first). */
const modelId = z.string().trim().max(200).optional();

export const PostAiStartInput = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('image'),
      postId: id,
      /** The channel whose variant gets the image; null puts it in the post's own media (every channel). */
      channelId: id.nullable().default(null),
      prompt: z
        .string()
        .trim()
        .min(1, 'Write a prompt first: the post has no text to start from')
        .max(PROMPT_MAX, `A prompt is at most ${PROMPT_MAX.toLocaleString('en')} characters; shorten it`),
      aspect: aspect.nullable().default(null),
      modelId,
    })
    .strict(),
  z.object({ kind: z.literal('altText'), postId: id, assetId: id, modelId }).strict(),
  z
    .object({
      kind: z.literal('caption'),
      postId: id,
      /** The channel whose variant text the caption is offered for; null for the post's own text. */
      channelId: id.nullable().default(null),
      assetId: id,
      modelId,
    })
    .strict(),
]);
export type PostAiStartInput = z.input<typeof PostAiStartInput>;

export const PostAiRequestView = z.object({
  id: z.string(),
  postId: z.string(),
  kind: PostAiKind,
  channelId: z.string().nullable(),
  /** The media read (alt text, caption). */
  assetId: z.string().nullable(),
  jobId: z.string(),
  state: PostAiState,
  aspect: z.string().nullable(),
  /** The library asset made from the generated image, once attached. */
  resultAssetId: z.string().nullable(),
  /** The alt text written, or the caption offered. */
  text: z.string().nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PostAiRequestView = z.infer<typeof PostAiRequestView>;

export const PostAiRequestsInput = z.object({ postId: id }).strict();
export const PostAiSettleInput = z
  .object({
    id,
    /** taken: the person used the caption (replaced or appended in the composer); dismissed: not wanted. */
    outcome: z.enum(['taken', 'dismissed']),
  })
  .strict();
export type PostAiSettleInput = z.input<typeof PostAiSettleInput>;

/** The value (width / height) of a ratio written like 4:5, or null when it is not one. */
export function ratioValue(text: string): number | null {
  const match = RATIO.exec(text.trim());
  const w = Number(match?.[1]);
  const h = Number(match?.[2]);
  return match && w > 0 && h > 0 ? w / h : null;
}

/** The image ratios a channel takes (width / height), each end null when open. */
export interface RatioRange {
  min: number | null;
  max: number | null;
}

export function imageRatioRange(target: NetworkId | Rules): RatioRange {
  const rules = typeof target === 'string' ? rulesFor(target) : target;
  return { min: rules.image.ratio.min?.value ?? null, max: rules.image.ratio.max?.value ?? null };
}

// A preset on the edge of a range (1.91:1 against a 1.91 maximum) counts as inside.
const EDGE = 0.005;
const fits = (value: number, r: RatioRange) =>
  (r.min === null || value >= r.min * (1 - EDGE)) && (r.max === null || value <= r.max * (1 + EDGE));

/** The aspect presets a channel takes, in the presets' order. */
export function aspectsFor(range: RatioRange): string[] {
  return aspectPresets.filter((p) => fits(ratioValue(p) ?? 1, range));
}
