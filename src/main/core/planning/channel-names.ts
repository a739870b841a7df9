import type { Channel } from '../../../shared/channels';
import { withPrimaryLabel, type PostTarget } from '../../../shared/targets';

// Channels named in a CSV or JSON row, or a template's defaults: `channels` lists one or more by name
// ("Insta; X main" — `;` or `|` between names, or a JSON list), each of which must be a channel here;
// the older `channel` column is kept as the post's label and, when a channel has that name, becomes
// its one target too.

/** A live channel of the account with this name (any case). */
export type ChannelNamed = (name: string) => Channel | undefined;

/** The names a cell holds, trimmed, each once (any case), in order. */
export function namesIn(value: unknown): string[] | null {
  const parts =
    typeof value === 'string'
      ? value.split(/[;|]/)
      : Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value
        : null;
  if (parts === null) return null;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const name = raw.trim();
    if (name === '' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}

export const targetOf = (c: Channel): PostTarget => ({
  channel_id: c.id,
  network: c.network,
  name: c.name,
  ...(c.handle !== '' && { handle: c.handle }),
});

/** The targets a list of names makes, and the names no channel has. */
export function targetsNamed(names: string[], named: ChannelNamed): { targets: PostTarget[]; unknown: string[] } {
  const targets: PostTarget[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const channel = named(name);
    if (channel) targets.push(targetOf(channel));
    else unknown.push(name);
  }
  return { targets, unknown };
}

/** The words for names no channel has. */
export function unknownChannels(unknown: string[]): string {
  const list = unknown.map((n) => `"${n}"`).join(', ');
  return unknown.length === 1
    ? `No channel is named ${list}; add it in the Channels tab, or fix the name.`
    : `No channels are named ${list}; add them in the Channels tab, or fix the names.`;
}

/**
 * A row's channels into its fields: `written` (the `channels` value: names) becomes the post's targets;
 * without it, a `channel` label that names a channel becomes its one target. Returns the problem in
 * words, or null.
 */
export function applyChannels(fields: Record<string, unknown>, written: unknown, named: ChannelNamed): string | null {
  if (written !== undefined) {
    const names = namesIn(written);
    if (names === null) return 'channels must be channel names separated by ";".';
    const { targets, unknown } = targetsNamed(names, named);
    if (unknown.length > 0) return unknownChannels(unknown);
    if (targets.length > 0) Object.assign(fields, withPrimaryLabel({ ...fields, targets }));
    return null;
  }
  const label = typeof fields.channel === 'string' ? named(fields.channel) : undefined;
  if (label) fields.targets = [targetOf(label)];
  return null;
}
