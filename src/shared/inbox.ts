import { z } from 'zod';
import { ResourceGroup } from './profile';
import { Settings } from './settings';

/** What an inbox item is about; each kind has its own icon and words in the list. */
export const InboxKind = z.enum([
  'conflict',
  'failed_change',
  'mass_delete',
  'ai_failed',
  'ai_finished',
  'fix_failed',
  'fix_finished',
  'import_finished',
  'key_warning',
  'session_ended',
  'reminder',
]);
export type InboxKind = z.infer<typeof InboxKind>;

/** Where the item's subject lives: a section, and the record or job in it when there is one. */
export const InboxLink = z.object({
  section: Settings.shape.lastSection,
  group: ResourceGroup.optional(),
  /** A record, AI job or asset id. */
  id: z.string().optional(),
});
export type InboxLink = z.infer<typeof InboxLink>;

/** The one-click action an item offers, when one fits. */
export const InboxAction = z.discriminatedUnion('kind', [
  /** Open the Sync view's conflict for this record. */
  z.object({ kind: z.literal('resolve'), group: ResourceGroup, id: z.string() }),
  /** Send a refused change again (`sync.retry`). */
  z.object({ kind: z.literal('retry_change'), seq: z.number().int() }),
  /** Queue a failed AI job again (`ai.retry`). */
  z.object({ kind: z.literal('retry_job'), jobId: z.string() }),
  /** Answer a mass-delete question in the Sync view. */
  z.object({ kind: z.literal('answer'), group: ResourceGroup }),
  /** Sign in again or replace the key (Settings). */
  z.object({ kind: z.literal('sign_in') }),
  /** Open the item's subject (a post, asset or result). */
  z.object({ kind: z.literal('open') }),
]);
export type InboxAction = z.infer<typeof InboxAction>;

export const InboxItem = z.object({
  /** Stable while the item stays the same thing (a new conflict on the same record is a new item). */
  id: z.string(),
  kind: InboxKind,
  /** When it happened (or, for what has no time of its own, when the inbox first saw it). */
  at: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  link: InboxLink,
  action: InboxAction.nullable(),
});
export type InboxItem = z.infer<typeof InboxItem>;

export const InboxListInput = z.object({ limit: z.int().min(1).max(500).default(100) }).strict();

export const InboxList = z.object({
  /** Newest first, at most `limit`. */
  items: z.array(InboxItem),
  total: z.number().int(),
  unread: z.number().int(),
});
export type InboxList = z.infer<typeof InboxList>;

export const InboxMarkReadInput = z.union([
  z.object({ ids: z.array(z.string().min(1).max(400)).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type InboxMarkReadInput = z.infer<typeof InboxMarkReadInput>;

export const InboxCounts = z.object({ total: z.number().int(), unread: z.number().int() });
export type InboxCounts = z.infer<typeof InboxCounts>;
