import { z } from 'zod';
import { accountOf } from '../http/context';
import { badRequest, notFound } from '../http/errors';
import { json } from '../http/reply';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import type { Services } from '../services';
import { describeKey } from './api-keys';

const MAX_KEY_LIFETIME_MS = 5 * 366 * 24 * 60 * 60 * 1000;

const createBody = z.object({
  name: z.string().min(1).max(200).optional(),
  expires_at: z.iso.datetime({ offset: true }).optional(),
});

/** Stands in for the account's "API Key section": the platform creates keys there, not over its API. */
export function apiKeyRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'POST',
      pattern: '/account/api-keys',
      auth: 'access_token',
      handler: async (ctx) => {
        const input = parseWith(createBody, await ctx.json({ allowEmpty: true }));
        const at = s.clock.now();
        const expiresAt = input.expires_at ? Date.parse(input.expires_at) : at + s.options.apiKeyDefaultTtlMs;
        if (expiresAt <= at) throw badRequest('expires_at must be in the future');
        if (expiresAt > at + MAX_KEY_LIFETIME_MS) throw badRequest('expires_at may be at most 5 years ahead');
        const { key, row } = s.apiKeys.create(accountOf(ctx), input.name ?? 'API key', expiresAt);
        return json(201, { ...describeKey(row, at), key });
      },
    },
    {
      method: 'GET',
      pattern: '/account/api-keys',
      auth: 'access_token',
      handler: (ctx) => {
        const at = s.clock.now();
        return json(200, { items: s.apiKeys.list(accountOf(ctx)).map((row) => describeKey(row, at)) });
      },
    },
    {
      method: 'DELETE',
      pattern: '/account/api-keys/:id',
      auth: 'access_token',
      handler: (ctx) => {
        const accountId = accountOf(ctx);
        const id = ctx.params.id ?? '';
        if (!s.apiKeys.get(accountId, id)) throw notFound(`API key ${id} does not exist`);
        s.apiKeys.revoke(accountId, id);
        return json(200, describeKey(s.apiKeys.get(accountId, id)!, s.clock.now()));
      },
    },
  ];
}
