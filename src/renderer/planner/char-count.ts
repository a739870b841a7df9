// Live character counts for post text, and a soft per-channel limit shown as a hint (never enforced:
// channels are free labels and platforms change their limits).

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/** Characters as people count them: "é", "👍🏽" and "🇫🇷" are one each. */
export function countChars(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
}

/** Usual caption/post limits, by a word found in the channel label. */
export const channelLimits: readonly { words: readonly string[]; name: string; limit: number }[] = [
  { words: ['x', 'twitter', 'tweet'], name: 'X/Twitter', limit: 280 },
  { words: ['bluesky', 'bsky'], name: 'Bluesky', limit: 300 },
  { words: ['threads'], name: 'Threads', limit: 500 },
  { words: ['mastodon'], name: 'Mastodon', limit: 500 },
  { words: ['pinterest'], name: 'Pinterest', limit: 500 },
  { words: ['instagram', 'insta', 'ig'], name: 'Instagram', limit: 2200 },
  { words: ['tiktok'], name: 'TikTok', limit: 2200 },
  { words: ['linkedin'], name: 'LinkedIn', limit: 3000 },
  { words: ['youtube', 'yt'], name: 'YouTube', limit: 5000 },
  { words: ['facebook', 'fb'], name: 'Facebook', limit: 63_206 },
];

/** The known limit for a channel label ("X (Twitter)", "instagram-reels"), if any. */
export function limitFor(channel: string | null | undefined): { name: string; limit: number } | null {
  const words = (channel ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  for (const entry of channelLimits)
    if (entry.words.some((w) => words.includes(w))) return { name: entry.name, limit: entry.limit };
  return null;
}

export interface CountHint {
  count: number;
  /** "123 characters", "1 character". */
  text: string;
  /** "Instagram allows about 2,200 (2,077 left)" or "… 12 over"; null without a known limit. */
  hint: string | null;
  over: boolean;
}

export function countHint(text: string, channel: string | null | undefined): CountHint {
  const count = countChars(text);
  const words = `${count.toLocaleString('en-US')} ${count === 1 ? 'character' : 'characters'}`;
  const known = limitFor(channel);
  if (!known) return { count, text: words, hint: null, over: false };
  const left = known.limit - count;
  const tail = left >= 0 ? `${left.toLocaleString('en-US')} left` : `${(-left).toLocaleString('en-US')} over`;
  return {
    count,
    text: words,
    hint: `${known.name} allows about ${known.limit.toLocaleString('en-US')} (${tail})`,
    over: left < 0,
  };
}
