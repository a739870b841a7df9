import { z } from 'zod';

// The platform names these groups but not their fields; each group requires one or two fields the
// sandbox chose, checks the types of a few optional ones, and stores any other JSON fields as sent.

const isoDate = z.iso.datetime({ offset: true });
const name = z.string().min(1).max(500);
const ids = z.array(z.string().min(1).max(200)).max(1000);

export interface GroupDef {
  /** Path segment under /v2. */
  path: string;
  /** Singular noun for messages. */
  noun: string;
  idPrefix: string;
  schema: z.ZodType<Record<string, unknown>>;
}

export const GROUPS: GroupDef[] = [
  {
    path: 'assets',
    noun: 'asset',
    idPrefix: 'ast_',
    schema: z
      .object({
        name,
        kind: z.enum(['image', 'video', 'audio', 'document', 'other']).optional(),
        mime_type: z.string().max(255).optional(),
        size_bytes: z.int().min(0).optional(),
        sha256: z
          .string()
          .regex(/^[a-f0-9]{64}$/, 'expected 64 lowercase hex digits')
          .optional(),
        tags: z.array(z.string().max(200)).max(500).optional(),
        notes: z.string().max(100_000).optional(),
      })
      .loose(),
  },
  {
    path: 'automations',
    noun: 'automation',
    idPrefix: 'aut_',
    schema: z
      .object({
        name,
        enabled: z.boolean().optional(),
        trigger: z.object({}).loose().optional(),
        actions: z.array(z.unknown()).max(100).optional(),
      })
      .loose(),
  },
  {
    path: 'content-plans',
    noun: 'content plan',
    idPrefix: 'cpl_',
    schema: z
      .object({
        title: z.string().min(1).max(500),
        starts_at: isoDate.optional(),
        ends_at: isoDate.optional(),
        post_ids: ids.optional(),
      })
      .loose(),
  },
  {
    path: 'creatives',
    noun: 'creative',
    idPrefix: 'crv_',
    schema: z
      .object({
        name,
        template_id: z.string().max(200).optional(),
        asset_ids: ids.optional(),
        text: z.string().max(100_000).optional(),
      })
      .loose(),
  },
  {
    path: 'media-templates',
    noun: 'media template',
    idPrefix: 'mtp_',
    schema: z
      .object({
        name,
        variables: z.array(z.string().min(1).max(200)).max(200).optional(),
        body: z.string().max(100_000).optional(),
      })
      .loose(),
  },
  {
    path: 'posts',
    noun: 'post',
    idPrefix: 'pst_',
    schema: z
      .object({
        text: z.string().max(100_000),
        status: z.enum(['draft', 'ready', 'scheduled', 'published', 'failed']).optional(),
        scheduled_at: isoDate.optional(),
        asset_ids: ids.optional(),
      })
      .loose(),
  },
];

export const QUEUE_GROUP: GroupDef = {
  path: 'media-queue',
  noun: 'media queue item',
  idPrefix: 'mqi_',
  schema: z
    .object({
      asset_id: z.string().min(1).max(200),
      scheduled_at: isoDate.optional(),
      note: z.string().max(10_000).optional(),
    })
    .loose(),
};

/** Drops the fields the server owns (the dialect names them); the version is read separately as the expected one. */
export function withoutServerFields(
  body: Record<string, unknown>,
  serverFields: readonly string[],
): Record<string, unknown> {
  const copy = { ...body };
  for (const field of serverFields) delete copy[field];
  return copy;
}
