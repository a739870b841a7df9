import { accountOf, type RequestContext } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { json, type Reply } from '../http/reply';
import { replayed } from '../http/replay';
import type { RouteDef } from '../http/router';
import { parseWith } from '../http/validate';
import { readIdempotencyKey, requestHash } from '../idempotency';
import type { Services } from '../services';
import { GROUPS, type GroupDef, withoutServerFields } from './groups';
import { listRecords } from './list';
import type { WriteOutcome } from './store';
import { expectedVersion } from './versions';

/** Runs a create under an Idempotency-Key: a retry with the same key and body gets the first response. */
export async function idempotentCreate(
  s: Services,
  ctx: RequestContext,
  scope: string,
  body: Record<string, unknown>,
  create: () => unknown,
): Promise<Reply> {
  const accountId = accountOf(ctx);
  const key = readIdempotencyKey(ctx.header('idempotency-key'));
  if (!key) return json(201, create());
  const hash = requestHash(body);
  // Lookup, create and the stored response commit together or not at all.
  return s.records.transaction(() => {
    const replay = replayed(s, accountId, scope, key, hash);
    if (replay) return replay;
    const created = create();
    s.idempotency.save(accountId, scope, key, hash, 201, created);
    return json(201, created);
  });
}

function outcomeReply(ctx: RequestContext, group: GroupDef, id: string, outcome: WriteOutcome): Reply {
  const present = ctx.dialect.records.present;
  if (outcome.kind === 'missing') throw notFound(`${group.noun} ${id} does not exist`);
  if (outcome.kind === 'gone') throw notFound(`${group.noun} ${id} was deleted`);
  if (outcome.kind === 'conflict') {
    throw new HttpError(
      409,
      'version_conflict',
      `${group.noun} ${id} is at version ${outcome.current.version}; reload it and apply the change again`,
      { current: present(outcome.current) },
    );
  }
  return json(200, present(outcome.record));
}

/** Merge patch: a field set to null is removed, any other value replaces the stored one. */
function merge(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const next = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

function groupRoutes(s: Services, group: GroupDef): RouteDef[] {
  const base = `/v2/${group.path}`;
  const write = async (ctx: RequestContext, mode: 'patch' | 'replace'): Promise<Reply> => {
    const body = await ctx.json();
    const { versionField, serverFields } = ctx.dialect.records;
    const version = expectedVersion(ctx.header('if-match'), body[versionField]);
    const fields = withoutServerFields(body, serverFields);
    if (mode === 'replace') parseWith(group.schema, fields);
    const id = ctx.params.id ?? '';
    const outcome = s.records.update(accountOf(ctx), group.path, id, version, (current) =>
      parseWith(group.schema, mode === 'replace' ? fields : merge(current.data, fields)),
    );
    return outcomeReply(ctx, group, id, outcome);
  };
  return [
    {
      method: 'POST',
      pattern: base,
      auth: 'required',
      handler: async (ctx) => {
        const body = await ctx.json();
        const fields = parseWith(group.schema, withoutServerFields(body, ctx.dialect.records.serverFields));
        return idempotentCreate(s, ctx, `POST ${base}`, body, () =>
          ctx.dialect.records.present(s.records.create(accountOf(ctx), group.path, group.idPrefix, fields)),
        );
      },
    },
    { method: 'GET', pattern: base, auth: 'required', handler: (ctx) => listRecords(s, ctx, group.path) },
    {
      method: 'GET',
      pattern: `${base}/:id`,
      auth: 'required',
      handler: (ctx) => {
        const id = ctx.params.id ?? '';
        const record = s.records.get(accountOf(ctx), group.path, id);
        if (!record) throw notFound(`${group.noun} ${id} does not exist`);
        if (record.deletedAt !== null) throw notFound(`${group.noun} ${id} was deleted`);
        return json(200, ctx.dialect.records.present(record));
      },
    },
    { method: 'PATCH', pattern: `${base}/:id`, auth: 'required', handler: (ctx) => write(ctx, 'patch') },
    { method: 'PUT', pattern: `${base}/:id`, auth: 'required', handler: (ctx) => write(ctx, 'replace') },
    {
      method: 'DELETE',
      pattern: `${base}/:id`,
      auth: 'required',
      handler: (ctx) => {
        const id = ctx.params.id ?? '';
        const versionParam = ctx.query.get(ctx.dialect.records.versionField);
        const version = expectedVersion(
          ctx.header('if-match'),
          versionParam === null ? undefined : Number(versionParam),
        );
        return outcomeReply(ctx, group, id, s.records.remove(accountOf(ctx), group.path, id, version));
      },
    },
  ];
}

export function resourceRoutes(s: Services): RouteDef[] {
  return GROUPS.flatMap((group) => groupRoutes(s, group));
}
