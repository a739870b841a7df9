import { resourceGroupLabels, type ResourceGroup } from '../../shared/profile';

/** What each resource group is called on screen. */
export const groupLabels = resourceGroupLabels;

/** The group's records in a sentence ("your 12 media queue items"). */
export const groupNouns: Record<ResourceGroup, string> = {
  assets: 'assets',
  automations: 'automations',
  contentPlans: 'content plans',
  creatives: 'creatives',
  mediaQueue: 'media queue items',
  mediaTemplates: 'media templates',
  posts: 'posts',
};

export const opLabels = { create: 'Create', update: 'Update', delete: 'Delete' } as const;
export const levelLabels = { info: 'Info', warn: 'Warning', error: 'Error' } as const;

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "just now", "2 min ago", "in 30 s", "3 h ago", "2 d ago": short, for a glance. Past events are
 * never shown in the future (the core's clock may run a little ahead of this window's).
 */
export function relativeTime(iso: string, now: number, kind: 'past' | 'future' = 'past'): string {
  const parsed = Date.parse(iso);
  if (Number.isNaN(parsed)) return iso;
  const at = kind === 'past' ? Math.min(parsed, now) : parsed;
  const diff = at - now;
  const abs = Math.abs(diff);
  const future = diff > 0;
  let amount: string;
  if (abs < 45_000) {
    if (!future || abs < 1_000) return future ? 'now' : 'just now';
    amount = `${Math.max(1, Math.round(abs / 1000))} s`;
  } else if (abs < 3_600_000) amount = `${Math.max(1, Math.round(abs / 60_000))} min`;
  else if (abs < 86_400_000) amount = `${Math.round(abs / 3_600_000)} h`;
  else amount = `${Math.round(abs / 86_400_000)} d`;
  return future ? `in ${amount}` : `${amount} ago`;
}

/** The full local date and time, for titles beside relative times. */
export function absoluteTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : at.toLocaleString();
}
