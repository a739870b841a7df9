import { z } from 'zod';
import { ChannelNetwork } from './networks';

// Channels: the places a creator publishes (an Instagram feed, a TikTok account…), each a local record
// with its network, handle, look and weekly posting slots. The platform names no group for them, so
// they live on this computer; a post names its channels in its own fields, which do sync.

const id = z.string().min(1).max(200);

/** Whether a network id is one the rules know, or `other`. */
export function isNetworkId(value: string): boolean {
  return ChannelNetwork.safeParse(value).success;
}

/** The network a free-text channel label most likely means ("Instagram Reels" → instagram-reel), else `other`. */
export function guessNetwork(label: string): ChannelNetwork {
  const l = label.trim().toLowerCase();
  const has = (...words: string[]) => words.some((w) => l.includes(w));
  if (has('insta') || l === 'ig')
    return has('reel') ? 'instagram-reel' : has('story', 'stories') ? 'instagram-story' : 'instagram-feed';
  if (has('tiktok', 'tik tok')) return 'tiktok';
  if (has('youtube', 'you tube') || l === 'yt') return has('short') ? 'youtube-shorts' : 'youtube';
  if (has('twitter') || l === 'x' || l.startsWith('x ') || l.endsWith(' x')) return 'x';
  if (has('linkedin', 'linked in')) return 'linkedin';
  if (has('facebook') || l === 'fb') return 'facebook';
  if (has('threads')) return 'threads';
  if (has('pinterest')) return 'pinterest';
  if (has('bluesky', 'bsky')) return 'bluesky';
  if (has('mastodon')) return 'mastodon';
  return 'other';
}

/** A colour per network, for channels made from a label (the creator can change it). */
export const NETWORK_COLOURS: Record<ChannelNetwork, string> = {
  'instagram-feed': '#c13584',
  'instagram-reel': '#c13584',
  'instagram-story': '#c13584',
  tiktok: '#111827',
  youtube: '#dc2626',
  'youtube-shorts': '#dc2626',
  x: '#1f2937',
  linkedin: '#0a66c2',
  facebook: '#1877f2',
  threads: '#374151',
  pinterest: '#bd081c',
  bluesky: '#0085ff',
  mastodon: '#6364ff',
  other: '#6b7280',
};

/** `HH:MM`, 24-hour, in the creator's zone. */
export const SlotTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write the time as HH:MM on a 24-hour clock, such as 09:00 or 18:30');

/** One weekly posting slot: ISO weekday (1 Monday … 7 Sunday) and a local time. */
export const WeeklySlot = z
  .object({
    day: z
      .int('Choose a weekday')
      .min(1, 'Weekdays run from 1 (Monday) to 7 (Sunday)')
      .max(7, 'Weekdays run from 1 (Monday) to 7 (Sunday)'),
    time: SlotTime,
  })
  .strict();
export type WeeklySlot = z.infer<typeof WeeklySlot>;

/** `#rrggbb`. */
export const ChannelColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour written as #rrggbb');

const slotList = z
  .array(WeeklySlot)
  .max(100, 'A channel holds at most 100 weekly slots')
  .refine(
    (slots) => new Set(slots.map((s) => `${s.day} ${s.time}`)).size === slots.length,
    'The same weekday and time is in the list twice',
  );

/** What a creator edits, each field as given (no defaults: a patch names only what changes). */
const fieldShape = {
  /** An id of the network rules (`instagram-feed`, `x`…), or `other`. */
  network: z.string().trim().min(1, 'Choose a network').max(60),
  name: z.string().trim().min(1, 'Enter a name for the channel').max(100),
  handle: z.string().trim().max(200),
  colour: ChannelColour,
  avatarAssetId: id.nullable(),
  slots: slotList,
  /** Rules a channel of the network `other` follows (checked against the rules' schema where used). */
  rules: z.record(z.string(), z.unknown()).nullable(),
};

/** A new channel's fields: what is left out takes its default. */
export const ChannelFields = z
  .object({
    ...fieldShape,
    handle: fieldShape.handle.default(''),
    colour: fieldShape.colour.default('#6b7280'),
    avatarAssetId: fieldShape.avatarAssetId.default(null),
    slots: fieldShape.slots.default([]),
    rules: fieldShape.rules.default(null),
  })
  .strict();
/** A change: each field given replaces the stored one. */
export const ChannelPatch = z.object(fieldShape).partial().strict();
export type ChannelFields = z.infer<typeof ChannelFields>;

export const Channel = z.object({
  id,
  network: z.string(),
  name: z.string(),
  handle: z.string(),
  colour: z.string(),
  avatarAssetId: z.string().nullable(),
  slots: z.array(WeeklySlot),
  rules: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof Channel>;

export const ChannelCreateInput = z.object({ fields: ChannelFields }).strict();
/** Each field given replaces the stored one. */
export const ChannelUpdateInput = z.object({ id, fields: ChannelPatch }).strict();
export const ChannelIdInput = z.object({ id }).strict();

const isoInstant = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date and time, such as 2026-05-01T09:00:00Z',
});
const zone = z.string().min(1).max(100);

/** The slots of every channel (or one) in [from, to), as instants, each free or taken. */
export const SlotsQuery = z
  .object({ from: isoInstant, to: isoInstant, zone, channelId: id.optional() })
  .strict()
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'The range ends before it starts', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, {
    message: 'Ask for slots of at most 400 days at a time',
    path: ['to'],
  });

export const SlotView = z.object({
  channelId: id,
  /** The slot's instant (UTC ISO). */
  at: z.string(),
  /** The post or queue item within half an hour of it on this channel, when one is. */
  takenBy: z.object({ group: z.enum(['posts', 'mediaQueue']), id: z.string() }).nullable(),
});
export type SlotView = z.infer<typeof SlotView>;

export const NextSlotInput = z
  .object({
    channelId: id,
    zone,
    after: isoInstant.optional(),
    /** A post or queue item being placed: its own time takes no slot. */
    excludeId: id.optional(),
  })
  .strict();
/** The next free slot, or null when the channel has no slots (or none is free within a year). */
export const NextSlot = z.object({ at: z.string().nullable(), reason: z.string().nullable() });
export type NextSlot = z.infer<typeof NextSlot>;
