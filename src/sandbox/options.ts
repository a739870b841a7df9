import type { AiOperation } from './ai/operation-names';
import { DEFAULT_DIALECT, isDialectName, unknownDialectMessage, type DialectName } from './dialects/registry';
import type { FaultSpec } from './faults';

export interface RateLimitOptions {
  /** Requests a credential may make in a burst. */
  capacity: number;
  /** Requests added back to the bucket per second. */
  refillPerSecond: number;
}

export interface SandboxOptions {
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Folder for the SQLite database; omitted means everything stays in memory. */
  dataDir?: string;
  /** Clock in epoch milliseconds; tests pass their own to control expiry. */
  now?: () => number;
  /** Which reading of the platform to speak (default "standard"); the admin switch changes it later. */
  dialect?: DialectName;
  /** Access token lifetime (default: the dialect's, 15 minutes in the standard one). */
  accessTokenTtlMs?: number;
  /** Refresh token lifetime (default 30 days). */
  refreshTokenTtlMs?: number;
  /** How long a used refresh token may be presented again without revoking its family (default 0). */
  refreshReuseGraceMs?: number;
  /** Lifetime of an API key created without an expiration date (default 90 days). */
  apiKeyDefaultTtlMs?: number;
  /** Delay added to every non-admin request (default 0). */
  requestLatencyMs?: number;
  /** Minimum duration of AI operations: one number for all, or per operation. */
  aiLatencyMs?: number | Partial<Record<AiOperation, number>>;
  /** Per-credential rate limit, or false to switch it off. */
  rateLimit?: RateLimitOptions | false;
  /** Request body limits in bytes. */
  bodyLimits?: { aiBytes?: number; otherBytes?: number };
  /** Faults active from the start. */
  faults?: FaultSpec[];
  /** Accounts created in addition to the demo account. */
  accounts?: { username: string; password: string }[];
  /** ffmpeg and ffprobe executables (default: FFMPEG_PATH / FFPROBE_PATH, then PATH). */
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Receives one line per unexpected server error. */
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  port: number;
  dataDir: string | null;
  now: () => number;
  dialect: DialectName;
  /** null: the dialect in use decides. */
  accessTokenTtlMs: number | null;
  refreshTokenTtlMs: number;
  refreshReuseGraceMs: number;
  apiKeyDefaultTtlMs: number;
  requestLatencyMs: number;
  aiLatencyMs: Record<AiOperation, number>;
  rateLimit: RateLimitOptions | false;
  bodyLimits: { aiBytes: number; otherBytes: number };
  faults: FaultSpec[];
  accounts: { username: string; password: string }[];
  ffmpegPath: string;
  ffprobePath: string;
  log: (line: string) => void;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Defaults: video work takes seconds so progress and cancellation can be seen. */
export const DEFAULT_AI_LATENCY_MS: Record<AiOperation, number> = {
  image2image: 400,
  image2text: 300,
  image2video: 3000,
  text2image: 400,
  text2video: 3000,
  video2text: 1500,
  video2video: 3000,
  wave2text: 500,
};

/** Generous enough that normal use never meets it. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 1000, refillPerSecond: 200 };

export const DEFAULT_BODY_LIMITS = { aiBytes: 64 * 1024 * 1024, otherBytes: 1024 * 1024 };

function aiLatency(value: SandboxOptions['aiLatencyMs']): Record<AiOperation, number> {
  if (typeof value === 'number') {
    const all = { ...DEFAULT_AI_LATENCY_MS };
    for (const key of Object.keys(all) as AiOperation[]) all[key] = value;
    return all;
  }
  return { ...DEFAULT_AI_LATENCY_MS, ...value };
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  if (options.dialect !== undefined && !isDialectName(options.dialect))
    throw new Error(unknownDialectMessage(options.dialect));
  return {
    port: options.port ?? 0,
    dataDir: options.dataDir ?? null,
    now: options.now ?? Date.now,
    dialect: options.dialect ?? DEFAULT_DIALECT,
    accessTokenTtlMs: options.accessTokenTtlMs ?? null,
    refreshTokenTtlMs: options.refreshTokenTtlMs ?? 30 * DAY,
    refreshReuseGraceMs: options.refreshReuseGraceMs ?? 0,
    apiKeyDefaultTtlMs: options.apiKeyDefaultTtlMs ?? 90 * DAY,
    requestLatencyMs: options.requestLatencyMs ?? 0,
    aiLatencyMs: aiLatency(options.aiLatencyMs),
    rateLimit: options.rateLimit === undefined ? { ...DEFAULT_RATE_LIMIT } : options.rateLimit,
    bodyLimits: { ...DEFAULT_BODY_LIMITS, ...options.bodyLimits },
    faults: options.faults ?? [],
    accounts: options.accounts ?? [],
    ffmpegPath: options.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg',
    ffprobePath: options.ffprobePath ?? process.env.FFPROBE_PATH ?? 'ffprobe',
    log: options.log ?? ((line) => process.stderr.write(`[sandbox] ${line}\n`)),
  };
}
