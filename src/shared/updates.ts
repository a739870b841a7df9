import { z } from 'zod';

// The application update, as the renderer sees it. Desktop builds run electron-updater behind it;
// development builds and browser mode report `disabled` with the reason.

const checkedAt = { lastCheckedAt: z.string().nullable() };

/** Where the update is: idle → checking → available → downloading → ready, or up-to-date, or error. */
export const UpdateStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('disabled'), reason: z.string() }),
  z.object({ state: z.literal('idle'), ...checkedAt }),
  z.object({ state: z.literal('checking'), ...checkedAt }),
  /** A newer version exists and waits for the user's "Download" (automatic download is off). */
  z.object({ state: z.literal('available'), version: z.string(), ...checkedAt }),
  z.object({ state: z.literal('downloading'), version: z.string(), percent: z.number().min(0).max(100), ...checkedAt }),
  /** Downloaded and verified: installs when Atelier quits, or now on "Restart to update". */
  z.object({ state: z.literal('ready'), version: z.string(), message: z.string().nullable(), ...checkedAt }),
  z.object({ state: z.literal('up-to-date'), ...checkedAt }),
  /** The check, download or verification failed; the current version keeps running. */
  z.object({ state: z.literal('error'), message: z.string(), ...checkedAt }),
]);
export type UpdateStatus = z.infer<typeof UpdateStatus>;
export type UpdateState = UpdateStatus['state'];
