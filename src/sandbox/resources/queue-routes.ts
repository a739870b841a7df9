import { z } from 'zod';
import { accountOf } from '../http/context';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import type { Services } from '../services';
import { QUEUE_GROUP, withoutServerFields } from './groups';
import { listRecords } from './list';
import { idempotentCreate } from './routes';

const MAX_ITEMS_PER_ADD = 100;

const addBody = z.object({
  items: z.array(z.object({}).loose()).min(1).max(MAX_ITEMS_PER_ADD),
});

/**
 * The media queue: only "add items" and "receive the queue", as the platform names them. Every
 * dialect adds with {items:[…]} and answers under the same field (what a profile's itemsField
 * means); the list is in the dialect's naming like any other group.
 */
export function queueRoutes(s: Services): RouteDef[] {
  const base = `/v2/${QUEUE_GROUP.path}`;
  return [
    {
      method: 'POST',
      pattern: base,
      auth: 'required',
      handler: async (ctx) => {
        const body = await ctx.json();
        const items = parseWith(addBody, body).items.map((item, i) =>
          parseWith(QUEUE_GROUP.schema, withoutServerFields(item, ctx.dialect.records.serverFields), `items.${i}`),
        );
        const accountId = accountOf(ctx);
        return idempotentCreate(s, ctx, `POST ${base}`, body, () =>
          s.records.transaction(() => {
            // Positions continue after every item ever added, so the order survives pulls.
            const first = s.records.count(accountId, QUEUE_GROUP.path) + 1;
            return {
              items: items.map((item, i) =>
                ctx.dialect.records.present(
                  s.records.create(accountId, QUEUE_GROUP.path, QUEUE_GROUP.idPrefix, { ...item, position: first + i }),
                ),
              ),
            };
          }),
        );
      },
    },
    { method: 'GET', pattern: base, auth: 'required', handler: (ctx) => listRecords(s, ctx, QUEUE_GROUP.path) },
  ];
}
