import { accountOf, type RequestContext } from '../http/context';
import { badRequest } from '../http/errors';
import { json, type Reply } from '../http/reply';
import type { Services } from '../services';
import { formatCursor, parseCursor, parseLimit, parseSince } from './cursor';
import { present } from './present';

/**
 * GET list: without since, live records page by page (cursor=); with since=, the change feed
 * including tombstones. next_cursor, once has_more is false, is where the next pull starts.
 */
export function listRecords(s: Services, ctx: RequestContext, group: string): Reply {
  const since = ctx.query.get('since');
  const cursor = ctx.query.get('cursor');
  if (since !== null && cursor !== null) throw badRequest('send either since (change feed) or cursor (next page), not both');
  const limit = parseLimit(ctx.query.get('limit'));
  const page = s.records.list(accountOf(ctx), group, {
    ...(since !== null && { since: parseSince(since) }),
    ...(cursor !== null && { after: parseCursor(cursor, 'cursor').seq }),
    limit,
    includeDeleted: since !== null,
  });
  const last = page.records[page.records.length - 1];
  const next = page.hasMore && last ? last.seq : page.head;
  return json(200, {
    items: page.records.map(present),
    next_cursor: formatCursor(next),
    has_more: page.hasMore,
  });
}
