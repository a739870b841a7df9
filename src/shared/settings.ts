import { z } from 'zod';

/** Non-secret preferences. Secrets never live here. */
export const Settings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  /** The user agreed to keep refresh tokens with weak (non-OS) protection on this machine. */
  allowWeakSecretStorage: z.boolean(),
  /** Section shown at start. */
  lastSection: z.enum(['library', 'studio', 'planner', 'sync', 'settings']),
});
export type Settings = z.infer<typeof Settings>;

export const defaultSettings: Settings = {
  theme: 'system',
  allowWeakSecretStorage: false,
  lastSection: 'library',
};

export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;
