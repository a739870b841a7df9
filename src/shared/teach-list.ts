import { z } from 'zod';
import { CheckLine } from './connection-check';
import { ResourceGroup } from './profile';

/** "Teach Atelier where the records are", from the list answer the last connection check kept for a group. */
export const TeachListInput = z
  .object({
    group: ResourceGroup,
    /** The field pointed at in the answer: the list, or any field inside one of its records. */
    itemsPath: z.string().min(1).max(300),
    /** Optionally the field of a record that holds its id, as a path in the answer ("data.records.0.uuid"). */
    idPath: z.string().min(1).max(300).optional(),
  })
  .strict();
export type TeachListInput = z.input<typeof TeachListInput>;

/** The profile Atelier would save. */
export const TeachListPreview = z.object({
  profileId: z.string(),
  profileName: z.string(),
  /** A copy of a built-in profile is made; else a new revision of the custom one in use. */
  copy: z.boolean(),
  itemsField: z.string(),
  idField: z.string(),
  /** Line diff of the pretty JSON: "  " unchanged, "- " removed, "+ " added, "…" skipped lines. */
  diff: z.array(z.string()),
  json: z.string(),
  /** Something to know before saving (the records still lack the id the profile names), or null. */
  note: z.string().nullable(),
  /** The groups whose list is asked for again after saving (one GET each). */
  recheck: z.array(ResourceGroup),
});
export type TeachListPreview = z.infer<typeof TeachListPreview>;

/** The profile now in use and the group lines checked again with it. */
export const TeachListApplied = z.object({
  profile: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(CheckLine),
});
export type TeachListApplied = z.infer<typeof TeachListApplied>;
