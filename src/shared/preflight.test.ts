import { describe, expect, it } from 'vitest';
import { emptyUserRules, loadUserRules, type NetworkId, type UserRulesInput } from './networks';
import {
  countText,
  formatRatio,
  hashtagsOf,
  mentionsOf,
  preflight,
  previewCut,
  type Fix,
  type MediaFacts,
  type Target,
  type WarningCode,
} from './preflight';

function img(width: number, height: number, extra: Partial<MediaFacts> = {}): MediaFacts {
  return { kind: 'image', mime: 'image/jpeg', width, height, sizeBytes: 1_000_000, ...extra };
}

function vid(width: number, height: number, seconds: number, extra: Partial<MediaFacts> = {}): MediaFacts {
  const facts: MediaFacts = { kind: 'video', mime: 'video/mp4', width, height, durationMs: seconds * 1000 };
  return { ...facts, sizeBytes: 10_000_000, fps: 30, ...extra };
}

const FAMILY = '👨‍👩‍👧‍👦';

/** A channel of type Other: a 10-character text, square images, videos up to 30 s. */
function myBlog(): Target {
  const open = { min: null, max: null };
  const pixels = { minWidth: null, maxWidth: null, minHeight: null, maxHeight: null, maxArea: null };
  const input: UserRulesInput = {
    name: 'My blog',
    text: { max: 10, count: 'graphemes' },
    preview: { cutAt: null },
    hashtags: { max: 2 },
    mentions: { max: null },
    media: { min: 0, max: 4, required: false, kinds: ['image', 'video'], maxVideos: null, mixed: true },
    image: { formats: { mimes: null }, ratio: { min: '1:1', max: '1:1' }, pixels, bytes: { max: null } },
    video: {
      formats: { mimes: null },
      ratio: open,
      pixels,
      bytes: { max: null },
      duration: { minMs: null, maxMs: 30_000 },
      fps: open,
    },
  };
  return loadUserRules(input);
}

interface Case {
  name: string;
  target: Target;
  text?: string;
  media?: MediaFacts[];
  expected: Array<[WarningCode, string]>;
  fixes?: Fix[][];
  indexes?: Array<number | null>;
}

const crop = (ratio: string, width: number, height: number): Fix => ({ kind: 'crop', ratio, width, height });
const pad = (ratio: string, width: number, height: number): Fix => ({ kind: 'pad', ratio, width, height });
const resize = (width: number | null, height: number | null, maxBytes: number | null = null): Fix => ({
  kind: 'resize',
  width,
  height,
  maxBytes,
});
const shorten = (limit: number, cutIndex: number): Fix => ({ kind: 'shorten', limit, cutIndex });

