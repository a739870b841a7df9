import { z } from 'zod';
import { ChannelFields, type Channel } from '../../shared/channels';
import { emptyUserRules, NETWORK_IDS, networkNames, UserRulesSchema, type NetworkId } from '../../shared/networks';

/** One weekly slot as the form holds it (the weekday as the select's text). */
export interface SlotValue {
  day: string;
  time: string;
}

/** The few rules a channel of type Other is given here (the rest stay open or as stored). */
export interface RulesValues {
  textMax: string;
  mediaMax: string;
  image: boolean;
  video: boolean;
  ratioMin: string;
  ratioMax: string;
  maxSeconds: string;
}

export interface ChannelValues {
  network: string;
  name: string;
  handle: string;
  colour: string;
  avatarAssetId: string | null;
  slots: SlotValue[];
  rules: RulesValues;
}

export const DEFAULT_COLOUR = '#6b7280';

/** ISO weekdays, Monday first, as the slots store them. */
export const WEEKDAYS = [
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 7, name: 'Sunday' },
] as const;

/** Quick sets of slots a creator often starts from. */
export const SLOT_PRESETS: ReadonlyArray<{ label: string; days: number[]; time: string }> = [
  { label: 'Mon/Wed/Fri 09:00', days: [1, 3, 5], time: '09:00' },
  { label: 'Weekdays 12:00', days: [1, 2, 3, 4, 5], time: '12:00' },
  { label: 'Tue/Thu 18:30', days: [2, 4], time: '18:30' },
  { label: 'Every day 09:00', days: [1, 2, 3, 4, 5, 6, 7], time: '09:00' },
];

/** Slots with a preset's added, none twice. */
export function withPreset(slots: readonly SlotValue[], preset: { days: number[]; time: string }): SlotValue[] {
  const have = new Set(slots.map((s) => `${s.day} ${s.time}`));
  const added = preset.days
    .map((d) => ({ day: String(d), time: preset.time }))
    .filter((s) => !have.has(`${s.day} ${s.time}`));
  return [...slots, ...added];
}

const groupOf: Partial<Record<NetworkId, string>> = {
  'instagram-feed': 'Instagram',
  'instagram-reel': 'Instagram',
  'instagram-story': 'Instagram',
  tiktok: 'Video',
  youtube: 'Video',
  'youtube-shorts': 'Video',
};

/** The networks for the select, grouped as a creator looks for them; Other comes last. */
export function networkGroups(): Array<{ label: string; options: Array<{ id: string; name: string }> }> {
  const order = ['Instagram', 'Video', 'Social and text'];
  const groups = new Map<string, Array<{ id: string; name: string }>>(order.map((g) => [g, []]));
  for (const id of NETWORK_IDS) groups.get(groupOf[id] ?? 'Social and text')?.push({ id, name: networkNames[id] });
  return [
    ...order.map((label) => ({ label, options: groups.get(label) ?? [] })),
    { label: 'Other', options: [{ id: 'other', name: 'Other (my own rules)' }] },
  ];
}

/** A network's name for people ("Instagram feed"); an unknown id is shown as written. */
export function networkName(id: string): string {
  if (id === 'other') return 'Other';
  return (networkNames as Record<string, string>)[id] ?? id;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form's rules from a channel's stored ones (open ones when it has none or they do not read). */
export function rulesValues(stored: unknown): RulesValues {
  const parsed = UserRulesSchema.safeParse(stored);
  const r = parsed.success ? parsed.data : emptyUserRules('Other');
  const maxMs = r.video.duration.maxMs;
  return {
    textMax: text(r.text.max),
    mediaMax: text(r.media.max),
    image: r.media.kinds.includes('image'),
    video: r.media.kinds.includes('video'),
    ratioMin: r.image.ratio.min?.label ?? '',
    ratioMax: r.image.ratio.max?.label ?? '',
    maxSeconds: maxMs === null ? '' : String(maxMs / 1000),
  };
}

export function channelValues(channel: Channel | null): ChannelValues {
  return {
    network: channel?.network ?? '',
    name: channel?.name ?? '',
    handle: channel?.handle ?? '',
    colour: channel?.colour ?? DEFAULT_COLOUR,
    avatarAssetId: channel?.avatarAssetId ?? null,
    slots: (channel?.slots ?? []).map((s) => ({ day: String(s.day), time: s.time })),
    rules: rulesValues(channel?.rules ?? null),
  };
}

const StoredRules = z.record(z.string(), z.unknown());

const whole = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));

