import type { CommandId } from '../../shared/commands';
import type { PaletteHit, PaletteRecordGroup } from '../../shared/palette';
import { normalize, paletteEntries, scoreEntries } from './palette-filter';

/** The palette's groups, in the order they show when they match equally well. */
export const paletteGroups = [
  'commands',
  'posts',
  'media',
  'results',
  'templates',
  'snippets',
  'channels',
  'automations',
  'settings',
] as const;
export type PaletteGroup = (typeof paletteGroups)[number];

export const groupLabels: Record<PaletteGroup, string> = {
  commands: 'Commands',
  posts: 'Posts',
  media: 'Media',
  results: 'AI results',
  templates: 'Templates',
  snippets: 'Snippets',
  channels: 'Channels',
  automations: 'Automations',
  settings: 'Settings',
};

/** A part of the Settings screen, found by the title it shows there. */
export interface SettingsPage {
  id: string;
  label: string;
  keywords: readonly string[];
  /** The heading (or legend) text the part shows, to scroll to it. */
  heading: string;
}

/** The Settings screen's parts; kept by hand beside it (its headings are its own). */
export const settingsPages: readonly SettingsPage[] = [
  { id: 'account', label: 'Account', keywords: ['sign in', 'sign out', 'login', 'user'], heading: 'Account' },
  {
    id: 'connection',
    label: 'Connection',
    keywords: ['platform', 'address', 'profile', 'sandbox', 'client', 'openapi'],
    heading: 'Connection',
  },
  { id: 'api-key', label: 'API key', keywords: ['token', 'key', 'expiry', 'expires'], heading: 'API key' },
  {
    id: 'appearance',
    label: 'Appearance',
    keywords: ['theme', 'dark', 'light', 'colours', 'colors'],
    heading: 'Appearance',
  },
  {
    id: 'secrets',
    label: 'Keeping your sign-in safe',
    keywords: ['keychain', 'secrets', 'encryption', 'security', 'password'],
    heading: 'Keeping your sign-in safe',
  },
  { id: 'updates', label: 'Updates', keywords: ['version', 'upgrade', 'download', 'install'], heading: 'Updates' },
  { id: 'backups', label: 'Backups', keywords: ['restore', 'backup', 'copy', 'recover'], heading: 'Backups' },
  { id: 'diagnostics', label: 'Diagnostics', keywords: ['logs', 'support', 'bug', 'report'], heading: 'Diagnostics' },
  {
    id: 'about',
    label: 'About this installation',
    keywords: ['version', 'data folder', 'database'],
    heading: 'About this installation',
  },
];

/** One line of the palette. */
export type PaletteItem =
  | { key: string; group: 'commands'; title: string; command: CommandId; score: number }
  | { key: string; group: 'settings'; title: string; page: SettingsPage; score: number }
  | { key: string; group: PaletteRecordGroup; title: string; hit: PaletteHit; score: number };

/**
 * How well a found record's title answers the query. Records are found by any of their words (text,
 * tags, notes), so even a title without the query scores something; a command whose name starts with
 * the query still comes before a record whose title does.
 */
export function recordScore(title: string, query: string): number {
  const t = normalize(title);
  const q = normalize(query);
  if (!q) return 0;
  if (t === q) return 150;
  if (t.startsWith(q)) return 120;
  const words = t.split(' ');
  if (q.split(' ').every((w) => words.some((tw) => tw.startsWith(w)))) return 90;
  return 40;
}

/**
 * What the palette lists for a query: with nothing typed, the commands in menu order; otherwise the
 * matching commands, found records and settings parts, by group, each group ranked, and the groups
 * ordered by their best line (ties keep the order above, commands first).
 */
export function paletteItems(query: string, hits: readonly PaletteHit[]): PaletteItem[] {
  if (!normalize(query)) {
    return paletteEntries.map((e) => ({
      key: `command-${e.id}`,
      group: 'commands',
      title: e.label,
      command: e.id,
      score: 0,
    }));
  }
  const items: PaletteItem[] = [
    ...scoreEntries(paletteEntries, query).map(({ entry, score }) => ({
      key: `command-${entry.id}`,
      group: 'commands' as const,
      title: entry.label,
      command: entry.id,
      score,
    })),
    ...hits.map((hit) => ({
      key: `${hit.group}-${hit.id}`,
      group: hit.group,
      title: hit.title,
      hit,
      score: recordScore(hit.title, query),
    })),
    ...scoreEntries(settingsPages, query).map(({ entry, score }) => ({
      key: `settings-${entry.id}`,
      group: 'settings' as const,
      title: entry.label,
      page: entry,
      // A settings part is a place, not an action: below a command that scores the same.
      score: score - 1,
    })),
  ];
  return groupItems(items);
}

/** Items by group, best group first; within a group, best first and then as given. */
function groupItems(items: PaletteItem[]): PaletteItem[] {
  const byGroup = new Map<PaletteGroup, { item: PaletteItem; index: number }[]>();
  items.forEach((item, index) => {
    const list = byGroup.get(item.group) ?? [];
    list.push({ item, index });
    byGroup.set(item.group, list);
  });
  const groups = [...byGroup.entries()].map(([group, list]) => ({
    group,
    list: list.sort((a, b) => b.item.score - a.item.score || a.index - b.index).map((x) => x.item),
  }));
  const best = (g: (typeof groups)[number]) => g.list[0]?.score ?? 0;
  const order = (g: PaletteGroup) => paletteGroups.indexOf(g);
  return groups.sort((a, b) => best(b) - best(a) || order(a.group) - order(b.group)).flatMap((g) => g.list);
}
