import { z } from 'zod';
import { SpendingLimits } from './settings';

export const SpendingTally = z.object({
  total: z.int().min(0),
  perOperation: z.record(z.string(), z.int().min(0)),
  /** The total times the cost per job, when one is entered. */
  cost: z.number().min(0).nullable(),
});
export type SpendingTally = z.infer<typeof SpendingTally>;

/** The spending guard as the Studio shows it: limits, counts today and this month, and its state. */
export const SpendingView = z.object({
  limits: SpendingLimits,
  /** The zone the days and months are counted in. */
  zone: z.string(),
  today: SpendingTally,
  month: SpendingTally,
  state: z.enum(['ok', 'warning', 'paused']),
  /** In words: why the queue is paused or what nears its limit; null when ok. */
  message: z.string().nullable(),
  /** "Run anyway once" was chosen and no job has used it yet. */
  overrideArmed: z.boolean(),
  /** When today's counts start again (the zone's next midnight), and this month's (ms since the epoch). */
  dayEndsAt: z.number(),
  monthEndsAt: z.number(),
});
export type SpendingView = z.infer<typeof SpendingView>;
