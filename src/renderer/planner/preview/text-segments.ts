import { rulesOf } from './rules-of';
import { countText, cutIndex, hashtagsOf, mentionsOf, previewCut, type Target } from '../../../shared/preflight';

// The post's text as a feed shows it: plain runs, hashtags, mentions and links, and where the feed cuts it.
// Parsing runs on every keystroke for every preview, so results are kept per text (and per text and
// network for the cut): switching tabs or re-rendering with the same text costs a map look-up.

export type SegmentKind = 'text' | 'hashtag' | 'mention' | 'link';

export interface Segment {
  kind: SegmentKind;
  text: string;
  /** UTF-16 index of the segment's start in the whole text (a stable React key). */
  start: number;
}

/** Where the feed cuts the text and what the network would not publish. */
export interface TextLayout {
  segments: Segment[];
  /** UTF-16 index of the feed's "… more" cut, or null when the whole text shows. */
  cutAt: number | null;
  /** UTF-16 index from which the text is over the network's limit, or null when it fits. */
  overAt: number | null;
}

// Same runs as the pre-flight patterns: a hashtag or mention found there extends as far as these match.
const HASHTAG_RUN = /[#＃][\p{L}\p{M}\p{N}_]+/uy;
const MENTION_RUN = /@[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?(?:@[a-z0-9-]+(?:\.[a-z0-9-]+)+)?/iuy;
// Links as people paste them: with a scheme or starting with www., without a closing punctuation mark.
const LINK = /(?<![\w@./-])(?:https?:\/\/|www\.)[^\s<>"]+(?<![.,;:!?'")\]])/giu;

interface Range {
  kind: Exclude<SegmentKind, 'text'>;
  start: number;
  end: number;
}

function runAt(pattern: RegExp, text: string, start: number): number {
  pattern.lastIndex = start;
  const match = pattern.exec(text);
  return match ? start + match[0].length : start;
}

function rangesOf(text: string): Range[] {
  const ranges: Range[] = [];
  for (const match of text.matchAll(LINK)) {
    ranges.push({ kind: 'link', start: match.index, end: match.index + match[0].length });
  }
  for (const start of hashtagsOf(text)) ranges.push({ kind: 'hashtag', start, end: runAt(HASHTAG_RUN, text, start) });
  for (const start of mentionsOf(text)) ranges.push({ kind: 'mention', start, end: runAt(MENTION_RUN, text, start) });
  // Links first at equal starts; anything inside an earlier range (a #fragment in a link) stays part of it.
  return ranges.sort((a, b) => a.start - b.start || (a.kind === 'link' ? -1 : 1));
}

function parse(text: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const range of rangesOf(text)) {
    if (range.start < at || range.end <= range.start) continue;
    if (range.start > at) segments.push({ kind: 'text', text: text.slice(at, range.start), start: at });
    segments.push({ kind: range.kind, text: text.slice(range.start, range.end), start: range.start });
    at = range.end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at), start: at });
  return segments;
}

/** A small map that forgets the oldest entry: a few recent texts (one per variant) are all that repeat. */
function recent<V>(size: number): { get(key: string): V | undefined; set(key: string, value: V): V } {
  const entries = new Map<string, V>();
  return {
    get(key) {
      return entries.get(key);
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > size) entries.delete(entries.keys().next().value ?? '');
      return value;
    },
  };
}

const parsed = recent<Segment[]>(16);
const layouts = recent<TextLayout>(32);
// Target objects (a channel of type Other's rules) are keyed by identity.
const targetKeys = new WeakMap<object, number>();
let nextKey = 0;

function keyOf(target: Target): string {
  if (typeof target === 'string') return target;
  let key = targetKeys.get(target);
  if (key === undefined) {
    key = nextKey++;
    targetKeys.set(target, key);
  }
  return `rules:${key}`;
}

/** The text in styled segments, kept per text. */
export function segmentsOf(text: string): Segment[] {
  return parsed.get(text) ?? parsed.set(text, parse(text));
}

/** The segments, the feed's cut and the limit's cut for one network, kept per text and network. */
export function layoutOf(text: string, target: Target): TextLayout {
  const key = `${keyOf(target)}\u0000${text}`;
  const kept = layouts.get(key);
  if (kept) return kept;
  const max = rulesOf(target).text.max;
  const overAt = max !== null && countText(text, target) > max ? cutIndex(text, target, max) : null;
  return layouts.set(key, { segments: segmentsOf(text), cutAt: previewCut(text, target), overAt });
}

/** The segments up to `end` (the last one cut short), or from `start` on. */
export function sliceSegments(segments: Segment[], start: number, end: number): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const from = Math.max(start, segment.start);
    const to = Math.min(end, segment.start + segment.text.length);
    if (to <= from) continue;
    const whole = from === segment.start && to === segment.start + segment.text.length;
    out.push(
      whole ? segment : { ...segment, text: segment.text.slice(from - segment.start, to - segment.start), start: from },
    );
  }
  return out;
}
