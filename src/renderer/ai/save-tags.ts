/** The contract's limits for `ai.save` tags. */
const MAX_TAG = 100;
const MAX_TAGS = 50;

/** "sunset, beach,, sunset " → ["sunset", "beach"]: trimmed, each once, within the contract's limits. */
export function parseTags(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim().slice(0, MAX_TAG);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, MAX_TAGS);
}
