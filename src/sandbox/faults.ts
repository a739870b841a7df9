import { z } from 'zod';
import { randomBytes } from 'node:crypto';

/** What a matching request suffers. */
export const FAULT_KINDS = ['latency', 'error', 'drop', 'malformed', 'html', 'hang', 'rate_limit'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultSpecSchema = z
  .object({
    /** Exact path, or a prefix when match is "prefix" or the path ends with "*". */
    path: z.string().min(1).max(2000).startsWith('/'),
    match: z.enum(['exact', 'prefix']).optional(),
    /** HTTP method, or "*" (the default) for any. */
    method: z.string().min(1).max(16).optional(),
    kind: z.enum(FAULT_KINDS),
    /** Delay before the fault acts; required for "latency". */
    latencyMs: z.int().min(0).max(600_000).optional(),
    /** Status for "error" (default 500) and "html" (default 502). */
    status: z.int().min(400).max(599).optional(),
    /** Retry-After seconds for "rate_limit" (default 1). */
    retryAfterS: z.int().min(0).max(86_400).optional(),
    /** How many matching requests it affects before it disappears; omitted means until cleared. */
    count: z.int().min(1).max(1_000_000).optional(),
  })
  .refine((spec) => spec.kind !== 'latency' || spec.latencyMs !== undefined, {
    message: 'a latency fault needs latencyMs',
    path: ['latencyMs'],
  });

export type FaultSpec = z.input<typeof faultSpecSchema>;

export interface FaultRule {
  id: string;
  path: string;
  match: 'exact' | 'prefix';
  method: string;
  kind: FaultKind;
  latencyMs: number;
  status: number;
  retryAfterS: number;
  /** Matching requests still to affect; null means unlimited. */
  remaining: number | null;
  /** Requests affected so far. */
  hits: number;
}

function toRule(spec: FaultSpec): FaultRule {
  const parsed = faultSpecSchema.parse(spec);
  const star = parsed.path.endsWith('*');
  return {
    id: `flt_${randomBytes(6).toString('hex')}`,
    path: star ? parsed.path.slice(0, -1) : parsed.path,
    match: star ? 'prefix' : (parsed.match ?? 'exact'),
    method: (parsed.method ?? '*').toUpperCase(),
    kind: parsed.kind,
    latencyMs: parsed.latencyMs ?? 0,
    status: parsed.status ?? (parsed.kind === 'html' ? 502 : parsed.kind === 'rate_limit' ? 429 : 500),
    retryAfterS: parsed.retryAfterS ?? 1,
    remaining: parsed.count ?? null,
    hits: 0,
  };
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method !== '*' && rule.method !== method) return false;
  return rule.match === 'exact' ? rule.path === path : path.startsWith(rule.path);
}

/** Per-route fault switches; the first matching rule wins and spends one of its count. */
export class FaultController {
  private rules: FaultRule[] = [];

  /** Adds rules; a rule replaces an existing one with the same method, path and match. */
  set(specs: FaultSpec | FaultSpec[]): FaultRule[] {
    const added = (Array.isArray(specs) ? specs : [specs]).map(toRule);
    for (const rule of added) {
      this.rules = this.rules.filter(
        (r) => !(r.method === rule.method && r.path === rule.path && r.match === rule.match),
      );
      this.rules.push(rule);
    }
    return added.map((rule) => ({ ...rule }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): number {
    const count = this.rules.length;
    this.rules = [];
    return count;
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /** The rule to apply to this request, if any, with its count spent. */
  take(method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find((r) => matches(r, method, path));
    if (!rule) return undefined;
    rule.hits++;
    if (rule.remaining !== null) {
      rule.remaining--;
      if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    }
    return { ...rule };
  }
}