const imageCases: Case[] = [
  {
    name: 'a 4000×1000 image on the Instagram feed',
    target: 'instagram-feed',
    media: [img(4000, 1000)],
    expected: [
      ['image.ratio', 'Instagram feed wants 4:5 to 1.91:1; this image is 4:1.'],
      ['image.too-large', 'Instagram feed wants images at most 1440 px wide; this image is 4000×1000.'],
    ],
    fixes: [[crop('1.91:1', 1910, 1000), pad('1.91:1', 4000, 2095)], [resize(1440, 360)]],
    indexes: [0, 0],
  },
  { name: 'a 4:5 image on the Instagram feed', target: 'instagram-feed', media: [img(1080, 1350)], expected: [] },
  {
    name: 'a 1080×566 image (1.908, within rounding)',
    target: 'instagram-feed',
    media: [img(1080, 566)],
    expected: [],
  },
  {
    name: 'a 9:16 image on the Instagram feed',
    target: 'instagram-feed',
    media: [img(1080, 1920)],
    expected: [['image.ratio', 'Instagram feed wants 4:5 to 1.91:1; this image is 9:16.']],
    fixes: [[crop('4:5', 1080, 1350), pad('4:5', 1536, 1920)]],
  },
  {
    name: 'a 200×250 image on the Instagram feed',
    target: 'instagram-feed',
    media: [img(200, 250)],
    expected: [['image.too-small', 'Instagram feed wants images at least 320 px wide; this image is 200×250.']],
    fixes: [[resize(320, 400)]],
  },
  {
    name: 'a PNG on the Instagram feed',
    target: 'instagram-feed',
    media: [img(1080, 1080, { mime: 'image/png' })],
    expected: [['media.format', 'Instagram feed takes JPEG images; item 1 is PNG.']],
  },
  {
    name: 'a 9 MB image on the Instagram feed',
    target: 'instagram-feed',
    media: [img(1080, 1080, { sizeBytes: 9_000_000 })],
    expected: [['image.too-heavy', 'Instagram feed takes images up to 8 MB; this image is 9 MB.']],
    fixes: [[resize(null, null, 8_000_000)]],
  },
  {
    name: 'a 48-megapixel image on LinkedIn',
    target: 'linkedin',
    media: [img(8000, 6000)],
    expected: [['image.too-large', 'LinkedIn wants images at most 36.2 megapixels; this image is 8000×6000.']],
    fixes: [[resize(6942, 5207)]],
  },
  {
    name: 'a 9000 px wide image on X',
    target: 'x',
    media: [img(9000, 100)],
    expected: [['image.too-large', 'X wants images at most 8192 px wide; this image is 9000×100.']],
    fixes: [[resize(8192, 91)]],
  },
  {
    name: 'a 20 MB image on Mastodon',
    target: 'mastodon',
    media: [img(1000, 1000, { sizeBytes: 20_000_000 })],
    expected: [['image.too-heavy', 'Mastodon takes images up to 16.8 MB; this image is 20 MB.']],
  },
  {
    name: 'a 1.5 MB image on Bluesky',
    target: 'bluesky',
    media: [img(1000, 1000, { sizeBytes: 1_500_000 })],
    expected: [['image.too-heavy', 'Bluesky takes images up to 1 MB; this image is 1.5 MB.']],
  },
  {
    name: 'a 100×1200 image on Threads',
    target: 'threads',
    media: [img(100, 1200)],
    expected: [
      ['image.ratio', 'Threads wants 1:10 to 10:1; this image is 1:12.'],
      ['image.too-small', 'Threads wants images at least 320 px wide; this image is 100×1200.'],
    ],
    fixes: [[crop('1:10', 100, 1000), pad('1:10', 120, 1200)], [resize(320, 3840)]],
  },
  {
    name: 'a PNG photo on TikTok',
    target: 'tiktok',
    media: [img(1080, 1920, { mime: 'image/png' })],
    expected: [['media.format', 'TikTok takes JPEG, WEBP images; item 1 is PNG.']],
  },
  { name: 'a 3:1 image on Pinterest (no ratio range)', target: 'pinterest', media: [img(3000, 1000)], expected: [] },
];

