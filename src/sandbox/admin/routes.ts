import { z } from 'zod';
import { OPERATIONS } from '../ai/operations';
import { iso } from '../clock';
import { HttpError, notFound } from '../http/errors';
import { json } from '../http/reply';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import { faultSpecSchema } from '../faults';
import { resetStats } from '../stats';
import type { Services } from '../services';

const faultsBody = z.union([z.object({ faults: z.array(faultSpecSchema).max(100) }), faultSpecSchema]);
const expireBody = z.object({ what: z.enum(['access_tokens', 'refresh_tokens', 'api_keys']) });
const clockBody = z.object({ advance_ms: z.int().min(-1e12).max(1e12) });
const accountBody = z.object({ username: z.string().min(1).max(320), password: z.string().min(1).max(1024) });
const rateLimitBody = z.union([
  z.object({ enabled: z.literal(false) }),
  z.object({ capacity: z.int().min(1).max(1e9), refill_per_second: z.number().min(0).max(1e9) }),
]);

function rateLimitView(s: Services) {
  const current = s.rateLimiter.current();
  return current
    ? { enabled: true, capacity: current.capacity, refill_per_second: current.refillPerSecond }
    : { enabled: false };
}

const admin = (def: Omit<RouteDef, 'auth' | 'admin'>): RouteDef => ({ ...def, auth: 'none', admin: true });

/** Health, stats, faults and expiring credentials: what a test watches and breaks. */
function controlRoutes(s: Services): RouteDef[] {
  return [
    admin({
      method: 'GET',
      pattern: '/_sandbox/health',
      handler: () => json(200, { ok: true, now: iso(s.clock.now()) }),
    }),
    admin({ method: 'GET', pattern: '/_sandbox/stats', handler: () => json(200, s.stats) }),
    admin({
      method: 'POST',
      pattern: '/_sandbox/stats/reset',
      handler: () => {
        resetStats(s.stats);
        return json(200, s.stats);
      },
    }),
    admin({ method: 'GET', pattern: '/_sandbox/faults', handler: () => json(200, { faults: s.faults.list() }) }),
    admin({
      method: 'POST',
      pattern: '/_sandbox/faults',
      handler: async (ctx) => {
        const input = parseWith(faultsBody, await ctx.json());
        const specs = 'faults' in input ? input.faults : [input];
        return json(201, { faults: s.faults.set(specs) });
      },
    }),
    admin({ method: 'DELETE', pattern: '/_sandbox/faults', handler: () => json(200, { cleared: s.faults.clear() }) }),
    admin({
      method: 'DELETE',
      pattern: '/_sandbox/faults/:id',
      handler: (ctx) => {
        if (!s.faults.remove(ctx.params.id ?? '')) throw notFound(`fault ${ctx.params.id} does not exist`);
        return json(200, { removed: ctx.params.id });
      },
    }),
    admin({
      method: 'POST',
      pattern: '/_sandbox/expire',
      handler: async (ctx) => {
        const { what } = parseWith(expireBody, await ctx.json());
        const expired =
          what === 'access_tokens'
            ? s.sessions.expireAccessTokens()
            : what === 'refresh_tokens'
              ? s.sessions.expireRefreshTokens()
              : s.apiKeys.expireAll();
        return json(200, { what, expired });
      },
    }),
  ];
}

/** The clock, accounts, the rate limit and the model list: the world a test sets up. */
function worldRoutes(s: Services): RouteDef[] {
  return [
    admin({
      method: 'GET',
      pattern: '/_sandbox/clock',
      handler: () => json(200, { now: iso(s.clock.now()), offset_ms: s.clock.offset() }),
    }),
    admin({
      method: 'POST',
      pattern: '/_sandbox/clock',
      handler: async (ctx) => {
        s.clock.advance(parseWith(clockBody, await ctx.json()).advance_ms);
        return json(200, { now: iso(s.clock.now()), offset_ms: s.clock.offset() });
      },
    }),
    admin({
      method: 'POST',
      pattern: '/_sandbox/accounts',
      handler: async (ctx) => {
        const input = parseWith(accountBody, await ctx.json());
        const account = await s.accounts.create(input.username, input.password);
        if (!account) throw new HttpError(409, 'account_exists', `an account named ${input.username} already exists`);
        return json(201, account);
      },
    }),
    admin({ method: 'GET', pattern: '/_sandbox/rate-limit', handler: () => json(200, rateLimitView(s)) }),
    admin({
      method: 'PUT',
      pattern: '/_sandbox/rate-limit',
      handler: async (ctx) => {
        const input = parseWith(rateLimitBody, await ctx.json());
        s.rateLimiter.configure(
          'capacity' in input ? { capacity: input.capacity, refillPerSecond: input.refill_per_second } : false,
        );
        return json(200, rateLimitView(s));
      },
    }),
    admin({
      method: 'GET',
      pattern: '/_sandbox/models',
      handler: () =>
        json(200, {
          operations: Object.fromEntries(
            Object.entries(OPERATIONS).map(([name, op]) => [
              name,
              {
                input: op.input,
                output: op.output,
                models: Object.entries(op.models).map(([id, description]) => ({ id, description })),
              },
            ]),
          ),
        }),
    }),
  ];
}

/** Sandbox-only controls so a test in another process can drive the sandbox; never faulted or rate limited. */
export function adminRoutes(s: Services): RouteDef[] {
  return [...controlRoutes(s), ...worldRoutes(s)];
}
