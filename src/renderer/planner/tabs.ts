import type { ResourceGroup } from '../../shared/profile';

export const plannerTabs = [
  'calendar',
  'posts',
  'channels',
  'creatives',
  'templates',
  'snippets',
  'queue',
  'automations',
  'transfer',
] as const;
export type PlannerTab = (typeof plannerTabs)[number];

export const tabLabels: Record<PlannerTab, string> = {
  calendar: 'Calendar',
  posts: 'Posts',
  channels: 'Channels',
  creatives: 'Creatives',
  templates: 'Templates',
  snippets: 'Snippets',
  queue: 'Media queue',
  automations: 'Automations',
  transfer: 'Import/Export',
};

/** Where a record of a group is opened in the planner (assets live in the library, not here). */
export function tabForGroup(group: ResourceGroup): PlannerTab | null {
  switch (group) {
    case 'posts':
      return 'posts';
    case 'contentPlans':
      return 'calendar';
    case 'creatives':
      return 'creatives';
    case 'mediaTemplates':
      return 'templates';
    case 'mediaQueue':
      return 'queue';
    case 'automations':
      return 'automations';
    default:
      return null;
  }
}

/** A request to show one record (a notification was clicked, or a calendar chip opened); `seq` makes repeats count. */
export interface OpenRequest {
  tab: PlannerTab;
  id: string | null;
  seq: number;
  /** What the screen that asked did, said above the opened record (a draft made from a dropped media). */
  notice?: string;
}

let lastSeq = 0;
/** A fresh sequence number for an open request. */
export const nextSeq = (): number => ++lastSeq;

/** The planner request for a record a notification is about; null for records shown elsewhere (assets). */
export function requestFor(item: { group: ResourceGroup; id: string }, seq = nextSeq()): OpenRequest | null {
  const tab = tabForGroup(item.group);
  return tab ? { tab, id: item.id, seq } : null;
}