const videoCases: Case[] = [
  { name: 'a 9:16 reel of 30 s', target: 'instagram-reel', media: [vid(1080, 1920, 30)], expected: [] },
  {
    name: 'a reel of 2 s',
    target: 'instagram-reel',
    media: [vid(1080, 1920, 2)],
    expected: [['video.too-short', 'Instagram reel wants videos at least 3 s long; this video is 2 s.']],
    fixes: [[]],
  },
  {
    name: 'a reel of 16 min',
    target: 'instagram-reel',
    media: [vid(1080, 1920, 960)],
    expected: [['video.too-long', 'Instagram reel takes videos up to 15 min; this video is 16 min.']],
    fixes: [[{ kind: 'trim', maxMs: 900_000 }]],
  },
  {
    name: 'a reel at 120 fps',
    target: 'instagram-reel',
    media: [vid(1080, 1920, 30, { fps: 120 })],
    expected: [['video.fps-too-high', 'Instagram reel takes videos up to 60 fps; this video is 120 fps.']],
  },
  {
    name: 'a reel at 15 fps',
    target: 'instagram-reel',
    media: [vid(1080, 1920, 30, { fps: 15 })],
    expected: [['video.fps-too-low', 'Instagram reel wants videos of at least 23 fps; this video is 15 fps.']],
  },
  { name: 'a reel at 29.97 fps', target: 'instagram-reel', media: [vid(1080, 1920, 30, { fps: 29.97 })], expected: [] },
  {
    name: 'a reel of 400 MB',
    target: 'instagram-reel',
    media: [vid(1080, 1920, 30, { sizeBytes: 400_000_000 })],
    expected: [['video.too-heavy', 'Instagram reel takes videos up to 300 MB; this video is 400 MB.']],
    fixes: [[resize(null, null, 300_000_000)]],
  },
  {
    name: 'a 4K reel',
    target: 'instagram-reel',
    media: [vid(3840, 2160, 30)],
    expected: [['video.too-large', 'Instagram reel wants videos at most 1920 px wide; this video is 3840×2160.']],
    fixes: [[resize(1920, 1080)]],
  },
  {
    name: 'a story video of 75 s',
    target: 'instagram-story',
    media: [vid(1080, 1920, 75)],
    expected: [['video.too-long', 'Instagram story takes videos up to 1 min; this video is 1 min 15 s.']],
  },
  {
    name: 'an image as a reel',
    target: 'instagram-reel',
    media: [img(1080, 1920)],
    expected: [['media.kind', 'Instagram reel takes videos only; item 1 is an image.']],
  },
  {
    name: 'a TikTok of 12 min 30 s',
    target: 'tiktok',
    media: [vid(1080, 1920, 750)],
    expected: [['video.too-long', 'TikTok takes videos up to 10 min; this video is 12 min 30 s.']],
  },
  {
    name: 'a 300×640 TikTok',
    target: 'tiktok',
    media: [vid(300, 640, 30)],
    expected: [['video.too-small', 'TikTok wants videos at least 360 px wide; this video is 300×640.']],
    fixes: [[resize(360, 768)]],
  },
  {
    name: 'a 16:9 Short',
    target: 'youtube-shorts',
    media: [vid(1920, 1080, 30)],
    expected: [['video.ratio', 'YouTube Shorts wants 1:1 or taller; this video is 16:9.']],
    fixes: [[crop('1:1', 1080, 1080), pad('1:1', 1920, 1920)]],
  },
  {
    name: 'a Short of 3 min 20 s',
    target: 'youtube-shorts',
    media: [vid(1080, 1920, 200)],
    expected: [['video.too-long', 'YouTube Shorts takes videos up to 3 min; this video is 3 min 20 s.']],
    fixes: [[{ kind: 'trim', maxMs: 180_000 }]],
  },
  {
    name: 'a video of 2 min 30 s on X',
    target: 'x',
    media: [vid(1280, 720, 150)],
    expected: [['video.too-long', 'X takes videos up to 2 min 20 s; this video is 2 min 30 s.']],
  },
  {
    name: 'a 1080p video on X',
    target: 'x',
    media: [vid(1920, 1080, 30)],
    expected: [
      ['video.too-large', 'X wants videos at most 1280 px wide and at most 1024 px high; this video is 1920×1080.'],
    ],
    fixes: [[resize(1280, 720)]],
  },
  {
    name: 'a 4:1 video on X',
    target: 'x',
    media: [vid(1280, 320, 30)],
    expected: [['video.ratio', 'X wants 1:3 to 3:1; this video is 4:1.']],
    fixes: [[crop('3:1', 960, 320), pad('3:1', 1280, 427)]],
  },
  {
    name: 'a LinkedIn video of 1 s',
    target: 'linkedin',
    media: [vid(1080, 1080, 1)],
    expected: [['video.too-short', 'LinkedIn wants videos at least 3 s long; this video is 1 s.']],
  },
  {
    name: 'a 1080×2400 video Pin',
    target: 'pinterest',
    media: [vid(1080, 2400, 30)],
    expected: [['video.ratio', 'Pinterest wants 1:2 to 1.91:1; this video is 9:20.']],
    fixes: [[crop('1:2', 1080, 2160), pad('1:2', 1200, 2400)]],
  },
  {
    name: 'a 130 fps video on Mastodon',
    target: 'mastodon',
    media: [vid(1280, 720, 30, { fps: 130 })],
    expected: [['video.fps-too-high', 'Mastodon takes videos up to 120 fps; this video is 130 fps.']],
  },
  {
    name: 'a 60 MB video on Bluesky',
    target: 'bluesky',
    media: [vid(1280, 720, 30, { sizeBytes: 60_000_000 })],
    expected: [['video.too-heavy', 'Bluesky takes videos up to 50 MB; this video is 60 MB.']],
  },
];

