// Values the app already knows (ids of stored records and jobs, tags, profile ids, the words of the
// profile in use), so generated inputs reach past "not found" into the handlers' real work.
import type { Core } from '../../src/main/core/app';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/contract';
import { resourceGroups } from '../../src/shared/profile';

export interface Pools {
  ids: string[];
  words: string[];
  knownInts: number[];
  urls: string[];
}

/** A channel's data, or an error naming the channel (setup must not fail silently). */
export async function ask<C extends ChannelName>(
  core: Core,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.data as ChannelOutput<C>;
}

/** Keys and short strings of a JSON document (the profile's field names, paths and model ids). */
function vocabulary(json: string, limit: number): string[] {
  const words = new Set<string>(DOMAIN_WORDS);
  const visit = (node: unknown): void => {
    if (words.size >= limit) return;
    if (typeof node === 'string' && node.length > 0 && node.length <= 40) words.add(node);
    else if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        words.add(key);
        visit(value);
      }
    }
  };
  visit(JSON.parse(json));
  return [...words].slice(0, limit);
}

/** Words no stored record holds but handlers interpret: time zones (real, extreme and made up), channels. */
const DOMAIN_WORDS = [
  'UTC',
  'Europe/Paris',
  'America/New_York',
  'Pacific/Kiritimati',
  'Etc/GMT+12',
  'Mars/Olympus',
  'Instagram',
  'Newsletter',
];

export async function collectPools(core: Core, extra: { strings: string[]; urls: string[] }): Promise<Pools> {
  const known = new Set<string>(extra.strings);
  const words = new Set<string>(DOMAIN_WORDS);
  for (const group of resourceGroups) {
    const list = await ask(core, 'records.list', { group, limit: 50, includeDeleted: true });
    for (const r of list.items.slice(0, 12)) known.add(r.id);
  }
  const gallery = await ask(core, 'ai.gallery', {});
  for (const job of gallery.items.slice(0, 12)) known.add(job.id);
  for (const t of (await ask(core, 'library.tags', {})).slice(0, 12)) known.add(t.tag);
  const profiles = await ask(core, 'profile.list', {});
  for (const p of profiles) known.add(p.id);
  const connection = await ask(core, 'connection.get', {});
  const profile = await ask(core, 'profile.export', { id: connection.profile.id });
  for (const word of vocabulary(profile.json, 150)) words.add(word);
  const failed = await ask(core, 'sync.failed', {});
  return { ids: [...known], words: [...words], knownInts: [1, 2, 3, ...failed.map((f) => f.seq)], urls: extra.urls };
}
