import { z } from 'zod';
import { MediaKind, rulesFor, type NetworkId, type Ratio, type Rules, type TextCount } from './networks';

// Pre-flight checks: a post's text and media against one network's rules, offline and pure, fast enough to run
// on every keystroke. Each warning has a stable code, the rule it breaks, words naming the network and the
// numbers, and the fixes that apply with the target they need. Unknown metadata never raises a warning: the
// check is listed as skipped instead.

/** What is known of one media item; anything unknown is left out or null. */
export const MediaFacts = z.object({
  kind: MediaKind,
  mime: z.string().nullish(),
  width: z.number().positive().nullish(),
  height: z.number().positive().nullish(),
  durationMs: z.number().nonnegative().nullish(),
  sizeBytes: z.number().nonnegative().nullish(),
  fps: z.number().positive().nullish(),
});
export type MediaFacts = z.infer<typeof MediaFacts>;

export interface PostDraft {
  text: string;
  media: MediaFacts[];
}

/** A fix that applies, with the target it needs. */
export type Fix =
  | { kind: 'crop'; ratio: string; width: number; height: number }
  | { kind: 'pad'; ratio: string; width: number; height: number }
  | { kind: 'resize'; width: number | null; height: number | null; maxBytes: number | null }
  | { kind: 'trim'; maxMs: number }
  | { kind: 'shorten'; limit: number; cutIndex: number }
  | { kind: 'add-media'; kinds: MediaKind[] };