/** Sets one value deep in a plain object made of objects (the rules as stored). */
function put(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    const child: Record<string, unknown> = next && typeof next === 'object' ? { ...next } : {};
    node[key] = child;
    node = child;
  }
  node[path[path.length - 1]!] = value;
}

/**
 * The rules to store for a channel of type Other: the stored ones (or open ones) with what the form
 * edits written over them. Ratios stay as text (`4:5`), as the rules' schema reads them.
 */
export function rulesOf(v: RulesValues, name: string, stored: unknown): Record<string, unknown> {
  const kept = StoredRules.safeParse(stored);
  const base: Record<string, unknown> =
    kept.success && UserRulesSchema.safeParse(stored).success
      ? structuredClone(kept.data)
      : structuredClone(emptyUserRules(name || 'Other'));
  const seconds = whole(v.maxSeconds);
  put(base, ['name'], name || 'Other');
  put(base, ['text', 'max'], whole(v.textMax));
  put(base, ['media', 'max'], whole(v.mediaMax));
  put(base, ['media', 'kinds'], [...(v.image ? ['image'] : []), ...(v.video ? ['video'] : [])]);
  for (const kind of ['image', 'video']) {
    put(base, [kind, 'ratio', 'min'], v.ratioMin.trim() || null);
    put(base, [kind, 'ratio', 'max'], v.ratioMax.trim() || null);
  }
  put(base, ['video', 'duration', 'maxMs'], seconds === null ? null : Math.round(seconds * 1000));
  return base;
}

/** What the channel calls send: the form's values as the channel's fields. */
export function channelFields(v: ChannelValues, stored: unknown): z.input<typeof ChannelFields> {
  return {
    network: v.network,
    name: v.name.trim(),
    handle: v.handle.trim(),
    colour: v.colour,
    avatarAssetId: v.avatarAssetId,
    slots: v.slots.map((s) => ({ day: Number(s.day), time: s.time.trim() })),
    rules: v.network === 'other' ? rulesOf(v.rules, v.name.trim(), stored) : null,
  };
}

const RATIO = /^\d+(\.\d+)?:\d+(\.\d+)?$/;
const ratioValue = (t: string) => {
  const [w, h] = t.split(':').map(Number);
  return w! / h!;
};

/** The rule fields' own checks (the channel's schema takes the rules as they are), by form field. */
export function checkRules(v: ChannelValues): Partial<Record<string, string>> {
  if (v.network !== 'other') return {};
  const out: Partial<Record<string, string>> = {};
  const count = (key: keyof RulesValues, what: string) => {
    const t = String(v.rules[key]).trim();
    if (t !== '' && !/^\d+$/.test(t)) out[`rules.${key}`] = `Write the ${what} as a whole number, or leave it empty.`;
  };
  count('textMax', 'text limit');
  count('mediaMax', 'media count');
  const secs = v.rules.maxSeconds.trim();
  if (secs !== '' && !(Number(secs) > 0)) out['rules.maxSeconds'] = 'Write the longest video in seconds, such as 90.';
  for (const key of ['ratioMin', 'ratioMax'] as const) {
    const t = v.rules[key].trim();
    if (t !== '' && !RATIO.test(t)) out[`rules.${key}`] = 'Write a ratio like 4:5 or 1.91:1, or leave it empty.';
  }
  const { ratioMin, ratioMax } = v.rules;
  if (!out['rules.ratioMin'] && !out['rules.ratioMax'] && ratioMin.trim() && ratioMax.trim())
    if (ratioValue(ratioMin.trim()) > ratioValue(ratioMax.trim()))
      out['rules.ratioMax'] = 'The widest ratio is narrower than the narrowest; swap them.';
  if (!v.rules.image && !v.rules.video) out['rules.image'] = 'Allow images, videos or both.';
  return out;
}

/** The form checked against the channel's schema, so its messages name the form's own fields. */
export function channelSchema(stored: () => unknown) {
  return z
    .custom<ChannelValues>()
    .transform((v) => channelFields(v, stored()))
    .pipe(ChannelFields);
}

/** The fields the core's issues may name (each slot's own, before the list's). */
export function issueFields(slots: number): string[] {
  const perSlot = Array.from({ length: slots }, (_, i) => [`slots.${i}.day`, `slots.${i}.time`]).flat();
  return ['network', 'name', 'handle', 'colour', 'avatarAssetId', ...perSlot, 'slots', 'rules'];
}
