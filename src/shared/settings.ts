import { z } from 'zod';

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
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings: Settings = {
  theme: 'system',
  allowWeakSecretStorage: false,
  lastSection: 'library',
  autoDownloadUpdates: true,
  backupsKeepDaily: 7,
  backupsKeepWeekly: 4,
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