const mediaSetCases: Case[] = [
  {
    name: 'no media on the Instagram feed',
    target: 'instagram-feed',
    text: 'hello',
    expected: [['media.missing', 'Instagram feed needs an image or a video; this post has none.']],
    fixes: [[{ kind: 'add-media', kinds: ['image', 'video'] }]],
    indexes: [null],
  },
  {
    name: 'no media for a reel',
    target: 'instagram-reel',
    expected: [['media.missing', 'Instagram reel needs a video; this post has none.']],
  },
  {
    name: 'no media on YouTube',
    target: 'youtube',
    expected: [['media.missing', 'YouTube needs a video; this post has none.']],
  },
  { name: 'text alone on X', target: 'x', text: 'hello', expected: [] },
  {
    name: 'five images on X',
    target: 'x',
    media: [1, 2, 3, 4, 5].map(() => img(1000, 1000)),
    expected: [['media.too-many', 'X allows 4 media per post; this post has 5.']],
  },
  {
    name: 'eleven images on the Instagram feed',
    target: 'instagram-feed',
    media: Array.from({ length: 11 }, () => img(1080, 1080)),
    expected: [['media.too-many', 'Instagram feed allows 10 media per post; this post has 11.']],
  },
  {
    name: 'an image and a video on X',
    target: 'x',
    media: [img(1000, 1000), vid(1280, 720, 30)],
    expected: [['media.mixed', 'X does not mix images and videos in one post; this post has both.']],
  },
  {
    name: 'two videos on Bluesky',
    target: 'bluesky',
    media: [vid(1280, 720, 30), vid(1280, 720, 30)],
    expected: [['media.too-many-videos', 'Bluesky allows 1 video per post; this post has 2.']],
  },
];

const longFamily = FAMILY.repeat(301);
const mastodonText = `@alice@example.social ${'b'.repeat(470)} https://example.com/${'x'.repeat(100)}`;

const textCases: Case[] = [
  { name: '280 Latin characters on X', target: 'x', text: 'a'.repeat(280), expected: [] },
  {
    name: '281 Latin characters on X',
    target: 'x',
    text: 'a'.repeat(281),
    expected: [['text.too-long', 'X allows 280 characters; this text counts 281.']],
    fixes: [[shorten(280, 280)]],
  },
  {
    name: '141 CJK characters on X (each counts 2)',
    target: 'x',
    text: '漢'.repeat(141),
    expected: [['text.too-long', 'X allows 280 characters; this text counts 282.']],
    fixes: [[shorten(280, 140)]],
  },
  {
    name: '141 emoji on X (each counts 2)',
    target: 'x',
    text: '👍'.repeat(141),
    expected: [['text.too-long', 'X allows 280 characters; this text counts 282.']],
    fixes: [[shorten(280, 280)]],
  },
  {
    name: 'a long URL on X counts 23',
    target: 'x',
    text: `${'a'.repeat(250)} https://example.com/a/very/long/path/that/goes/on/and/on/and/on`,
    expected: [],
  },
  {
    name: '301 family emoji on Bluesky (graphemes)',
    target: 'bluesky',
    text: longFamily,
    expected: [['text.too-long', 'Bluesky allows 300 characters; this text counts 301.']],
    fixes: [[shorten(300, 3300)]],
  },
  {
    name: '126 emoji on Threads (each counts its 4 UTF-8 bytes)',
    target: 'threads',
    text: '😀'.repeat(126),
    expected: [['text.too-long', 'Threads allows 500 characters; this text counts 504.']],
    fixes: [[shorten(500, 250)]],
  },
  {
    name: '1101 emoji on the Instagram feed (UTF-16 units)',
    target: 'instagram-feed',
    text: '😀'.repeat(1101),
    media: [img(1080, 1080)],
    expected: [['text.too-long', 'Instagram feed allows 2200 characters; this text counts 2202.']],
    fixes: [[shorten(2200, 2200)]],
  },
  {
    name: 'a YouTube description of 5002 bytes',
    target: 'youtube',
    text: 'é'.repeat(2501),
    media: [vid(1920, 1080, 60)],
    expected: [['text.too-long', 'YouTube allows 5000 bytes; this text counts 5002.']],
    fixes: [[shorten(5000, 2500)]],
  },
  {
    name: 'a Mastodon post with a remote mention and a link',
    target: 'mastodon',
    text: mastodonText,
    expected: [['text.too-long', 'Mastodon allows 500 characters; this text counts 501.']],
    fixes: [[shorten(500, 493)]],
  },
  {
    name: 'six hashtags on the Instagram feed',
    target: 'instagram-feed',
    text: 'Sunday #a #b #c #d #e #f',
    media: [img(1080, 1080)],
    expected: [['hashtags.too-many', 'Instagram feed allows 5 hashtags; this text has 6.']],
    fixes: [[shorten(5, 22)]],
  },
  {
    name: 'years are not hashtags',
    target: 'instagram-feed',
    text: '#2020 #2021 #2022 #2023 #2024 #2025 #travel',
    media: [img(1080, 1080)],
    expected: [],
  },
  {
    name: 'two topic tags on Threads',
    target: 'threads',
    text: '#books and #coffee',
    expected: [['hashtags.too-many', 'Threads allows 1 hashtag; this text has 2.']],
    fixes: [[shorten(1, 11)]],
  },
  {
    name: 'twenty-one mentions on the Instagram feed',
    target: 'instagram-feed',
    text: Array.from({ length: 21 }, (_, i) => `@friend${i}`).join(' '),
    media: [img(1080, 1080)],
    expected: [['mentions.too-many', 'Instagram feed allows 20 mentions; this text has 21.']],
  },
  {
    name: 'text on an Instagram story',
    target: 'instagram-story',
    text: 'hello',
    media: [img(1080, 1920)],
    expected: [['text.not-published', 'Instagram story publishes no text; this post has 5 characters.']],
    fixes: [[shorten(0, 0)]],
  },
];

