import { z } from 'zod';
import { ResourceGroup } from './profile';

// Backups of the database, restoring one, and what the app does when its database is damaged.

/** Why a backup was taken. */
export const BackupReason = z.enum(['daily', 'manual', 'migration', 'update']);
export type BackupReason = z.infer<typeof BackupReason>;

const id = z.string().regex(/^[0-9A-Za-z-]{1,80}$/, 'Not a backup id');

/** One backup as its manifest records it. */
export const BackupView = z.object({
  id,
  /** When it was taken (ISO 8601). */
  createdAt: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  appVersion: z.string(),
  schemaVersion: z.number().int().nonnegative(),
  reason: BackupReason,
  /** The copy passed SQLite's integrity check; false: `problem` says what the check found. */
  ok: z.boolean(),
  problem: z.string().nullable(),
  /** Live records per group in the copy, and how many media files it refers to. */
  records: z.number().int().nonnegative(),
  mediaFiles: z.number().int().nonnegative(),
});
export type BackupView = z.infer<typeof BackupView>;

/** How many backups are kept: the newest of each of the last `daily` days, and of the `weekly` weeks before them. */
export const Retention = z.object({ daily: z.int().min(1).max(60), weekly: z.int().min(0).max(52) });
export type Retention = z.infer<typeof Retention>;

export const BackupList = z.object({
  backups: z.array(BackupView),
  /** The folder the backups are in (browser mode shows it instead of opening it). */
  folder: z.string(),
  retention: Retention,
  /** A backup is being taken right now. */
  running: z.boolean(),
});
export type BackupList = z.infer<typeof BackupList>;

export const BackupIdInput = z.object({ id }).strict();
export type BackupIdInput = z.infer<typeof BackupIdInput>;

/** Records of one group created, changed or deleted since the backup was taken. */
export const GroupChanges = z.object({
  group: ResourceGroup,
  created: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  deleted: z.number().int().nonnegative(),
});
export type GroupChanges = z.infer<typeof GroupChanges>;

/** A change waiting to be sent to the platform, named by its record. */
export const LostChange = z.object({
  group: ResourceGroup,
  recordId: z.string(),
  /** The record's name, title or the start of its text. */
  label: z.string(),
  op: z.enum(['create', 'update', 'delete']),
  /** When the change was made (ISO 8601). */
  at: z.string(),
  /** It had left for the platform but no answer was stored: the platform may have it. */
  maybeSent: z.boolean(),
});
export type LostChange = z.infer<typeof LostChange>;

/** What restoring a backup will lose, read from the current database. */
export const RestorePreview = z.object({
  backup: BackupView,
  /** Changes made since the backup, by group (only groups with changes). */
  changes: z.array(GroupChanges),
  /** Changes not yet sent to the platform that the backup does not hold: these are lost for good. */
  unsent: z.array(LostChange),
  /** The current database could not be read (it is damaged): everything since the backup may be lost. */
  unreadable: z.string().nullable(),
  /** Media files the backup refers to that are no longer on disk. */
  missingMedia: z.number().int().nonnegative(),
});
export type RestorePreview = z.infer<typeof RestorePreview>;

/** A restore or rescue done: where the previous database was put, and whether the app restarts by itself. */
export const ReplaceOutcome = z.object({
  /** The file name the previous database was moved to, beside the new one. */
  keptAs: z.string(),
  /** The app reopens by itself; false: start Atelier again. */
  restarting: z.boolean(),
});
export type ReplaceOutcome = z.infer<typeof ReplaceOutcome>;

/** What a rescue could read back, table by table. */
export const RescueView = ReplaceOutcome.extend({
  method: z.enum(['sqlite3-recover', 'row-walk']),
  tables: z.array(
    z.object({ name: z.string(), copied: z.number().int().nonnegative(), lost: z.number().int().nonnegative() }),
  ),
});
export type RescueView = z.infer<typeof RescueView>;

/** What kind of damage was found. */
export const DamageKind = z.enum(['not-a-database', 'corrupt', 'truncated', 'empty', 'journal', 'newer', 'diverged']);
export type DamageKind = z.infer<typeof DamageKind>;

export const DamageView = z.object({
  kind: DamageKind,
  /** What happened, in words. */
  message: z.string(),
  hint: z.string(),
  /** Found while opening the database at start, or while the app was running. */
  during: z.enum(['start', 'running']),
  detectedAt: z.string(),
  /** The damaged file (it is never written to again). */
  file: z.string(),
});
export type DamageView = z.infer<typeof DamageView>;

/** The database is fine, or it is damaged and the app waits for the user's choice. */
export const RecoveryStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok') }),
  z.object({
    state: z.literal('damaged'),
    damage: DamageView,
    /** The newest backup that passed its check, if any. */
    newest: BackupView.nullable(),
    /** Rescue is offered for damaged files (not for a file from a newer version). */
    canRescue: z.boolean(),
  }),
]);
export type RecoveryStatus = z.infer<typeof RecoveryStatus>;

/** After a restore: the unsent changes the backup did not hold, shown once. */
export const RestoreReport = z.object({
  // Reports saved before rescues had reports carry no kind: they are restores.
  kind: z.literal('restore').default('restore'),
  restoredAt: z.string(),
  backup: BackupView,
  keptAs: z.string(),
  lost: z.array(LostChange),
  /** The previous database could not be read: its unsent changes could not be listed. */
  unreadable: z.string().nullable(),
});
export type RestoreReport = z.infer<typeof RestoreReport>;

/** After a rescue: what it could read back, table by table, shown once. */
export const RescueReport = z.object({
  kind: z.literal('rescue'),
  rescuedAt: z.string(),
  keptAs: z.string(),
  method: RescueView.shape.method,
  tables: RescueView.shape.tables,
});
export type RescueReport = z.infer<typeof RescueReport>;

/** The report shown once after the app reopens on a restored or rescued database. */
export const RecoveryReport = z.union([RestoreReport, RescueReport]);
export type RecoveryReport = z.infer<typeof RecoveryReport>;

/**
 * Channels a damaged database still serves: what the recovery screen needs. Everything else is
 * refused with a `storage` error until the user restores or rescues.
 */
export const channelsWhileDamaged = [
  'app.info',
  'settings.get',
  'updates.status',
  'recovery.status',
  'recovery.rescue',
  'backups.list',
  'backups.preview',
  'backups.restore',
  'backups.reveal',
] as const;
