import type { Db } from '../db/open';
import { Statements } from '../db/statements';

/** Live content plans in a database: the figure a backup reports. */
export const LIVE_PLANS_SQL = 'SELECT count(*) FROM content_plans WHERE deleted = 0';

/** Live content plans in a database (a backup copy, say); throws when it has no content_plans table. */
export function countLivePlans(db: Db): number {
  return Number(db.prepare<[], number>(LIVE_PLANS_SQL).pluck().get() ?? 0);
}

/** The content_plans table's own reads: the one module holding SQL that names it. */
export class PlansSql {
  private readonly s: Statements;

  constructor(db: Db) {
    this.s = new Statements(db);
  }

  /** The live plans of the account that list each of `postIds`, oldest plan first. */
  plansOfPosts(account: string, postIds: string[]): Map<string, string[]> {
    const out = new Map<string, string[]>();
    if (postIds.length === 0) return out;
    const rows = this.s
      .sql<[string, string], { post: string; plan: string }>(
        `SELECT DISTINCT j.value AS post, c.id AS plan FROM content_plans c, json_each(c.data, '$.post_ids') j
         WHERE c.account_id = ? AND c.deleted = 0 AND j.value IN (SELECT value FROM json_each(?))
         ORDER BY c.created_at, c.id`,
      )
      .all(account, JSON.stringify(postIds));
    for (const { post, plan } of rows) out.set(post, [...(out.get(post) ?? []), plan]);
    return out;
  }
}