const otherCases: Case[] = [
  {
    name: 'a channel of type Other with its own rules',
    target: myBlog(),
    text: 'a'.repeat(11),
    media: [img(1200, 1000), vid(1080, 1080, 45)],
    expected: [
      ['text.too-long', 'My blog allows 10 characters; this text counts 11.'],
      ['image.ratio', 'My blog wants 1:1; this image is 6:5.'],
      ['video.too-long', 'My blog takes videos up to 30 s; this video is 45 s.'],
    ],
    fixes: [[shorten(10, 10)], [crop('1:1', 1000, 1000), pad('1:1', 1200, 1200)], [{ kind: 'trim', maxMs: 30_000 }]],
    indexes: [null, 0, 1],
  },
  {
    name: 'a channel of type Other counts its own hashtags',
    target: myBlog(),
    text: '#a #b #c',
    expected: [['hashtags.too-many', 'My blog allows 2 hashtags; this text has 3.']],
  },
  {
    name: 'a channel of type Other with no rules warns of nothing',
    target: emptyUserRules('Anything'),
    text: 'a'.repeat(5000),
    media: [img(4000, 1000), vid(100, 100, 7200, { fps: 240 })],
    expected: [],
  },
];

const cases = [...imageCases, ...videoCases, ...mediaSetCases, ...textCases, ...otherCases];

describe('pre-flight checks', () => {
  it('has a table of at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$name', ({ target, text, media, expected, fixes, indexes }) => {
    const result = preflight({ text: text ?? '', media: media ?? [] }, target);
    expect(result.warnings.map((warning) => [warning.code, warning.message])).toEqual(expected);
    if (fixes) expect(result.warnings.map((warning) => warning.fixes)).toEqual(fixes);
    if (indexes) expect(result.warnings.map((warning) => warning.mediaIndex)).toEqual(indexes);
  });

  it('names the rule broken and the network', () => {
    const [warning] = preflight({ text: '', media: [img(4000, 1000)] }, 'instagram-feed').warnings;
    expect(warning).toMatchObject({ rule: 'image.ratio', network: 'Instagram feed', mediaIndex: 0 });
  });

  it('raises no warning on unknown metadata and says which checks could not run', () => {
    const image = preflight({ text: '', media: [{ kind: 'image' }] }, 'instagram-feed');
    expect(image.warnings).toEqual([]);
    expect(image.skipped).toEqual([
      { rule: 'image.formats', mediaIndex: 0, missing: ['mime'] },
      { rule: 'image.ratio', mediaIndex: 0, missing: ['width', 'height'] },
      { rule: 'image.pixels', mediaIndex: 0, missing: ['width', 'height'] },
      { rule: 'image.bytes', mediaIndex: 0, missing: ['sizeBytes'] },
    ]);
    const video = preflight({ text: '', media: [{ kind: 'video', width: 1080, height: 1920 }] }, 'instagram-reel');
    expect(video.warnings).toEqual([]);
    expect(video.skipped.map((skipped) => [skipped.rule, skipped.missing])).toEqual([
      ['video.formats', ['mime']],
      ['video.bytes', ['sizeBytes']],
      ['video.duration', ['durationMs']],
      ['video.fps', ['fps']],
    ]);
  });

  it('reports the count and the limit', () => {
    expect(preflight({ text: '漢字', media: [] }, 'x').text).toEqual({ count: 4, max: 280 });
    expect(preflight({ text: 'hello', media: [] }, 'facebook').text).toEqual({ count: 5, max: null });
  });
});

