import { commands, type CommandId } from '../../shared/commands';

/** One line of the command palette. */
export interface PaletteEntry {
  id: CommandId;
  label: string;
  keywords: readonly string[];
}

/** Every command the palette offers, in the menu's order (not the palette itself). */
export const paletteEntries: readonly PaletteEntry[] = commands
  .filter((c) => c.id !== 'palette')
  .map((c) => ({ id: c.id, label: c.label, keywords: c.keywords ?? [] }));

/** Lower case, no accents, no ellipsis or punctuation: what typing is compared with. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[…./\\:,;!?()'"-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const words = (text: string) => normalize(text).split(' ').filter(Boolean);

/** Whether the letters of `token` appear in order in `text` ("gtp" in "go to planner"). */
function isSubsequence(token: string, text: string): boolean {
  let at = 0;
  for (const ch of text) if (ch === token[at]) at++;
  return at === token.length;
}

/**
 * Whether a typed word is the start of `word` but for one slip: a wrong letter or two letters swapped
 * ("shcedule", "improt"). Only for words of four letters or more, where a slip still says what was meant.
 */
export function nearStart(token: string, word: string): boolean {
  if (token.length < 4 || word.length < token.length) return false;
  const start = word.slice(0, token.length);
  const diff: number[] = [];
  for (let i = 0; i < token.length && diff.length <= 2; i++) if (token[i] !== start[i]) diff.push(i);
  if (diff.length === 1) return true;
  const [a, b] = diff;
  return diff.length === 2 && b === a! + 1 && token[a!] === start[b] && token[b] === start[a!];
}

/** What a typed word is matched against: a label and its keywords. */
type Matchable = Pick<PaletteEntry, 'label' | 'keywords'>;

/** How well one typed word matches an entry; 0 when it does not. */
function tokenScore(token: string, entry: Matchable): number {
  const label = normalize(entry.label);
  const labelWords = words(entry.label);
  const keywordWords = entry.keywords.flatMap(words);
  if (labelWords.some((w) => w === token)) return 80;
  if (labelWords.some((w) => w.startsWith(token))) return 60;
  if (label.includes(token)) return 40;
  if (keywordWords.some((w) => w.startsWith(token))) return 30;
  if (entry.keywords.some((k) => normalize(k).includes(token))) return 20;
  if (labelWords.some((w) => nearStart(token, w))) return 8;
  if (token.length >= 2 && isSubsequence(token, label.replace(/ /g, ''))) return 5;
  if (keywordWords.some((w) => nearStart(token, w))) return 4;
  return 0;
}

/**
 * The entries matching what was typed, best first: every typed word must match the label (whole
 * word, word start, anywhere, or its letters in order) or a keyword; a label that starts with the
 * whole query ranks first. Ties keep the menu's order, and an empty query lists everything.
 */
export function rankEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  if (!normalize(query)) return [...entries];
  return scoreEntries(entries, query).map((s) => s.entry);
}

/** How well the query matches a label and its keywords (0: some typed word matches neither). */
export function entryScore(entry: Matchable, query: string): number {
  const q = normalize(query);
  if (!q) return 0;
  let score = 0;
  for (const token of q.split(' ')) {
    const s = tokenScore(token, entry);
    if (s === 0) return 0;
    score += s;
  }
  const label = normalize(entry.label);
  if (label.startsWith(q)) score += 100;
  // "Go to <section>" entries: the section's name typed alone counts as its start.
  else if (label.startsWith('go to ') && label.slice(6).startsWith(q)) score += 100;
  return score;
}

/** The matching entries with their scores, best first; ties keep the given order. */
export function scoreEntries<E extends Matchable>(entries: readonly E[], query: string): { entry: E; score: number }[] {
  return entries
    .map((entry, index) => ({ entry, index, score: entryScore(entry, query) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
}
