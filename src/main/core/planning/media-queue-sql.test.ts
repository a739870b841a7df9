import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { RecordStore } from '../store/record-store';
import { countLiveQueueItems, QueueSql } from './media-queue-sql';

describe('QueueSql', () => {
  it('lists live items by our order, then by the platform’s position, and reads them by instant', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    const store = new RecordStore(db, () => 1_000);
    const add = (fields: Record<string, unknown>) =>
      store.create('mediaQueue', 'acct', { asset_id: 'x', ...fields }).id;
    const second = add({ order: 2, scheduled_at: '2026-03-01T12:00:00+02:00' });
    const first = add({ order: 1 });
    const unordered = add({});
    const gone = add({ order: 0 });
    store.remove('mediaQueue', 'acct', gone);
    const queue = new QueueSql(db);
    expect(queue.ordered('acct').map((r) => r.id)).toEqual([first, second, unordered]);
    expect(queue.ordered('acct')[0]).toMatchObject({
      sync_state: 'pending',
      data: expect.stringContaining('"order":1'),
    });
    const at = Date.parse('2026-03-01T10:00:00Z');
    expect(queue.scheduledBetween('acct', at, at + 1).map((r) => [r.group, r.id])).toEqual([['mediaQueue', second]]);
    expect(queue.scheduledOne(second)?.ms).toBe(at);
    expect(queue.scheduledOne(first)).toBeNull();
    expect(countLiveQueueItems(db)).toBe(3);
  });
});
