import { z } from 'zod';
import { AutomationAction, AutomationTrigger, channelLabel } from './automations';
import { ResourceGroup } from './profile';
import { SnippetKind } from './snippets';
import { PostTargets } from './targets';

// The fields Atelier keeps for each resource group. The platform does not publish them, so these
// are ours (the sandbox accepts the same); any other JSON field is kept and synced as it is.

const isoDate = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time, such as 2026-05-01T09:00:00Z' });
const name = z.string().trim().min(1, 'Enter a name').max(500);
const localIds = z.array(z.string().min(1).max(200)).max(1000);
const tags = z.array(z.string().trim().min(1).max(200)).max(500);

/** The most any network takes as a media's description (X's limit; the others take fewer or as many). */
export const ALT_TEXT_MAX = 1_500;
export const altText = z
  .string()
  .max(ALT_TEXT_MAX, `Alt text is at most ${ALT_TEXT_MAX.toLocaleString('en')} characters; shorten it`);

export const assetKinds = ['image', 'video', 'audio', 'document', 'other'] as const;
export const AssetKind = z.enum(assetKinds);
export type AssetKind = z.infer<typeof AssetKind>;

export const postStatuses = ['draft', 'ready', 'scheduled', 'published', 'failed'] as const;

/** Field schemas per group: the required fields and the types of known optional ones. */
export const groupFields = {
  assets: z
    .object({
      name,
      kind: AssetKind.optional(),
      mime_type: z.string().max(255).optional(),
      size_bytes: z.int().min(0).optional(),
      sha256: z
        .string()
        .regex(/^[a-f0-9]{64}$/, 'expected 64 lowercase hex digits')
        .optional(),
      width: z.int().min(0).optional(),
      height: z.int().min(0).optional(),
      duration_ms: z.int().min(0).optional(),
      tags: tags.optional(),
      notes: z.string().max(100_000).optional(),
      ai_text: z.string().max(100_000).optional(),
      /** What the media shows, for people who cannot see it (networks take it with the post). */
      alt_text: altText.optional(),
    })
    .loose(),
  automations: z
    .object({
      name,
      enabled: z.boolean().optional(),
      trigger: AutomationTrigger.optional(),
      actions: z.array(AutomationAction).max(20).optional(),
    })
    .loose(),
  contentPlans: z
    .object({
      title: z.string().trim().min(1, 'Enter a title').max(500),
      starts_at: isoDate.optional(),
      ends_at: isoDate.optional(),
      post_ids: localIds.optional(),
    })
    .loose(),
  creatives: z
    .object({
      name,
      template_id: z.string().max(200).optional(),
      asset_ids: localIds.optional(),
      text: z.string().max(100_000).optional(),
      caption: z.string().max(100_000).optional(),
      overlay_text: z.string().max(2_000).optional(),
      aspect_ratio: z.enum(['1:1', '4:5', '16:9', '9:16', '3:2', '2:3']).optional(),
    })
    .loose(),
  mediaQueue: z
    .object({
      asset_id: z.string().min(1, 'Choose an asset').max(200),
      scheduled_at: isoDate.optional(),
      note: z.string().max(10_000).optional(),
      /** What was queued when it was not the asset itself. */
      post_id: z.string().max(200).optional(),
      creative_id: z.string().max(200).optional(),
      plan_id: z.string().max(200).optional(),
      channel: channelLabel.optional(),
      /** Place in the queue (lower first); the platform's own position is server-owned. */
      order: z.number().finite().optional(),
    })
    .loose(),
  mediaTemplates: z
    .object({
      name,
      variables: z.array(z.string().min(1).max(200)).max(200).optional(),
      body: z.string().max(100_000).optional(),
      /** What it makes by default. */
      target: z.enum(['posts', 'creatives']).optional(),
      /** Set on a snippet (its kind): a piece inserted into posts, not a template (see snippets.ts). */
      snippet: SnippetKind.optional(),
    })
    .loose(),
  posts: z
    .object({
      text: z.string().max(100_000),
      status: z.enum(postStatuses).optional(),
      scheduled_at: isoDate.optional(),
      asset_ids: localIds.optional(),
      /** Where it goes (a label such as "Instagram"); with targets, the first target's name. */
      channel: channelLabel.optional(),
      /** The channels it goes to, each with its own text and media where they differ (see targets.ts). */
      targets: PostTargets.optional(),
      /** Made from this template (kept for "made from"). */
      template_id: z.string().max(200).optional(),
    })
    .loose(),
} satisfies Record<ResourceGroup, z.ZodType>;

/** A record's fields: any JSON object (validated per group by `groupFields`). */
export const RecordFields = z.record(z.string().max(200), z.unknown());
export type RecordFields = z.infer<typeof RecordFields>;

export const SyncState = z.enum(['local', 'pending', 'synced', 'conflict']);
export type SyncState = z.infer<typeof SyncState>;

/** A record as screens see it. */
export const RecordView = z.object({
  id: z.string(),
  group: ResourceGroup,
  remoteId: z.string().nullable(),
  version: z.number().int().nullable(),
  fields: RecordFields,
  createdAt: z.string(),
  updatedAt: z.string(),
  deleted: z.boolean(),
  syncState: SyncState,
  /** Changes of this record not yet acknowledged by the platform. */
  pending: z.number().int(),
  /** The message of a change the platform refused, when one is set aside. */
  failed: z.string().nullable(),
});
export type RecordView = z.infer<typeof RecordView>;

const recordRef = z.object({ group: ResourceGroup, id: z.string().min(1).max(200) }).strict();

export const RecordListInput = z
  .object({
    group: ResourceGroup,
    offset: z.int().min(0).default(0),
    limit: z.int().min(1).max(1000).default(200),
    includeDeleted: z.boolean().default(false),
  })
  .strict();

export const RecordList = z.object({ items: z.array(RecordView), total: z.number().int() });
export type RecordList = z.infer<typeof RecordList>;

export const RecordGetInput = recordRef;
export const RecordCreateInput = z.object({ group: ResourceGroup, fields: RecordFields }).strict();
/** Merge patch: each field given replaces the stored one; null removes it. */
export const RecordUpdateInput = recordRef.extend({ fields: RecordFields }).strict();
export const RecordDeleteInput = recordRef;

/** Which records changed (pushed so screens refresh). */
export const RecordsChanged = z.object({ group: ResourceGroup, ids: z.array(z.string()).max(1000).nullable() });
export type RecordsChanged = z.infer<typeof RecordsChanged>;
