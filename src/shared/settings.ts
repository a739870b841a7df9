import { z } from 'zod';

const limitCount = z
  .int('A limit is a whole number of jobs.')
  .min(1, 'A limit is at least 1 job; leave it empty for no limit.')
  .max(1_000_000, 'A limit is at most 1,000,000 jobs.')
  .nullable();

/**
 * Limits on AI jobs started per local day and per calendar month (null: no limit). The platform
 * publishes no prices, so limits count jobs; a cost per job the user enters shows them as money.
 */
export const SpendingLimits = z
  .object({
    daily: limitCount,
    monthly: limitCount,
    /** Per operation kind (e.g. text2image), each optional. */
    perOperation: z.record(z.string().min(1).max(64), z.object({ daily: limitCount, monthly: limitCount }).strict()),
    costPerJob: z
      .number('A cost per job is a number.')
      .min(0, 'A cost per job cannot be negative.')
      .max(1_000_000, 'A cost per job is at most 1,000,000.')
      .nullable(),
    currency: z
      .string()
      .trim()
      .min(1, 'Name the currency (e.g. EUR).')
      .max(8, 'A currency label is at most 8 characters.'),
  })
  .strict();
export type SpendingLimits = z.infer<typeof SpendingLimits>;

export const noSpendingLimits: SpendingLimits = {
  daily: null,
  monthly: null,
  perOperation: {},
  costPerJob: null,
  currency: 'EUR',
};

/** Non-secret preferences. Secrets never live here. */
export const Settings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  /** The user agreed to keep refresh tokens with weak (non-OS) protection on this machine. */
  allowWeakSecretStorage: z.boolean(),
  /** Section shown at start. */
  lastSection: z.enum(['library', 'studio', 'planner', 'sync', 'inbox', 'settings']),
  /** Download a new version in the background as soon as it is found (off: wait for "Download"). */
  autoDownloadUpdates: z.boolean(),
  /** Backups kept: the newest of each of this many recent days… */
  backupsKeepDaily: z.int().min(1).max(60),
  /** …and of this many weeks before them. */
  backupsKeepWeekly: z.int().min(0).max(52),
  /** The spending guard on AI jobs. */
  spendingLimits: SpendingLimits,
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings: Settings = {
  theme: 'system',
  allowWeakSecretStorage: false,
  lastSection: 'library',
  autoDownloadUpdates: true,
  backupsKeepDaily: 7,
  backupsKeepWeekly: 4,
  spendingLimits: noSpendingLimits,
};

export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/**
 * Stored settings read field by field: a valid field is kept, a missing or invalid one takes its
 * default. A file from an older version (without a newer field) or with one hand-edited mistake
 * keeps everything else the user chose. `invalid` names the fields that were present but wrong.
 */
export function readSettings(raw: unknown): { settings: Settings; invalid: string[] } {
  const stored = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...defaultSettings };
  const invalid: string[] = [];
  for (const [key, schema] of Object.entries(Settings.shape)) {
    if (!(key in stored)) continue;
    const parsed = (schema as z.ZodType).safeParse(stored[key]);
    if (parsed.success) settings[key] = parsed.data;
    else invalid.push(key);
  }
  if (raw !== undefined && stored !== raw) invalid.push('(root)');
  return { settings: settings as Settings, invalid };
}
