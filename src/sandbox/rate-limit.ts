import type { RateLimitOptions } from './options';

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterS: number };

/** Token buckets keyed by credential; refill is computed from the sandbox clock on each request. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private settings: RateLimitOptions | false,
    private readonly now: () => number,
  ) {}

  configure(settings: RateLimitOptions | false): void {
    this.settings = settings;
    this.buckets.clear();
  }

  current(): RateLimitOptions | false {
    return this.settings;
  }

  take(key: string): RateDecision {
    const settings = this.settings;
    if (!settings) return { ok: true, remaining: Number.POSITIVE_INFINITY };
    const at = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: settings.capacity, at };
    const elapsed = Math.max(0, at - bucket.at) / 1000;
    bucket.tokens = Math.min(settings.capacity, bucket.tokens + elapsed * settings.refillPerSecond);
    bucket.at = at;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true, remaining: Math.floor(bucket.tokens) };
    }
    const missing = 1 - bucket.tokens;
    const retryAfterS =
      settings.refillPerSecond > 0 ? Math.max(1, Math.ceil(missing / settings.refillPerSecond)) : 3600;
    return { ok: false, retryAfterS };
  }
}
