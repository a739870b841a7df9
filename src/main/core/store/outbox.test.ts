import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { migrationsDir } from '../db/migrations-dir';
import { Outbox, failedMessageSql, noEntrySql, pendingCountSql, savedEntries } from './outbox';

function setup(start = 1_000) {
  const { db } = openDatabase(':memory:', migrationsDir);
  let now = start;
  const outbox = new Outbox(db, () => now);
  return { db, outbox, tick: (ms: number) => (now += ms), at: () => now };
}

const seqs = (outbox: Outbox, record: string) => outbox.entries(record).map((e) => e.seq);

describe('Outbox', () => {
  it('enqueues creates, folds untried updates into them, and appends after a freeze', () => {
    const { outbox } = setup();
    outbox.created('a1', 'posts', 'r1', { text: 'one' });
    outbox.updated('a1', 'posts', 'r1', { text: 'two', status: 'ready' });
    outbox.updated('a1', 'posts', 'r1', {});
    expect(outbox.entries('r1')).toMatchObject([
      { op: 'create', payload: JSON.stringify({ text: 'two', status: 'ready' }) },
    ]);
    outbox.markSent(seqs(outbox, 'r1'));
    outbox.updated('a1', 'posts', 'r1', { status: null });
    expect(outbox.entries('r1').map((e) => [e.op, e.payload])).toEqual([
      ['create', JSON.stringify({ text: 'two', status: 'ready' })],
      ['update', JSON.stringify({ status: null })],
    ]);
    expect(outbox.hasEntries('r1')).toBe(true);
    expect(outbox.hasEntries('r2')).toBe(false);
  });

  it('a delete before the platform got the record clears it; after, it drops untried updates and appends', () => {
    const { outbox } = setup();
    outbox.created('a1', 'posts', 'gone', {});
    expect(outbox.deleted('a1', 'posts', 'gone', false)).toBe(false);
    expect(outbox.entries('gone')).toEqual([]);

    outbox.updated('a1', 'posts', 'known', { text: 'x' });
    expect(outbox.deleted('a1', 'posts', 'known', true)).toBe(true);
    expect(outbox.entries('known').map((e) => e.op)).toEqual(['delete']);
    expect(outbox.cancelDelete('known')).toBe(true);
    expect(outbox.entries('known')).toEqual([]);
    expect(outbox.cancelDelete('known')).toBe(false);
  });

  it('hands out the first due entry of each record per account and group, oldest first', () => {
    const { outbox, at, tick } = setup();
    outbox.created('a1', 'posts', 'r1', { n: 1 });
    outbox.markSent(seqs(outbox, 'r1'));
    outbox.updated('a1', 'posts', 'r1', { n: 2 });
    outbox.created('a1', 'assets', 'r2', {});
    outbox.created('a2', 'posts', 'r3', {});
    const [r2] = outbox.entries('r2');
    outbox.recordAttempt(r2?.seq ?? 0, 'pending', 'later', at() + 5_000, true);
    expect(outbox.dueHeads('a1', ['posts', 'assets'], at(), 10).map((e) => [e.record_id, e.op])).toEqual([
      ['r1', 'create'],
    ]);
    expect(outbox.nextDueAt('a1', ['posts', 'assets'])).toBe(0);
    expect(outbox.nextDueAt('a1', ['assets'])).toBe(at() + 5_000);
    expect(outbox.nextDueAt('a1', [])).toBeNull();
    expect(outbox.pendingCount('a1', ['posts', 'assets'])).toBe(3);
    expect(outbox.pendingCount('a1', [])).toBe(0);
    tick(5_000);
    expect(outbox.dueHeads('a1', ['posts', 'assets'], at(), 1).map((e) => e.record_id)).toEqual(['r1']);
    expect(outbox.dueHeads('a1', ['assets'], at(), 10).map((e) => e.record_id)).toEqual(['r2']);
  });

  it('records attempts, sets aside, requeues, holds for a conflict and counts per state and group', () => {
    const { outbox } = setup();
    outbox.created('a1', 'posts', 'r1', {});
    outbox.created('a1', 'posts', 'r2', {});
    outbox.created('a1', 'assets', 'r3', {});
    const seq = (r: string) => outbox.entries(r)[0]?.seq ?? 0;
    outbox.recordAttempt(seq('r1'), 'failed', 'refused', 0, true);
    outbox.holdForConflict('r3');
    expect(outbox.get(seq('r1'))).toMatchObject({ state: 'failed', last_error: 'refused', attempts: 1 });
    expect(outbox.get(seq('r3'))?.state).toBe('conflict');
    expect(outbox.countsByGroup('a1')).toEqual(
      expect.arrayContaining([
        { grp: 'posts', pending: 1, failed: 1 },
        { grp: 'assets', pending: 0, failed: 0 },
      ]),
    );
    expect(outbox.failed('a1').map((e) => e.record_id)).toEqual(['r1']);
    outbox.requeue(seq('r1'));
    expect(outbox.get(seq('r1'))).toMatchObject({ state: 'pending', next_attempt_at: 0 });
    expect(outbox.failed('a1')).toEqual([]);
  });

  it('knows which sent changes are in doubt, and opens again entries whose requests never left', () => {
    const { outbox } = setup();
    outbox.created('a1', 'posts', 'r1', {});
    outbox.created('a1', 'posts', 'r2', {});
    outbox.markSent([...seqs(outbox, 'r1'), ...seqs(outbox, 'r2')]);
    outbox.recordAttempt(seqs(outbox, 'r2')[0] ?? 0, 'pending', 'retry', 0, true);
    expect(
      outbox
        .inDoubt('a1', 'posts')
        .map((e) => e.record_id)
        .sort(),
    ).toEqual(['r1', 'r2']);
    outbox.unfreeze([...seqs(outbox, 'r1'), ...seqs(outbox, 'r2')]);
    // Only the entry never tried opens again: a tried one may have reached the platform.
    expect(outbox.inDoubt('a1', 'posts').map((e) => e.record_id)).toEqual(['r2']);
  });

  it('lists pending notes, makes everything due, adopts local entries, removes and clears', () => {
    const { outbox, at } = setup();
    outbox.created('local', 'mediaQueue', 'q1', {});
    outbox.recordAttempt(seqs(outbox, 'q1')[0] ?? 0, 'pending', 'Waiting for the spec', at() + 60_000, false);
    expect(outbox.pendingNotes('local', 'mediaQueue')).toEqual([
      { record_id: 'q1', op: 'create', last_error: 'Waiting for the spec' },
    ]);
    outbox.makeAllDue();
    expect(outbox.entries('q1')[0]?.next_attempt_at).toBe(0);
    outbox.adopt('local', 'a1');
    expect(outbox.pendingNotes('local', 'mediaQueue')).toEqual([]);
    expect(outbox.pendingNotes('a1', 'mediaQueue')).toHaveLength(1);
    outbox.created('a1', 'posts', 'r1', {});
    outbox.updated('a1', 'posts', 'r1', {});
    outbox.remove(seqs(outbox, 'q1')[0] ?? 0);
    expect(outbox.entries('q1')).toEqual([]);
    outbox.clearRecord('r1');
    expect(outbox.hasEntries('r1')).toBe(false);
  });

  it('reads every entry of a database file checked, and lends its fragments to reads of other tables', () => {
    const { db, outbox } = setup();
    outbox.created('a1', 'posts', 'r1', { text: 'x' });
    outbox.recordAttempt(seqs(outbox, 'r1')[0] ?? 0, 'failed', 'no', 0, true);
    expect(savedEntries(db)).toEqual([expect.objectContaining({ record_id: 'r1', op: 'create', sent_at: null })]);
    const row = db
      .prepare(
        `SELECT ${pendingCountSql("'r1'")} AS n, ${failedMessageSql("'r1'")} AS failed, ${noEntrySql("'r2'")} AS none`,
      )
      .get();
    expect(row).toEqual({ n: 1, failed: 'no', none: 1 });
    // A file of another version may hold anything: a row of the wrong shape is an error, not a guess.
    const old = new Database(':memory:');
    old.exec(
      'CREATE TABLE outbox (seq INTEGER PRIMARY KEY, idempotency_key TEXT, grp TEXT, record_id TEXT, op TEXT, ' +
        'payload TEXT, sent_at INTEGER, created_at INTEGER)',
    );
    old.exec("INSERT INTO outbox VALUES (1, 'k', 'posts', 'r1', 'rename', '{}', NULL, 5)");
    expect(() => savedEntries(old)).toThrow(/op/);
  });
});
