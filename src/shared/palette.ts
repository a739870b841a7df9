import { z } from 'zod';

/** The kinds of record the palette finds in the database, in the order it shows them. */
export const paletteRecordGroups = [
  'posts',
  'media',
  'results',
  'templates',
  'snippets',
  'channels',
  'automations',
] as const;
export const PaletteRecordGroup = z.enum(paletteRecordGroups);
export type PaletteRecordGroup = z.infer<typeof PaletteRecordGroup>;

export const PaletteSearchInput = z
  .object({
    text: z
      .string({ error: 'Type some words to search for' })
      .max(200, 'Search for at most 200 characters')
      .refine((t) => /[\p{L}\p{N}]/u.test(t), 'Type a word or a number to search for'),
    /** Most hits per group (5 unless given). */
    limit: z.number().int().min(1, 'Ask for at least one result').max(20, 'Ask for at most 20 results').optional(),
  })
  .strict();
export type PaletteSearchInput = z.infer<typeof PaletteSearchInput>;

/** One record the palette found: what it is called, a few words of it, when, and its picture if any. */
export const PaletteHit = z.object({
  group: PaletteRecordGroup,
  id: z.string(),
  title: z.string(),
  /** The first words of its text, or its kind and tags. */
  preview: z.string(),
  /** When it is scheduled or was made or changed (ISO), when it has a time worth showing. */
  at: z.string().nullable(),
  /** A thumbnail in the media store, when there is one. */
  thumbSha: z.string().nullable(),
});
export type PaletteHit = z.infer<typeof PaletteHit>;

/** Hits by group, each group best first. */
export const PaletteResults = z.object({ hits: z.array(PaletteHit) });
export type PaletteResults = z.infer<typeof PaletteResults>;