export const WARNING_CODES = [
  'text.too-long',
  'text.not-published',
  'hashtags.too-many',
  'mentions.too-many',
  'media.missing',
  'media.too-many',
  'media.kind',
  'media.too-many-videos',
  'media.mixed',
  'media.format',
  'image.ratio',
  'image.too-small',
  'image.too-large',
  'image.too-heavy',
  'video.ratio',
  'video.too-small',
  'video.too-large',
  'video.too-heavy',
  'video.too-short',
  'video.too-long',
  'video.fps-too-low',
  'video.fps-too-high',
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface Warning {
  code: WarningCode;
  /** The rule broken, as its path in the rules (`image.ratio`). */
  rule: string;
  /** The network's display name. */
  network: string;
  message: string;
  /** The media item concerned (0-based), or null for the text and the post as a whole. */
  mediaIndex: number | null;
  fixes: Fix[];
}

/** A check that could not run because a fact was unknown. */
export interface Skipped {
  rule: string;
  mediaIndex: number;
  missing: string[];
}

export interface PreflightResult {
  warnings: Warning[];
  skipped: Skipped[];
  /** The text as the network counts it, and its limit (null: none published). */
  text: { count: number; max: number | null };
}

/** A network id, or the rules of a channel of type Other. */
export type Target = NetworkId | Rules;

function rulesOf(target: Target): Rules {
  return typeof target === 'string' ? rulesFor(target) : target;
}

/** Checks one post against one target's rules. */
export function preflight(post: PostDraft, target: Target): PreflightResult {
  const rules = rulesOf(target);
  const out: PreflightResult = { warnings: [], skipped: [], text: { count: 0, max: rules.text.max } };
  checkText(post.text, rules, out);
  checkMediaSet(post.media, rules, out);
  post.media.forEach((media, index) => checkMedia(media, index, rules, out));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Text: counting as each network counts

interface TextSpec {
  count: TextCount;
  urlLength: number | null;
  mentionDomainFree: boolean;
}

/** One countable piece of the text: where it ends (UTF-16 index) and what it weighs. */
interface Unit {
  end: number;
  weight: number;
}

let graphemeCache: { text: string; graphemes: string[] } | null = null;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
// Below U+0300 no character combines with the next, so each is its own grapheme (except CR LF).
const SIMPLE = /^[\0-\u02ff]*$/;

function segment(text: string): string[] {
  if (SIMPLE.test(text)) return text.match(/\r\n|[\s\S]/g) ?? [];
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/**
 * The text's graphemes. Typing changes the text in one place, so the graphemes before that place are kept
 * from the last call, less the two nearest it (an edit can join a character to the grapheme before).
 */
function graphemesOf(text: string): string[] {
  const cache = graphemeCache;
  if (cache?.text === text) return cache.graphemes;
  let kept = 0;
  let offset = 0;
  if (cache) {
    let same = 0;
    const shortest = Math.min(cache.text.length, text.length);
    while (same < shortest && cache.text.charCodeAt(same) === text.charCodeAt(same)) same++;
    const ends: number[] = [];
    for (const grapheme of cache.graphemes) {
      const end = (ends[ends.length - 1] ?? 0) + grapheme.length;
      if (end > same) break;
      ends.push(end);
    }
    kept = Math.max(0, ends.length - 2);
    offset = kept > 0 ? (ends[kept - 1] ?? 0) : 0;
  }
  const head = kept > 0 && cache ? cache.graphemes.slice(0, kept) : [];
  const graphemes = head.concat(segment(text.slice(offset)));
  graphemeCache = { text, graphemes };
  return graphemes;
}

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

function isEmoji(grapheme: string): boolean {
  return (grapheme.codePointAt(0) ?? 0) > 0xff ? EMOJI.test(grapheme) : grapheme.includes('\u20e3');
}

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// X's weights (twitter-text configuration v3): these code point ranges count 1, everything else 2.
const X_LIGHT: Array<[number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

function xWeight(grapheme: string): number {
  if (grapheme.length === 1 && grapheme.charCodeAt(0) < 0x1100) return 1;
  if (isEmoji(grapheme)) return 2;
  let weight = 0;
  for (const char of grapheme.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    weight += X_LIGHT.some(([low, high]) => code >= low && code <= high) ? 1 : 2;
  }
  return weight;
}

function graphemeWeight(grapheme: string, count: TextCount): number {
  switch (count) {
    case 'graphemes':
      return 1;
    case 'utf16':
      return grapheme.length;
    case 'utf8-bytes':
      return utf8Bytes(grapheme);
    case 'x-weighted':
      return xWeight(grapheme);
    case 'threads':
      return isEmoji(grapheme) ? utf8Bytes(grapheme) : 1;
  }
}

const TLDS =
  'com|org|net|io|co|dev|app|ai|me|ly|gg|tv|fm|fr|de|uk|es|it|nl|eu|jp|cn|ru|br|in|ca|au|ch|be|se|no|info|biz|' +
  'xyz|blog|news|shop|site|social';
// X also counts bare domains (example.com/page) as links; Mastodon only counts links with a scheme.
const URL_WITH_SCHEME = /(?<![\w@./-])https?:\/\/[^\s<>"]+(?<![.,;:!?'")\]])/giu;
const URL_ANY = new RegExp(
  `(?<![\\w@./-])(?:https?:\\/\\/[^\\s<>"]+|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+(?:${TLDS})(?![\\w-])` +
    `(?::\\d+)?(?:\\/[^\\s<>"]*)?)(?<![.,;:!?'")\\]])`,
  'giu',
);
const REMOTE_MENTION = /(?<![\w@])@[a-z0-9_]+(?:[a-z0-9_.-]*[a-z0-9_])?(@[a-z0-9-]+(?:\.[a-z0-9-]+)+)/giu;

/** Ranges of the text counted at a fixed weight (links) or not at all (a mention's server). */
function fixedRanges(text: string, spec: TextSpec): Array<{ start: number; end: number; weight: number }> {
  const ranges: Array<{ start: number; end: number; weight: number }> = [];
  if (spec.urlLength !== null) {
    const pattern = spec.count === 'x-weighted' ? URL_ANY : URL_WITH_SCHEME;
    for (const match of text.matchAll(pattern)) {
      ranges.push({ start: match.index, end: match.index + match[0].length, weight: spec.urlLength });
    }
  }
  if (spec.mentionDomainFree) {
    for (const match of text.matchAll(REMOTE_MENTION)) {
      const domain = match[1] ?? '';
      const start = match.index + match[0].length - domain.length;
      ranges.push({ start, end: start + domain.length, weight: 0 });
    }
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** The text cut into countable units, in order. */
function unitsOf(text: string, spec: TextSpec): Unit[] {
  const graphemes = graphemesOf(text);
  const ranges = fixedRanges(text, spec);
  const units: Unit[] = [];
  let at = 0;
  let next = 0;
  for (const grapheme of graphemes) {
    const start = at;
    at += grapheme.length;
    while (ranges[next] && (ranges[next]?.end ?? 0) <= start) next++;
    const range = ranges[next];
    if (range && start >= range.start) {
      if (at >= range.end) {
        units.push({ end: range.end, weight: range.weight });
        next++;
      }
      continue;
    }
    units.push({ end: at, weight: graphemeWeight(grapheme, spec.count) });
  }
  return units;
}

function specOf(rules: Rules): TextSpec {
  return { count: rules.text.count, urlLength: rules.text.urlLength, mentionDomainFree: rules.text.mentionDomainFree };
}

/** The text's length as the target counts it (X: weighted, links 23; Bluesky: graphemes; YouTube: bytes…). */
export function countText(text: string, target: Target): number {
  let total = 0;
  for (const unit of unitsOf(text, specOf(rulesOf(target)))) total += unit.weight;
  return total;
}

/** The UTF-16 index where text stops fitting in `limit` as the target counts (text.length if it all fits). */
export function cutIndex(text: string, target: Target, limit: number): number {
  let total = 0;
  let end = 0;
  for (const unit of unitsOf(text, specOf(rulesOf(target)))) {
    total += unit.weight;
    if (total > limit) return end;
    end = unit.end;
  }
  return text.length;
}

/**
 * Where the target's feed cuts the text with "… more", as a UTF-16 index, or null when the whole text shows (no
 * published cut, or the text is short enough).
 */
export function previewCut(text: string, target: Target): number | null {
  const at = rulesOf(target).preview.cutAt;
  if (at === null) return null;
  const cut = cutIndex(text, target, at);
  if (cut >= text.length) return null;
  let end = cut;
  // A word is not split when a space or line break lies within the last 20 characters before the cut.
  for (let at = cut; at > 0 && cut - at <= 20; at--) {
    if (/\s/.test(text[at] ?? '')) {
      end = at;
      break;
    }
  }
  return text.slice(0, end).trimEnd().length;
}

// Hashtags need a letter (#2026 is not a tag); mentions are not part of an email address.
const HASHTAG = /(?<![\p{L}\p{N}_&#/])[#＃][\p{L}\p{M}\p{N}_]*[\p{L}\p{M}_][\p{L}\p{M}\p{N}_]*/gu;
const MENTION = /(?<![\p{L}\p{N}_.@/])@[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?/gu;

/** Where each hashtag starts (UTF-16 index). */
export function hashtagsOf(text: string): number[] {
  return Array.from(text.matchAll(HASHTAG), (match) => match.index);
}

/** Where each mention starts (UTF-16 index). */
export function mentionsOf(text: string): number[] {
  return Array.from(text.matchAll(MENTION), (match) => match.index);
}

function checkText(text: string, rules: Rules, out: PreflightResult): void {
  const count = countText(text, rules);
  const max = rules.text.max;
  out.text.count = count;
  const unit = rules.text.count === 'utf8-bytes' ? 'bytes' : 'characters';
  if (max === 0 && count > 0) {
    const message = `${rules.name} publishes no text; this post has ${count} ${unit}.`;
    warn(out, rules, 'text.not-published', 'text', message, null, [{ kind: 'shorten', limit: 0, cutIndex: 0 }]);
  } else if (max !== null && count > max) {
    const message = `${rules.name} allows ${max} ${unit}; this text counts ${count}.`;
    const fix: Fix = { kind: 'shorten', limit: max, cutIndex: cutIndex(text, rules, max) };
    warn(out, rules, 'text.too-long', 'text', message, null, [fix]);
  }
  const tags = [
    ['hashtags', hashtagsOf(text), rules.hashtags.max, 'hashtags.too-many'],
    ['mentions', mentionsOf(text), rules.mentions.max, 'mentions.too-many'],
  ] as const;
  for (const [what, starts, limit, code] of tags) {
    if (limit === null || starts.length <= limit) continue;
    const noun = limit === 1 ? what.slice(0, -1) : what;
    const message = `${rules.name} allows ${limit} ${noun}; this text has ${starts.length}.`;
    warn(out, rules, code, what, message, null, [{ kind: 'shorten', limit, cutIndex: starts[limit] ?? text.length }]);
  }
}

function warn(
  out: PreflightResult,
  rules: Rules,
  code: WarningCode,
  rule: string,
  message: string,
  mediaIndex: number | null,
  fixes: Fix[],
): void {
  out.warnings.push({ code, rule, network: rules.name, message, mediaIndex, fixes });
}

// ---------------------------------------------------------------------------------------------------------------
// Media: the set, then each item

function kindsInWords(kinds: readonly MediaKind[]): string {
  return kinds.length === 1 ? `an ${kinds[0]}`.replace('an video', 'a video') : 'an image or a video';
}

function checkMediaSet(media: MediaFacts[], rules: Rules, out: PreflightResult): void {
  const set = rules.media;
  if (media.length < set.min) {
    const wanted = set.min === 1 ? kindsInWords(set.kinds) : `at least ${set.min} media`;
    const message = `${rules.name} needs ${wanted}; this post has ${media.length === 0 ? 'none' : media.length}.`;
    warn(out, rules, 'media.missing', 'media', message, null, [{ kind: 'add-media', kinds: [...set.kinds] }]);
  }
  if (set.max !== null && media.length > set.max) {
    const message = `${rules.name} allows ${set.max} media per post; this post has ${media.length}.`;
    warn(out, rules, 'media.too-many', 'media', message, null, []);
  }
  const videos = media.filter((item) => item.kind === 'video').length;
  if (set.kinds.includes('video') && set.maxVideos !== null && videos > set.maxVideos) {
    const noun = set.maxVideos === 1 ? 'video' : 'videos';
    const message = `${rules.name} allows ${set.maxVideos} ${noun} per post; this post has ${videos}.`;
    warn(out, rules, 'media.too-many-videos', 'media', message, null, []);
  }
  if (!set.mixed && videos > 0 && videos < media.length && set.kinds.length > 1) {
    const message = `${rules.name} does not mix images and videos in one post; this post has both.`;
    warn(out, rules, 'media.mixed', 'media', message, null, []);
  }
}

function checkMedia(media: MediaFacts, index: number, rules: Rules, out: PreflightResult): void {
  if (!rules.media.kinds.includes(media.kind)) {
    const only = rules.media.kinds.map((kind) => `${kind}s`).join(' and ');
    const message = `${rules.name} takes ${only} only; item ${index + 1} is ${kindsInWords([media.kind])}.`;
    warn(out, rules, 'media.kind', 'media', message, index, []);
    return;
  }
  const kind = media.kind;
  const mimes = rules[kind].formats.mimes;
  if (mimes !== null) {
    if (!media.mime) out.skipped.push({ rule: `${kind}.formats`, mediaIndex: index, missing: ['mime'] });
    else if (!mimes.includes(media.mime.toLowerCase())) {
      const wanted = mimes.map(mimeName).join(', ');
      const message = `${rules.name} takes ${wanted} ${kind}s; item ${index + 1} is ${mimeName(media.mime)}.`;
      warn(out, rules, 'media.format', `${kind}.formats`, message, index, []);
    }
  }
  checkRatio(media, index, rules, out);
  checkPixels(media, index, rules, out);
  checkBytes(media, index, rules, out);
  if (kind === 'video') {
    checkDuration(media, index, rules, out);
    checkFps(media, index, rules, out);
  }
}

const MIME_NAMES = new Map([
  ['jpeg', 'JPEG'],
  ['quicktime', 'MOV'],
  ['x-m4v', 'M4V'],
]);

function mimeName(mime: string): string {
  const sub = mime.toLowerCase().split('/')[1] ?? mime;
  return MIME_NAMES.get(sub) ?? sub.toUpperCase();
}

function skip(out: PreflightResult, rule: string, index: number, facts: Record<string, unknown>): boolean {
  const missing = Object.keys(facts).filter((key) => facts[key] === null || facts[key] === undefined);
  if (missing.length > 0) out.skipped.push({ rule, mediaIndex: index, missing });
  return missing.length > 0;
}

// Pixel rounding makes 1080×566 read 1.908 against a 1.91 bound; within 1% counts as inside.
const RATIO_TOLERANCE = 0.01;

function checkRatio(media: MediaFacts, index: number, rules: Rules, out: PreflightResult): void {
  const kind = media.kind;
  const { min, max } = rules[kind].ratio;
  if (min === null && max === null) return;
  if (skip(out, `${kind}.ratio`, index, { width: media.width, height: media.height })) return;
  const width = media.width ?? 0;
  const height = media.height ?? 0;
  const value = width / height;
  const tooWide = max !== null && value > max.value * (1 + RATIO_TOLERANCE);
  const tooTall = min !== null && value < min.value * (1 - RATIO_TOLERANCE);
  if (!tooWide && !tooTall) return;
  const bound = tooWide ? max : min;
  if (!bound) return;
  const crop = tooWide ? { width: down(height * bound.value), height } : { width, height: down(width / bound.value) };
  const pad = tooWide ? { width, height: up(width / bound.value) } : { width: up(height * bound.value), height };
  const message = `${rules.name} wants ${ratioRange(min, max)}; this ${kind} is ${formatRatio(width, height)}.`;
  warn(out, rules, `${kind}.ratio`, `${kind}.ratio`, message, index, [
    { kind: 'crop', ratio: bound.label, ...crop },
    { kind: 'pad', ratio: bound.label, ...pad },
  ]);
}

// Whole pixels from float products: 1200 × 0.1 is 120.00000000000001 and must stay 120.
function down(value: number): number {
  return Math.floor(value + 1e-6);
}

function up(value: number): number {
  return Math.ceil(value - 1e-6);
}

function ratioRange(min: Ratio | null, max: Ratio | null): string {
  if (min && max && min.label === max.label) return min.label;
  if (min && max) return `${min.label} to ${max.label}`;
  if (max) return `${max.label} or taller`;
  return `${min?.label ?? ''} or wider`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * A ratio printed simply: small integers when the size reduces to them or comes within 0.5% of them
 * (4000×1000 → 4:1, 1080×1350 → 4:5), else one side as 1 with two decimals (1200×628 → 1.91:1).
 */
export function formatRatio(width: number, height: number): string {
  const w = Math.round(width);
  const h = Math.round(height);
  const divisor = gcd(w, h) || 1;
  if (w / divisor <= 32 && h / divisor <= 32) return `${w / divisor}:${h / divisor}`;
  const value = w / h;
  for (let below = 1; below <= 10; below++) {
    const above = Math.round(value * below);
    if (above >= 1 && above <= 21 && Math.abs(above / below - value) / value < 0.005) return `${above}:${below}`;
    const wide = Math.round(below / value);
    if (wide >= 1 && wide <= 21 && Math.abs(below / wide - value) / value < 0.005) return `${below}:${wide}`;
  }
  const decimals = (n: number): string => String(Math.round(n * 100) / 100);
  return value >= 1 ? `${decimals(value)}:1` : `1:${decimals(1 / value)}`;
}

function checkPixels(media: MediaFacts, index: number, rules: Rules, out: PreflightResult): void {
  const kind = media.kind;
  const px = rules[kind].pixels;
  const bounds = [px.minWidth, px.maxWidth, px.minHeight, px.maxHeight, px.maxArea];
  if (bounds.every((bound) => bound === null)) return;
  if (skip(out, `${kind}.pixels`, index, { width: media.width, height: media.height })) return;
  const width = media.width ?? 0;
  const height = media.height ?? 0;
  const small: string[] = [];
  const large: string[] = [];
  if (px.minWidth !== null && width < px.minWidth) small.push(`at least ${px.minWidth} px wide`);
  if (px.minHeight !== null && height < px.minHeight) small.push(`at least ${px.minHeight} px high`);
  if (px.maxWidth !== null && width > px.maxWidth) large.push(`at most ${px.maxWidth} px wide`);
  if (px.maxHeight !== null && height > px.maxHeight) large.push(`at most ${px.maxHeight} px high`);
  if (px.maxArea !== null && width * height > px.maxArea) large.push(`at most ${megapixels(px.maxArea)} megapixels`);
  const size = `${width}×${height}`;
  if (small.length > 0) {
    const scale = Math.max((px.minWidth ?? 0) / width, (px.minHeight ?? 0) / height);
    const message = `${rules.name} wants ${kind}s ${small.join(' and ')}; this ${kind} is ${size}.`;
    const fix: Fix = {
      kind: 'resize',
      width: up(width * scale),
      height: up(height * scale),
      maxBytes: null,
    };
    warn(out, rules, `${kind}.too-small`, `${kind}.pixels`, message, index, [fix]);
  }
  if (large.length > 0) {
    const scale = Math.min(
      px.maxWidth === null ? 1 : px.maxWidth / width,
      px.maxHeight === null ? 1 : px.maxHeight / height,
      px.maxArea === null ? 1 : Math.sqrt(px.maxArea / (width * height)),
    );
    const message = `${rules.name} wants ${kind}s ${large.join(' and ')}; this ${kind} is ${size}.`;
    const fix: Fix = {
      kind: 'resize',
      width: down(width * scale),
      height: down(height * scale),
      maxBytes: null,
    };
    warn(out, rules, `${kind}.too-large`, `${kind}.pixels`, message, index, [fix]);
  }
}

function megapixels(pixels: number): string {
  return String(Math.round(pixels / 100_000) / 10);
}

/** Bytes in words, decimal units as the networks write them (8 MB = 8,000,000 bytes). */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} bytes`;
}

function checkBytes(media: MediaFacts, index: number, rules: Rules, out: PreflightResult): void {
  const kind = media.kind;
  const max = rules[kind].bytes.max;
  if (max === null) return;
  if (skip(out, `${kind}.bytes`, index, { sizeBytes: media.sizeBytes })) return;
  const size = media.sizeBytes ?? 0;
  if (size <= max) return;
  const message = `${rules.name} takes ${kind}s up to ${formatBytes(max)}; this ${kind} is ${formatBytes(size)}.`;
  const fix: Fix = { kind: 'resize', width: null, height: null, maxBytes: max };
  warn(out, rules, `${kind}.too-heavy`, `${kind}.bytes`, message, index, [fix]);
}

/** A duration in words: 45 s, 2.5 s, 2 min 20 s, 15 min, 1 h 30 min. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 60) return `${seconds} s`;
  const whole = Math.round(ms / 1000);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
}

function checkDuration(media: MediaFacts, index: number, rules: Rules, out: PreflightResult): void {
  const { minMs, maxMs } = rules.video.duration;
  if (minMs === null && maxMs === null) return;
  if (skip(out, 'video.duration', index, { durationMs: media.durationMs })) return;
  const length = media.durationMs ?? 0;
  const actual = `this video is ${formatDuration(length)}`;
  if (maxMs !== null && length > maxMs) {
    const message = `${rules.name} takes videos up to ${formatDuration(maxMs)}; ${actual}.`;
    warn(out, rules, 'video.too-long', 'video.duration', message, index, [{ kind: 'trim', maxMs }]);
  }
  if (minMs !== null && length < minMs) {
    const message = `${rules.name} wants videos at least ${formatDuration(minMs)} long; ${actual}.`;
    warn(out, rules, 'video.too-short', 'video.duration', message, index, []);
  }
}

function checkFps(media: MediaFacts, index: number, rules: Rules, out: PreflightResult): void {
  const { min, max } = rules.video.fps;
  if (min === null && max === null) return;
  if (skip(out, 'video.fps', index, { fps: media.fps })) return;
  const fps = Math.round((media.fps ?? 0) * 100) / 100;
  if (max !== null && fps > max) {
    const message = `${rules.name} takes videos up to ${max} fps; this video is ${fps} fps.`;
    warn(out, rules, 'video.fps-too-high', 'video.fps', message, index, []);
  }
  if (min !== null && fps < min) {
    const message = `${rules.name} wants videos of at least ${min} fps; this video is ${fps} fps.`;
    warn(out, rules, 'video.fps-too-low', 'video.fps', message, index, []);
  }
}
