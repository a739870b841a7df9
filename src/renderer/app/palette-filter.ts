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

/** How well one typed word matches an entry; 0 when it does not. */
function tokenScore(token: string, entry: PaletteEntry): number {
  const label = normalize(entry.label);
  const labelWords = words(entry.label);
  const keywordWords = entry.keywords.flatMap(words);
  if (labelWords.some((w) => w === token)) return 80;
  if (labelWords.some((w) => w.startsWith(token))) return 60;
  if (label.includes(token)) return 40;
  if (keywordWords.some((w) => w.startsWith(token))) return 30;
  if (entry.keywords.some((k) => normalize(k).includes(token))) return 20;
  if (token.length >= 2 && isSubsequence(token, label.replace(/ /g, ''))) return 5;
  return 0;
}

/**
 * The entries matching what was typed, best first: every typed word must match the label (whole
 * word, word start, anywhere, or its letters in order) or a keyword; a label that starts with the
 * whole query ranks first. Ties keep the menu's order, and an empty query lists everything.
 */
export function rankEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const q = normalize(query);
  if (!q) return [...entries];
  const tokens = q.split(' ');
  const scored: { entry: PaletteEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    let score = 0;
    for (const token of tokens) {
      const s = tokenScore(token, entry);
      if (s === 0) return;
      score += s;
    }
    const label = normalize(entry.label);
    if (label.startsWith(q)) score += 100;
    // "Go to <section>" entries: the section's name typed alone counts as its start.
    else if (label.startsWith('go to ') && label.slice(6).startsWith(q)) score += 100;
    scored.push({ entry, score, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).map((s) => s.entry);
}
