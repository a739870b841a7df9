/** The planner's reads by time and by text stay on indexes (the calendar and the reminders run them often). */
import { describe, expect, it, vi } from 'vitest';
import { harnesses } from '../../../../test/support/core-with-sandbox';
import { Statements } from '../db/statements';
import { Scheduled } from './scheduled-sql';
import { make } from './test-kit';

const harness = harnesses();

describe('scheduled reads', () => {
  it("find posts and queue items by instant, and posts by their trimmed text's start, through indexes", async () => {
    const h = await harness();
    const { db } = h.core;
    const account = h.core.workspace.account();
    const a = make(h, 'posts', {
      text: ' \u2003Same start, then one thing',
      scheduled_at: '2026-01-01T10:00:00+01:00',
    });
    const b = make(h, 'posts', { text: 'Same start, then one thing\u3000', scheduled_at: '2026-02-01T09:00:00Z' });
    make(h, 'posts', { text: 'Something else', scheduled_at: '2026-02-01T09:00:00Z' });
    make(h, 'posts', { text: 'Same start, then one thing' }); // not scheduled

    const texts: string[] = [];
    const sql = vi.spyOn(Statements.prototype, 'sql');
    const scheduled = new Scheduled(db);
    expect(
      scheduled
        .postsLike(account, [a])
        .map((r) => r.id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(
      scheduled
        .between(account, Date.parse('2026-01-01T09:00:00Z'), Date.parse('2026-01-01T09:00:01Z'))
        .map((r) => r.id),
    ).toEqual([a]);

    texts.push(...sql.mock.calls.map(([text]) => text));
    sql.mockRestore();
    const plans = texts.flatMap((text) => {
      const params = Array.from({ length: text.split('?').length - 1 }, () => null);
      return (db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    });
    const searches = plans.filter((p) => /^(SCAN|SEARCH) (posts|p|media_queue)\b/.test(p));
    expect(searches).toEqual([
      expect.stringMatching(/^SEARCH posts USING INDEX sqlite_autoindex_posts_1/),
      expect.stringMatching(/^SEARCH p USING INDEX posts_text_head/),
      expect.stringMatching(/^SEARCH posts USING INDEX posts_scheduled_at/),
      expect.stringMatching(/^SEARCH media_queue USING INDEX media_queue_scheduled_at/),
    ]);
  });
});
