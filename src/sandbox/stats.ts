// Live counters for client tests: what the sandbox saw, not what the client believes happened.

export interface SandboxStats {
  /** Every request received, admin requests included. */
  requests: number;
  /** Requests per route, keyed "METHOD /pattern" (e.g. "GET /v2/assets/:id"); unmatched paths under "unmatched". */
  byRoute: Record<string, number>;
  /** Responses per status code ("200", "401", …); dropped and hung requests have none. */
  byStatus: Record<string, number>;
  logins: number;
  loginFailures: number;
  validations: number;
  refreshCalls: number;
  refreshSucceeded: number;
  refreshRefused: number;
  /** Token families revoked because a used refresh token came back. */
  familiesRevoked: number;
  /** Requests refused with 401 for a missing, invalid or expired credential. */
  denied: number;
  rateLimited: number;
  faultsInjected: number;
  /** Requests whose client went away before the response was sent. */
  aborted: number;
  /** AI operations that actually ran to completion (replays excluded). */
  aiGenerations: number;
  /** AI operations stopped because their client went away. */
  aiCancelled: number;
  /** Responses served from an Idempotency-Key instead of doing the work again. */
  idempotentReplays: number;
  /** Asynchronous AI jobs created (a submission replayed by its Idempotency-Key creates none). */
  aiSubmissions: number;
  /** Per asynchronous job: POSTs answered with it (the first and every replay) and polls of it. */
  aiJobs: Record<string, AiJobCounts>;
}

export interface AiJobCounts {
  operation: string;
  posts: number;
  polls: number;
}

export function createStats(): SandboxStats {
  return {
    requests: 0,
    byRoute: {},
    byStatus: {},
    logins: 0,
    loginFailures: 0,
    validations: 0,
    refreshCalls: 0,
    refreshSucceeded: 0,
    refreshRefused: 0,
    familiesRevoked: 0,
    denied: 0,
    rateLimited: 0,
    faultsInjected: 0,
    aborted: 0,
    aiGenerations: 0,
    aiCancelled: 0,
    idempotentReplays: 0,
    aiSubmissions: 0,
    aiJobs: {},
  };
}

/** Zeroes the counters in place so references held by tests stay live. */
export function resetStats(stats: SandboxStats): void {
  Object.assign(stats, createStats());
}

export function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}
