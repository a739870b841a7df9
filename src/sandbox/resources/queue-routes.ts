import { z } from 'zod';
import { accountOf } from '../http/context';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import type { Services } from '../services';
import { QUEUE_GROUP, withoutServerFields } from './groups';
import { listRecords } from './list';
import { present } from './present';
import { idempotentCreate } from './routes';

const MAX_ITEMS_PER_ADD = 100;

const addBody = z.object({
  items: z.array(z.object({}).loose()).min(1).max(MAX_ITEMS_PER_ADD),
});

/** The media queue: only "add items" and "receive the queue", as the platform names them. */
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
          parseWith(QUEUE_GROUP.schema, withoutServerFields(item), `items.${i}`),
        );
        const accountId = accountOf(ctx);
        return idempotentCreate(s, ctx, `POST ${base}`, body, () =>
          s.records.transaction(() => {
            // Positions continue after every item ever added, so the order survives pulls.
            const first = s.records.count(accountId, QUEUE_GROUP.path) + 1;
            return {
              items: items.map((item, i) =>
                present(s.records.create(accountId, QUEUE_GROUP.path, QUEUE_GROUP.idPrefix, { ...item, position: first + i })),
              ),
            };
          }),
        );
      },
    },
    { method: 'GET', pattern: base, auth: 'required', handler: (ctx) => listRecords(s, ctx, QUEUE_GROUP.path) },
  ];
}
