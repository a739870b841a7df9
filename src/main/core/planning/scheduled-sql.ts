import type { Db } from '../db/open';
import { QueueSql } from './media-queue-sql';
import { PostsSql } from './posts-sql';
import type { ScheduledGroup, ScheduledRow } from './scheduled-rows';

export type { ScheduledGroup, ScheduledRow } from './scheduled-rows';

/** The planner's reads of scheduled posts and queue items by instant, from the two tables' owners. */
export class Scheduled {
  private readonly posts: PostsSql;
  private readonly queue: QueueSql;

  constructor(db: Db) {
    this.posts = new PostsSql(db);
    this.queue = new QueueSql(db);
  }

  /** Live scheduled posts and queue items of an account whose instant is in [fromMs, toMs), in time order. */
  between(account: string, fromMs: number, toMs: number): ScheduledRow[] {
    const rows = [
      ...this.posts.scheduledBetween(account, fromMs, toMs),
      ...this.queue.scheduledBetween(account, fromMs, toMs),
    ];
    return rows.sort((a, b) => a.ms - b.ms || a.id.localeCompare(b.id));
  }

  /** Scheduled live posts that start with the same trimmed text as one of `postIds` (duplicate candidates). */
  postsLike(account: string, postIds: string[]): ScheduledRow[] {
    return this.posts.scheduledLike(account, postIds);
  }

  /** One scheduled record by id (null when it has no usable time). */
  one(group: ScheduledGroup, id: string): ScheduledRow | null {
    return group === 'posts' ? this.posts.scheduledOne(id) : this.queue.scheduledOne(id);
  }
}
