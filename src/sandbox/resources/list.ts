import { accountOf, type RequestContext } from '../http/context';
import { badRequest } from '../http/errors';
import { json, type Reply } from '../http/reply';
import type { Services } from '../services';
import { formatCursor, parseCursor, parseLimit, parseSince } from './cursor';

/**
 * GET list: without the since parameter, live records page by page (cursor parameter); with it,
 * the change feed including tombstones. The next cursor, once there is no more, is where the next
 * pull starts. Parameter and field names are the dialect's.
 */
export function listRecords(s: Services, ctx: RequestContext, group: string): Reply {
  const names = ctx.dialect.records;
  const { since: sinceName, cursor: cursorName, limit: limitName } = names.params;
  const since = ctx.query.get(sinceName);
  const cursor = ctx.query.get(cursorName);
  if (since !== null && cursor !== null) {
    throw badRequest(`send either ${sinceName} (change feed) or ${cursorName} (next page), not both`);
  }
  const limit = parseLimit(ctx.query.get(limitName), limitName);
  const page = s.records.list(accountOf(ctx), group, {
    ...(since !== null && { since: parseSince(since, sinceName, names.nextCursorName) }),
    ...(cursor !== null && { after: parseCursor(cursor, cursorName, names.nextCursorName).seq }),
    limit,
    includeDeleted: since !== null,
  });
  const last = page.records[page.records.length - 1];
  const next = page.hasMore && last ? last.seq : page.head;
  return json(
    200,
    names.page({ items: page.records.map(names.present), next: formatCursor(next), hasMore: page.hasMore }),
  );
}
