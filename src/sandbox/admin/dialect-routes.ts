import { z } from 'zod';
import { DIALECTS, DIALECT_NAMES, isDialectName, unknownDialectMessage } from '../dialects/registry';
import { badRequest } from '../http/errors';
import { json } from '../http/reply';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import type { Services } from '../services';

const dialectBody = z.object({ dialect: z.string().min(1).max(100) });

function dialectView(s: Services) {
  return {
    dialect: s.dialects.name(),
    summary: s.dialects.current().summary,
    dialects: DIALECT_NAMES.map((name) => ({ name, summary: DIALECTS[name].summary })),
  };
}

/** The dialect switch: which reading of the platform the next request is answered in. */
export function dialectRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'GET',
      pattern: '/_sandbox/dialect',
      auth: 'none',
      admin: true,
      handler: () => json(200, dialectView(s)),
    },
    {
      method: 'PUT',
      pattern: '/_sandbox/dialect',
      auth: 'none',
      admin: true,
      handler: async (ctx) => {
        const { dialect } = parseWith(dialectBody, await ctx.json());
        if (!isDialectName(dialect)) throw badRequest(unknownDialectMessage(dialect));
        s.dialects.set(dialect);
        return json(200, dialectView(s));
      },
    },
  ];
}