describe('countText', () => {
  it.each<[string, NetworkId, number]>([
    [FAMILY, 'x', 2],
    [FAMILY, 'bluesky', 1],
    [FAMILY, 'instagram-feed', 11],
    [FAMILY, 'threads', 25],
    [FAMILY, 'youtube', 25],
    ['🇫🇷', 'x', 2],
    ['1️⃣', 'x', 2],
    ['日本語', 'x', 6],
    ['日本語', 'bluesky', 3],
    ['cafe\u0301', 'x', 4],
    ['cafe\u0301', 'bluesky', 4],
    ['cafe\u0301', 'instagram-feed', 5],
    ['naïve — “quoted”', 'x', 16],
    ['see example.com/page and https://t.co/x', 'x', 55],
    ['see https://example.com/a/b/c.', 'mastodon', 28],
    ['see example.com/page', 'mastodon', 20],
    ['@alice@example.social hi', 'mastodon', 9],
    ['@alice@example.social hi', 'bluesky', 24],
    ['line\r\nbreak', 'bluesky', 10],
  ])('%s on %s counts %i', (text, network, count) => {
    expect(countText(text, network)).toBe(count);
  });
});

describe('counting while typing', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const fresh = (text: string): number => Array.from(segmenter.segment(text)).length;
  const final = `Hi ${FAMILY} 🇫🇷🇩🇪 cafe\u0301 日本 👋🏽!`;

  it('counts each keystroke as a fresh count would, joins included', () => {
    let text = '';
    for (const char of final) {
      text += char;
      expect(countText(text, 'bluesky')).toBe(fresh(text));
    }
  });

  it('counts edits in the middle and deletions as a fresh count would', () => {
    const edits = [
      `${final.slice(0, 5)}X${final.slice(5)}`,
      final.slice(0, 10),
      `🇫${final}`,
      final.replace('🇫🇷', '🇫'),
      final.replace('\u0301', ''),
      final,
    ];
    for (const text of edits) expect(countText(text, 'bluesky')).toBe(fresh(text));
  });
});

describe('hashtags and mentions', () => {
  it('finds tags with a letter, not in words or links', () => {
    expect(hashtagsOf('#2026 #été #a_b x#y https://a.com/#top ＃全角')).toEqual([6, 11, 39]);
  });

  it('finds mentions, not email addresses', () => {
    expect(mentionsOf('@ana, write to a@b.com or @bo.bsky.social.')).toEqual([0, 26]);
  });
});

describe('previewCut', () => {
  it('cuts where the feed shows "… more", at a space', () => {
    const text = 'word '.repeat(40);
    expect(previewCut(text, 'instagram-feed')).toBe(124);
    expect(text.slice(0, 124).endsWith('word')).toBe(true);
  });

  it('cuts at a line break too', () => {
    const text = `${'a'.repeat(110)}\n${'b'.repeat(40)}`;
    expect(previewCut(text, 'instagram-feed')).toBe(110);
  });

  it('cuts inside a long word when no space is near', () => {
    expect(previewCut('a'.repeat(300), 'facebook')).toBe(125);
  });

  it('shows the whole text when it is short or the network publishes no cut', () => {
    expect(previewCut('A short caption', 'instagram-feed')).toBeNull();
    expect(previewCut('word '.repeat(40), 'x')).toBeNull();
  });
});

describe('formatRatio', () => {
  it.each<[number, number, string]>([
    [4000, 1000, '4:1'],
    [1080, 1350, '4:5'],
    [1920, 1080, '16:9'],
    [1080, 2400, '9:20'],
    [1200, 628, '1.91:1'],
    [628, 1200, '1:1.91'],
    [1000, 333, '3:1'],
    [4032, 3024, '4:3'],
  ])('%i×%i reads %s', (width, height, label) => {
    expect(formatRatio(width, height)).toBe(label);
  });
});

describe('speed', () => {
  it('checks 2,000 characters for 4 networks well under a millisecond per call', () => {
    const base = `Hello 世界 👋🏽 #travel @ana https://example.com/page ${FAMILY} naïve `.repeat(40).slice(0, 2000);
    const networks: NetworkId[] = ['instagram-feed', 'x', 'bluesky', 'threads'];
    const media = [img(1080, 1350), vid(1080, 1920, 30)];
    for (let i = 0; i < 20; i++) for (const network of networks) preflight({ text: base + i, media }, network);
    const rounds = 200;
    const started = performance.now();
    for (let i = 0; i < rounds; i++) {
      const text = base.slice(0, 1990) + 'x'.repeat(i % 10);
      for (const network of networks) preflight({ text, media }, network);
    }
    const perCall = (performance.now() - started) / (rounds * networks.length);
    expect(perCall).toBeLessThan(1);
  });
});
