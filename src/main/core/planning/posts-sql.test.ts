import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { RecordStore } from '../store/record-store';
import { countLivePosts, PostsSql } from './posts-sql';

function setup() {
  const { db } = openDatabase(':memory:', defaultMigrationsDir);
  const store = new RecordStore(db, () => 1_000);
  const post = (fields: Record<string, unknown>, account = 'acct') =>
    store.create('posts', account, { text: 'hello', ...fields }).id;
  const queued = (fields: Record<string, unknown>) =>
    store.create('mediaQueue', 'acct', { asset_id: 'x', ...fields }).id;
  return { db, store, posts: new PostsSql(db), post, queued };
}

describe('PostsSql', () => {
  it('reads scheduled posts by instant, whatever the offset their time is written with', () => {
    const { posts, post } = setup();
    const a = post({ scheduled_at: '2026-01-01T10:00:00+01:00' });
    post({ scheduled_at: '2026-01-01T10:00:00Z' });
    post({}); // no time
    const rows = posts.scheduledBetween('acct', Date.parse('2026-01-01T09:00:00Z'), Date.parse('2026-01-01T09:00:01Z'));
    expect(rows.map((r) => [r.group, r.id, r.ms])).toEqual([['posts', a, Date.parse('2026-01-01T09:00:00Z')]]);
    expect(posts.scheduledOne(a)?.fields.text).toBe('hello');
  });

  it('finds scheduled posts with the same start of text', () => {
    const { posts, post } = setup();
    const a = post({ text: 'Same start', scheduled_at: '2026-01-01T10:00:00Z' });
    const b = post({ text: '  Same start ', scheduled_at: '2026-02-01T10:00:00Z' });
    post({ text: 'Else', scheduled_at: '2026-02-01T10:00:00Z' });
    expect(
      posts
        .scheduledLike('acct', [a])
        .map((r) => r.id)
        .sort(),
    ).toEqual([a, b].sort());
    expect(posts.scheduledLike('acct', [])).toEqual([]);
  });

  it('counts unscheduled posts by channel and among given ids, and lists channels of posts and queue items', () => {
    const { db, posts, post, queued } = setup();
    const a = post({ channel: 'Blog' });
    post({ channel: 'blog' });
    post({ channel: 'Shop', scheduled_at: '2026-01-01T10:00:00Z' });
    queued({ channel: ' Radio ' });
    expect(posts.unscheduledCount('acct', undefined, null)).toBe(2);
    expect(posts.unscheduledCount('acct', 'BLOG', [a])).toBe(1);
    expect(posts.unscheduledCount('acct', 'shop', null)).toBe(0);
    expect(posts.channels('acct')).toEqual(['Blog', 'blog', 'Radio', 'Shop']);
    expect(countLivePosts(db)).toBe(3);
  });
});
