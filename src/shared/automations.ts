import { z } from 'zod';
import { AiOperation } from './profile';

// What an automation is made of: "when <trigger> then <actions>". Kept apart from planner.ts so the
// record schemas (records.ts) can use them without an import cycle.

const id = z.string().min(1).max(200);

/** Channels a post can target (a free label, e.g. "Instagram", "Newsletter"). */
export const channelLabel = z.string().trim().min(1).max(100);

export const AutomationTrigger = z.discriminatedUnion('type', [
  /** An AI job succeeded (optionally only for one operation). */
  z.object({ type: z.literal('ai_job_succeeded'), operation: AiOperation.optional() }).strict(),
  /** An asset was imported (optionally only when it carries a tag). */
  z.object({ type: z.literal('asset_imported'), tag: z.string().trim().min(1).max(200).optional() }).strict(),
  /** A scheduled post or queue item's time arrived (while Atelier runs). */
  z.object({ type: z.literal('scheduled_time'), group: z.enum(['posts', 'mediaQueue']).optional() }).strict(),
  /** Only when run by hand. */
  z.object({ type: z.literal('manual') }).strict(),
]);
export type AutomationTrigger = z.infer<typeof AutomationTrigger>;

export const AutomationAction = z.discriminatedUnion('type', [
  /** Tag the asset the event is about (an imported asset, an AI result saved to the library). */
  z.object({ type: z.literal('add_tag'), tag: z.string().trim().min(1).max(200) }).strict(),
  /** Put the event's asset in the media queue. */
  z.object({ type: z.literal('add_to_queue'), note: z.string().max(10_000).optional() }).strict(),
  /** Make a post from a template; event facts fill {{asset_name}}, {{prompt}}, {{date}}… and `values` the rest. */
  z
    .object({
      type: z.literal('post_from_template'),
      template_id: id,
      values: z.record(z.string().max(200), z.string().max(10_000)).default({}),
      /** The old single channel label; kept so rules saved before `channel_ids` still read and run. */
      channel: channelLabel.optional(),
      /** The channels (ids from the channels list) the post goes to; these win over `channel`. */
      channel_ids: z
        .array(id)
        .max(20, 'A post goes to at most 20 channels')
        .refine((ids) => new Set(ids).size === ids.length, 'A channel is chosen twice')
        .optional(),
    })
    .strict(),
  /** Queue an AI job; `{{prompt}}`-style variables in the prompt are filled from the event. */
  z
    .object({
      type: z.literal('run_ai'),
      operation: AiOperation,
      model_id: z.string().trim().min(1).max(200),
      prompt: z.string().max(4000).optional(),
      params: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).default({}),
    })
    .strict(),
]);
export type AutomationAction = z.infer<typeof AutomationAction>;
