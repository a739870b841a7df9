import { z } from 'zod';
import { ResourceGroup } from './profile';
import { RecordFields } from './records';

export const GroupSyncView = z.object({
  group: ResourceGroup,
  /** specified: the profile names its endpoints; unspecified: changes wait for the platform's specification. */
  endpoints: z.enum(['specified', 'unspecified']),
  pending: z.number().int(),
  failed: z.number().int(),
  conflicts: z.number().int(),
  lastPulledAt: z.string().nullable(),
  /** A pull that would delete most local records waits for the user's answer. */
  massDelete: z.object({ wouldDelete: z.number().int(), localCount: z.number().int() }).nullable(),
});
export type GroupSyncView = z.infer<typeof GroupSyncView>;

export const SyncPhase = z.enum([
  'idle', // nothing to do
  'syncing', // sending or pulling
  'offline', // the platform cannot be reached; retries with backoff
  'paused_auth', // signed out, session ended or key expired: nothing is sent until the user signs in
  'paused_user', // the user paused sync
  'no_account', // nothing to sync with yet
]);
export type SyncPhase = z.infer<typeof SyncPhase>;

export const SyncStatus = z.object({
  /** Grows with every status the core computes: of two statuses, the higher is the newer. */
  revision: z.number().int().nonnegative(),
  phase: SyncPhase,
  online: z.enum(['online', 'offline', 'unknown']),
  /** The account whose records are shown and synced. */
  accountId: z.string().nullable(),
  groups: z.array(GroupSyncView),
  totals: z.object({ pending: z.number().int(), failed: z.number().int(), conflicts: z.number().int() }),
  /** While draining: how many of the changes queued at the start have been handled. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  lastSyncAt: z.string().nullable(),
  /** Why sync is not running, in words for the user. */
  message: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

export const SyncLogEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  group: ResourceGroup.nullable(),
  recordId: z.string().nullable(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type SyncLogEntry = z.infer<typeof SyncLogEntry>;

/** A change the platform refused, set aside until the user retries or discards it. */
export const FailedChange = z.object({
  seq: z.number().int(),
  group: ResourceGroup,
  recordId: z.string(),
  label: z.string(),
  op: z.enum(['create', 'update', 'delete']),
  message: z.string(),
  attempts: z.number().int(),
  at: z.string(),
});
export type FailedChange = z.infer<typeof FailedChange>;

/** A record changed here and on the platform: both sides, for the user to choose. */
export const ConflictView = z.object({
  group: ResourceGroup,
  id: z.string(),
  label: z.string(),
  local: z.object({ fields: RecordFields, deleted: z.boolean() }),
  remote: z.object({ fields: RecordFields, deleted: z.boolean(), version: z.number().int().nullable() }),
  /** Field names whose values differ. */
  differing: z.array(z.string()),
});
export type ConflictView = z.infer<typeof ConflictView>;

export const ResolveInput = z
  .object({
    group: ResourceGroup,
    id: z.string().min(1).max(200),
    keep: z.enum(['local', 'remote', 'merged']),
    /** The edited merge, when keep is "merged". */
    fields: RecordFields.optional(),
  })
  .strict()
  .refine((v) => v.keep !== 'merged' || v.fields !== undefined, {
    message: 'An edited merge needs its fields',
    path: ['fields'],
  });
