/**
 * Reminders: a scheduled post or queue item is announced once when its time arrives, again only
 * when it gets a new time, never for items long past when the app was closed, and not again
 * after a restart.
 */
import { describe, expect, it, vi } from 'vitest';
import { harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import { MetaStore } from '../meta-store';
import type { AppNotification } from '../ports';
import { AssetSql } from '../library/library-sql';
import { checkPosts } from './post-checks';
import type { ScheduledRow } from './scheduled-sql';
import { realTimers, Reminders, type Timers } from './reminders';
import { make } from './test-kit';

const harness = harnesses();
const T0 = Date.parse('2026-05-04T06:55:00Z');
const at = (ms: number) => new Date(ms).toISOString();
const MIN = 60_000;

/** Timers that never fire by themselves: the test ticks. They remember the delay asked for. */
function manualTimers(): Timers & { delays: number[]; live: number } {
  const t = {
    delays: [] as number[],
    live: 0,
    set: (_fn: () => void, ms: number) => {
      t.delays.push(ms);
      t.live++;
      return t.delays.length;
    },
    clear: () => {
      t.live--;
    },
  };
  return t;
}

function remindersOf(
  h: Harness,
  clock: { now(): number },
  timers: Timers = manualTimers(),
  check?: ConstructorParameters<typeof Reminders>[0]['check'],
) {
  const notes: AppNotification[] = [];
  const due: string[] = [];
  const reminders = new Reminders({
    store: h.core.store,
    workspace: h.core.workspace,
    meta: new MetaStore(h.core.db),
    notifier: { notify: (n) => notes.push(n) },
    clock,
    onDue: (group, id) => due.push(`${group}:${id}`),
    timers,
    ...(check && { check }),
  });
  return { reminders, notes, due };
}

describe('reminders', () => {
  it('check a post again when it comes due, and say what it breaks on its channels', async () => {
    const h = await harness();
    let now = T0;
    const insta = h.core.channels.create({ network: 'instagram-feed', name: 'Studio Insta' });
    const wide = make(h, 'assets', {
      name: 'wide.jpg',
      kind: 'image',
      mime_type: 'image/jpeg',
      width: 4000,
      height: 1000,
    });
    const target = { channel_id: insta.id, network: 'instagram-feed', name: 'Studio Insta' };
    make(h, 'posts', { text: 'Harbour', scheduled_at: at(T0 + MIN), asset_ids: [wide], targets: [target] });
    make(h, 'posts', { text: 'Fine words', scheduled_at: at(T0 + MIN), targets: [{ ...target, asset_ids: [] }] });
    const assets = new AssetSql(h.core.db);
    const check = (row: ScheduledRow) =>
      (
        checkPosts([row], { rulesOf: (t) => h.core.channels.rulesOf(t), facts: (ids) => assets.facts(ids) }).get(
          `posts:${row.id}`,
        ) ?? []
      ).map((w) => w.message);
    const { reminders, notes } = remindersOf(h, { now: () => now }, manualTimers(), check);
    reminders.start();
    now = T0 + MIN;
    reminders.tick();
    const bodies = notes.map((n) => n.body).sort();
    expect(bodies[0]).toMatch(/^Fine words\nDoes not fit: Studio Insta: Instagram feed needs /);
    expect(bodies[1]).toBe(
      'Harbour\nDoes not fit: Studio Insta: Instagram feed wants 4:5 to 1.91:1; this image is 4:1. (and 1 more)',
    );
    reminders.close();
  });

  it('announces each item once when its time arrives, and again only at a new time', async () => {
    const h = await harness();
    let now = T0;
    const clock = { now: () => now };
    const timers = manualTimers();
    const asset = make(h, 'assets', { name: 'beach.png' });
    const post = make(h, 'posts', {
      text: 'Spring sale\nAll week',
      scheduled_at: at(T0 + 5 * MIN),
      channel: 'Instagram',
    });
    const queued = make(h, 'mediaQueue', { asset_id: asset, scheduled_at: at(T0 + 5 * MIN + 30_000) });
    make(h, 'posts', { text: 'Already out', status: 'published', scheduled_at: at(T0 + 5 * MIN) });
    h.core.store.create('posts', 'someone-else', { text: 'Not mine', scheduled_at: at(T0 + 5 * MIN) });
    const { reminders, notes, due } = remindersOf(h, clock, timers);

    reminders.start();
    expect(notes).toEqual([]);
    expect(timers.delays.at(-1)).toBe(MIN); // nothing within the next minute: look again in one
    now = T0 + 4.5 * MIN;
    reminders.tick();
    expect(notes).toEqual([]);
    expect(timers.delays.at(-1)).toBe(30_000); // wakes exactly at the post's time

    now = T0 + 5 * MIN;
    reminders.tick();
    expect(notes).toEqual([
      { title: 'Time to post on Instagram', body: 'Spring sale', route: 'planner', item: { group: 'posts', id: post } },
    ]);
    expect(due).toEqual([`posts:${post}`]);
    expect(timers.delays.at(-1)).toBe(30_000);

    now = T0 + 5.5 * MIN;
    reminders.tick();
    now = T0 + 7 * MIN;
    reminders.tick();
    reminders.replan();
    expect(notes.map((n) => [n.title, n.body])).toEqual([
      ['Time to post on Instagram', 'Spring sale'],
      ['Queue item due', 'beach.png'],
    ]);
    expect(due).toEqual([`posts:${post}`, `mediaQueue:${queued}`]);

    // A new time is a new reminder.
    h.core.store.update('posts', h.core.workspace.account(), post, { scheduled_at: at(T0 + 10 * MIN) });
    reminders.replan();
    expect(notes).toHaveLength(2);
    now = T0 + 10 * MIN;
    reminders.tick();
    expect(notes).toHaveLength(3);
    expect(due.at(-1)).toBe(`posts:${post}`);

    reminders.close();
    expect(timers.live).toBe(0);
    now = T0 + 60 * MIN;
    make(h, 'posts', { text: 'After close', scheduled_at: at(T0 + 59 * MIN) });
    reminders.tick();
    expect(notes).toHaveLength(3);
  });

  it('skips items that passed more than 10 minutes before start and repeats nothing after a restart', async () => {
    const h = await harness();
    let now = T0;
    const clock = { now: () => now };
    make(h, 'posts', { text: 'Long past', scheduled_at: at(T0 - 11 * MIN) });
    const recent = make(h, 'posts', { text: 'Just missed', scheduled_at: at(T0 - 9 * MIN) });
    const soon = make(h, 'posts', { text: 'Soon', scheduled_at: at(T0 + 2 * MIN) });

    const first = remindersOf(h, clock);
    first.reminders.start();
    expect(first.notes.map((n) => n.item?.id)).toEqual([recent]);
    first.reminders.close();

    const second = remindersOf(h, clock);
    second.reminders.start();
    expect(second.notes).toEqual([]);
    now = T0 + 2 * MIN;
    second.reminders.tick();
    expect(second.notes.map((n) => n.item?.id)).toEqual([soon]);
    second.reminders.close();

    // Closed for a while: what came due in the last 10 minutes is announced, older is not.
    const missed = make(h, 'posts', { text: 'While closed, recently', scheduled_at: at(T0 + 15 * MIN) });
    make(h, 'posts', { text: 'While closed, long ago', scheduled_at: at(T0 + 8 * MIN) });
    now = T0 + 20 * MIN;
    const third = remindersOf(h, clock);
    third.reminders.start();
    expect(third.notes.map((n) => n.item?.id)).toEqual([missed]);
    third.reminders.close();
    const fourth = remindersOf(h, clock);
    fourth.reminders.start();
    expect(fourth.notes).toEqual([]);
  });

  it('wakes by itself on real timers', async () => {
    const h = await harness();
    h.core.planner.reminders.close(); // the core's own reminders would announce it first
    const post = make(h, 'posts', { text: 'Now-ish', scheduled_at: at(Date.now() + 150) });
    const { reminders, notes } = remindersOf(h, { now: () => Date.now() }, realTimers);
    reminders.start();
    expect(notes).toEqual([]);
    await vi.waitFor(() => expect(notes.map((n) => n.item?.id)).toEqual([post]), { timeout: 3000, interval: 20 });
    reminders.close();
  });
});
