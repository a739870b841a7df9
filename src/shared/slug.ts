/** Letters that do not fold to ASCII by dropping accents alone. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Names Windows will not create a file under, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/;

export const SLUG_MAX = 60;

/**
 * A file-name slug of a text: lowercase words joined by "-", accents folded (é → e, ß → ss),
 * letters and digits of every script kept (CJK stays: 夕焼け → 夕焼け), everything else — emoji,
 * punctuation, symbols — dropped as a word break. At most `max` characters, cut at a word; a first
 * word longer than that is cut inside. "" when nothing is left.
 */
export function slugify(text: string, max = SLUG_MAX): string {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD[c] ?? c);
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
  let out = '';
  for (const word of words) {
    const next = out === '' ? word : `${out}-${word}`;
    if ([...next].length > max) break;
    out = next;
  }
  if (out === '' && words[0] !== undefined) out = [...words[0]].slice(0, max).join('');
  return RESERVED.test(out) ? `${out}-file` : out;
}

/**
 * `base.ext`, or the first of `base-2.ext`, `base-3.ext`… that `taken` does not hold (compared
 * without case, as macOS and Windows do).
 */
export function uniqueFileName(base: string, ext: string, taken: (name: string) => boolean): string {
  const dot = ext ? `.${ext}` : '';
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? `${base}${dot}` : `${base}-${n}${dot}`;
    if (!taken(name)) return name;
  }
}

/**
 * The slug a result is named by: its prompt, or — with no prompt — the operation and its input's
 * name (image2text of beach.png → image2text-beach), or the operation alone.
 */
export function resultSlug(job: { prompt: string | null; operation: string; inputName?: string | null }): string {
  const fromPrompt = slugify(job.prompt ?? '');
  if (fromPrompt) return fromPrompt;
  const input = (job.inputName ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return slugify(`${job.operation} ${input}`) || 'result';
}
