import type { ResourceGroup } from '../../../shared/profile';

/** How a group is kept locally: its table, a noun for messages, and which fields hold ids of other records. */
export interface GroupTable {
  group: ResourceGroup;
  table: string;
  noun: string;
  /** Fields holding local ids of records in another group (a string or an array of strings). */
  refs: Record<string, ResourceGroup>;
  /**
   * Ids one level down: `field` is a list of objects whose `key` holds a local id, or a list of them, of `target`
   * (an automation's actions, a post's targets).
   */
  nestedRefs: { field: string; key: string; target: ResourceGroup }[];
  /** Fields that never leave this device. */
  localOnly: string[];
}

const def = (
  group: ResourceGroup,
  table: string,
  noun: string,
  refs: Record<string, ResourceGroup> = {},
  nestedRefs: GroupTable['nestedRefs'] = [],
): GroupTable => ({
  group,
  table,
  noun,
  refs,
  nestedRefs,
  localOnly: [],
});

export const GROUP_TABLES: Record<ResourceGroup, GroupTable> = {
  // A fixed copy (a crop, a trim) names the asset it was made from.
  assets: def('assets', 'assets', 'asset', { source_asset_id: 'assets' }),
  automations: def('automations', 'automations', 'automation', {}, [
    { field: 'actions', key: 'template_id', target: 'mediaTemplates' },
  ]),
  contentPlans: def('contentPlans', 'content_plans', 'content plan', { post_ids: 'posts' }),
  creatives: def('creatives', 'creatives', 'creative', { asset_ids: 'assets', template_id: 'mediaTemplates' }),
  mediaQueue: def('mediaQueue', 'media_queue', 'media queue item', {
    asset_id: 'assets',
    post_id: 'posts',
    creative_id: 'creatives',
    plan_id: 'contentPlans',
  }),
  mediaTemplates: def('mediaTemplates', 'media_templates', 'media template'),
  posts: def('posts', 'posts', 'post', { asset_ids: 'assets', template_id: 'mediaTemplates' }, [
    // A target's own media (a variant).
    { field: 'targets', key: 'asset_ids', target: 'assets' },
  ]),
};

/**
 * Push and pull order: a record is sent after the records it refers to, so their remote ids are
 * known, and pulled after them, so references resolve to local ids.
 */
export const SYNC_ORDER: ResourceGroup[] = [
  'assets',
  'mediaTemplates',
  'automations',
  'creatives',
  'posts',
  'contentPlans',
  'mediaQueue',
];

export function tableOf(group: ResourceGroup): GroupTable {
  return GROUP_TABLES[group];
}
