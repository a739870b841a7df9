import { MediaProvenance } from './media-provenance';
import { z } from 'zod';
import { ResourceGroup } from './profile';
import { altText, AssetKind, SyncState } from './records';

export const AssetSort = z.enum(['created', 'updated', 'name', 'size', 'kind']);
export type AssetSort = z.infer<typeof AssetSort>;

/** One page of the library: filters, sort and window (the grid asks for the rows it shows). */
export const LibraryQuery = z
  .object({
    /** Full-text over names, tags, notes and AI text; words are matched as prefixes. */
    text: z.string().max(500).optional(),
    kind: AssetKind.optional(),
    tag: z.string().min(1).max(200).optional(),
    /** The trash instead of the library. */
    trash: z.boolean().default(false),
    sort: AssetSort.default('created'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    offset: z.int().min(0).default(0),
    limit: z.int().min(1).max(500).default(200),
  })
  .strict();
export type LibraryQuery = z.input<typeof LibraryQuery>;

export const ThumbState = z.enum(['none', 'ready', 'placeholder', 'missing']);
/** Why there is no thumbnail: ffmpeg absent (video), audio, a format without preview, an unreadable file. */
export const ThumbReason = z.enum(['no-ffmpeg', 'audio', 'unsupported', 'unreadable']);
export type ThumbReason = z.infer<typeof ThumbReason>;

export const AssetView = z.object({
  id: z.string(),
  name: z.string(),
  kind: AssetKind,
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  tags: z.array(z.string()),
  notes: z.string(),
  /** The media's description for people who cannot see it ("" when none). */
  altText: z.string(),
  sha256: z.string().nullable(),
  /** ready: sha256 names the thumbnail; placeholder: reason says why there is none. */
  thumb: z.object({ state: ThumbState, sha256: z.string().nullable(), reason: ThumbReason.nullable() }),
  /** Whether the media file is on this computer (a record pulled from another device may not have it). */
  hasFile: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  trashedAt: z.string().nullable(),
  syncState: SyncState,
});
export type AssetView = z.infer<typeof AssetView>;

export const LibraryPage = z.object({ items: z.array(AssetView), total: z.number().int() });
export type LibraryPage = z.infer<typeof LibraryPage>;

/** Where an asset is used. */
export const AssetUsage = z.object({ group: ResourceGroup, id: z.string(), label: z.string() });

export const AssetDetail = AssetView.extend({
  aiText: z.string(),
  /** How an AI result was made, read from the file an import brought in (null for other files). */
  provenance: MediaProvenance.nullable(),
  usage: z.array(AssetUsage),
  /** Every stored field, for the detail panel's "more" section. */
  fields: z.record(z.string(), z.unknown()),
});
export type AssetDetail = z.infer<typeof AssetDetail>;

export const ImportReport = z.object({
  imported: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Files whose content is already in the library (no second copy is made). */
  duplicates: z.array(z.object({ path: z.string(), existingId: z.string(), name: z.string() })),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  failed: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** Tags every imported file gets (automations can react to "imported with a tag"). */
const importTags = z.array(z.string().trim().min(1).max(200)).max(50).optional();

export const ImportInput = z
  .object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000), tags: importTags })
  .strict();

/**
 * Files the browser uploaded to the local host first (browser mode has no file paths). A name may
 * be as long as the upload route takes (1,024): the intake refuses one the library cannot keep, in
 * the words an import of that file gets.
 */
export const ImportUploadsInput = z
  .object({
    uploads: z
      .array(z.object({ id: z.string().regex(/^[a-f0-9-]{36}$/), name: z.string().min(1).max(1024) }).strict())
      .min(1)
      .max(1000),
    tags: importTags,
  })
  .strict();

export const AssetUpdateInput = z
  .object({
    id: z.string().min(1).max(200),
    name: z.string().trim().min(1, 'Enter a name').max(500).optional(),
    tags: z.array(z.string().trim().min(1).max(200)).max(500).optional(),
    notes: z.string().max(100_000).optional(),
    /** Empty removes it. */
    altText: altText.optional(),
  })
  .strict();

export const AssetIdsInput = z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(10_000) }).strict();

export const TagCount = z.object({ tag: z.string(), count: z.number().int() });
