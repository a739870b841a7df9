import { z } from 'zod';
import { ProfileSummary } from './profile';

/** What the renderer may know about the session. Never a token, key or secret. */
export const SessionView = z.object({
  mode: z.enum(['none', 'token', 'apiKey']),
  /**
   * signed_out: nothing to send; active: requests go out; needs_sign_in: the platform ended the session;
   * api_key_expired / api_key_denied: the key must be replaced.
   */
  state: z.enum(['signed_out', 'active', 'needs_sign_in', 'api_key_expired', 'api_key_denied']),
  signedIn: z.boolean(),
  userLabel: z.string().nullable(),
  accountId: z.string().nullable(),
  /** When the current access token (or API key) expires, ISO time. */
  expiresAt: z.string().nullable(),
  /** The platform's own words when it ended or denied the session. */
  message: z.string().nullable(),
  apiKey: z
    .object({
      masked: z.string(),
      expiresAt: z.string(),
      msLeft: z.number(),
      warning: z.enum(['none', '7d', '1d', 'expired']),
    })
    .nullable(),
});
export type SessionView = z.infer<typeof SessionView>;

export const ConnectionView = z.object({
  firstRunDone: z.boolean(),
  profile: ProfileSummary,
  /** The address requests go to (the embedded sandbox's when it runs). */
  baseUrl: z.string().nullable(),
  clientIdSet: z.boolean(),
  clientSecretSet: z.boolean(),
  /** Whether requests are currently possible: signed in with a base URL. */
  ready: z.boolean(),
  /** Whether the platform answered lately (offline: it could not be reached; Atelier probes it sparingly). */
  reachable: z.enum(['online', 'offline', 'unknown']),
});
export type ConnectionView = z.infer<typeof ConnectionView>;

export const SignInInput = z
  .object({
    username: z.string().trim().min(1, 'Enter your login').max(320),
    password: z.string().min(1, 'Enter your password').max(1024),
  })
  .strict();

export const ConnectAccountInput = z
  .object({
    /** The profile that describes the platform (default: the built-in Content Creation Platform). */
    profileId: z.string().min(1).max(64).optional(),
    baseUrl: z.url({ protocol: /^https?$/, error: 'Enter the platform address, starting with https://' }),
    clientId: z.string().trim().min(1, 'Enter the client ID').max(200),
    clientSecret: z.string().min(1, 'Enter the client secret').max(1024),
  })
  .strict();

export const ApiKeyInput = z
  .object({
    // It travels in a header: printable ASCII only (anything else could never be sent).
    key: z
      .string()
      .trim()
      .min(8, 'That does not look like an API key')
      .max(4096)
      .regex(/^[\x20-\x7e]+$/, 'That does not look like an API key: it holds only letters, digits and punctuation'),
    expiresAt: z.iso.datetime({ offset: true, error: 'Enter the expiry date shown in your account' }),
  })
  .strict();
