/**
 * The calendar on a real core: which items a range holds (offsets, DST days, filters), slot and
 * duplicate warnings, rescheduling across DST with the local time kept, and duplicating a post.
 */
import { describe, expect, it } from 'vitest';
import { harnesses } from '../../../../test/support/core-with-sandbox';
import { TZDate } from '@date-fns/tz';
import { make, plannerOf } from './test-kit';

const harness = harnesses();
const BERLIN = 'Europe/Berlin';
// Local days in Berlin as UTC ranges, written out so the core test needs no calendar code: the
// spring-forward day (29 March 2026) starts on CET (+1) and ends on CEST (+2).
const BERLIN_DAYS = {
  '2026-03-29': { from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' },
  '2026-03-30': { from: '2026-03-29T22:00:00.000Z', to: '2026-03-30T22:00:00.000Z' },
};
const ids = (view: { items: { id: string }[] }) => view.items.map((i) => i.id);

describe('planner calendar', () => {
  it(
    'holds the items of a range by instant, whatever offset they were written with, ' +
      'and filters by plan and channel',
    async () => {
      const h = await harness();
      const p = plannerOf(h);
      const account = h.core.workspace.account();
      const asset = make(h, 'assets', { name: 'beach.png' });
      const a = make(h, 'posts', {
        text: '  Spring sale\nAll week long',
        status: 'scheduled',
        scheduled_at: '2026-03-29T07:00:00Z',
        channel: 'Instagram',
        asset_ids: [asset],
      });
      const b = make(h, 'posts', {
        text: 'Late night',
        scheduled_at: '2026-03-29T23:59:00+02:00',
        channel: 'Newsletter',
      });
      // Its text says the 30th, its instant is 20:30 UTC on the 29th (22:30 in Berlin).
      const f = make(h, 'posts', { text: 'Far east', scheduled_at: '2026-03-30T01:30:00+05:00' });
      // Exactly the end: not in [from, to).
      make(h, 'posts', { text: 'Next day', scheduled_at: '2026-03-30T00:00:00+02:00' });
      make(h, 'posts', { text: 'Day before', scheduled_at: '2026-03-28T23:59:00+01:00' });
      const unscheduled = make(h, 'posts', { text: 'Some day', channel: 'Instagram' });
      make(h, 'posts', { text: 'Some other day' });
      const gone = make(h, 'posts', { text: 'Deleted', scheduled_at: '2026-03-29T10:00:00Z' });
      h.core.store.remove('posts', account, gone);
      h.core.store.create('posts', 'someone-else', {
        text: 'Not mine',
        scheduled_at: '2026-03-29T10:00:00Z',
        channel: 'TikTok',
      });
      const plan = make(h, 'contentPlans', { title: 'Spring', post_ids: [a, unscheduled] });
      const q = make(h, 'mediaQueue', {
        asset_id: asset,
        scheduled_at: '2026-03-29T12:00:00Z',
        channel: 'Instagram',
        plan_id: plan,
      });
      make(h, 'mediaQueue', { asset_id: asset, note: 'whenever' });

      // The spring-forward day in Berlin is 23 hours: 23:00Z to 22:00Z.
      const day = await p.run('planner.calendar', BERLIN_DAYS['2026-03-29']);
      expect(ids(day)).toEqual([a, q, f, b]);
      expect(day.items[0]).toEqual({
        group: 'posts',
        id: a,
        title: 'Spring sale',
        channel: 'Instagram',
        // Written before targets: one target, its label.
        targets: [{ channelId: null, network: null, name: 'Instagram' }],
        at: '2026-03-29T07:00:00.000Z',
        status: 'scheduled',
        planIds: [plan],
        assetIds: [asset],
        warnings: [],
      });
      expect(day.items[1]).toMatchObject({
        group: 'mediaQueue',
        title: 'beach.png',
        status: null,
        planIds: [plan],
        assetIds: [asset],
      });
      expect(day.items[3]).toMatchObject({ at: '2026-03-29T21:59:00.000Z', status: 'draft', planIds: [] });
      expect(day.unscheduled).toBe(2);
      expect(day.channels).toEqual(['Instagram', 'Newsletter']);

      const inPlan = await p.run('planner.calendar', { ...BERLIN_DAYS['2026-03-29'], planId: plan });
      expect(ids(inPlan)).toEqual([a, q]);
      expect(inPlan.unscheduled).toBe(1);
      expect(ids(await p.run('planner.calendar', { ...BERLIN_DAYS['2026-03-29'], channel: 'instagram' }))).toEqual([
        a,
        q,
      ]);
      expect(
        ids(await p.run('planner.calendar', { ...BERLIN_DAYS['2026-03-29'], channel: 'Newsletter', planId: plan })),
      ).toEqual([]);
      expect(ids(await p.run('planner.calendar', BERLIN_DAYS['2026-03-30']))).toHaveLength(1);
      await expect(p.run('planner.calendar', { ...BERLIN_DAYS['2026-03-29'], planId: 'nope' })).rejects.toThrow(
        /not_found/,
      );
      await expect(
        p.run('planner.calendar', { from: '2026-03-30T00:00:00Z', to: '2026-03-29T00:00:00Z' }),
      ).rejects.toThrow(/validation/);
    },
  );

  it('warns of items on one channel less than 30 minutes apart, including ones just outside the range', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const asset = make(h, 'assets', { name: 'beach.png' });
    const queued = make(h, 'mediaQueue', {
      asset_id: asset,
      scheduled_at: '2026-05-04T06:50:00Z',
      channel: 'Instagram',
    });
    const s1 = make(h, 'posts', {
      text: 'Spring sale: everything 30% off until Sunday night',
      scheduled_at: '2026-05-04T07:00:00Z',
      channel: 'Instagram',
    });
    const s2 = make(h, 'posts', {
      text: 'Behind the scenes',
      scheduled_at: '2026-05-04T07:15:00Z',
      channel: 'instagram',
    });
    const s3 = make(h, 'posts', {
      text: 'Exactly one slot later',
      scheduled_at: '2026-05-04T07:45:00Z',
      channel: 'Instagram',
    });
    const other = make(h, 'posts', {
      text: 'Newsletter',
      scheduled_at: '2026-05-04T07:05:00Z',
      channel: 'Newsletter',
    });
    const none = make(h, 'posts', { text: 'No channel', scheduled_at: '2026-05-04T07:00:00Z' });
    const none2 = make(h, 'posts', { text: 'No channel either', scheduled_at: '2026-05-04T07:01:00Z' });

    const view = await p.run('planner.calendar', { from: '2026-05-04T07:00:00Z', to: '2026-05-04T08:00:00Z' });
    const byId = new Map(view.items.map((i) => [i.id, i.warnings]));
    expect(byId.has(queued)).toBe(false);
    expect(byId.get(s1)).toEqual([
      {
        kind: 'slot',
        message: 'Also on Instagram at 08:50: “beach.png” (and 1 more)',
        with: [
          { group: 'mediaQueue', id: queued },
          { group: 'posts', id: s2 },
        ],
      },
    ]);
    const [s2Warning] = byId.get(s2) ?? [];
    expect(s2Warning?.message).toBe(
      'Also on instagram at 09:00: “Spring sale: everything 30% off until S…” (and 1 more)',
    );
    expect(s2Warning?.with).toEqual([
      { group: 'posts', id: s1 },
      { group: 'mediaQueue', id: queued },
    ]);
    expect(byId.get(s3)).toEqual([]); // exactly 30 minutes after s2: its own slot
    expect(byId.get(other)).toEqual([]);
    expect(byId.get(none)).toEqual([]);
    expect(byId.get(none2)).toEqual([]);
  });

  it('warns of scheduled posts with the same trimmed text and the same media, at any time', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const account = h.core.workspace.account();
    const x = make(h, 'assets', { name: 'x.png' });
    const y = make(h, 'assets', { name: 'y.png' });
    const d1 = make(h, 'posts', {
      text: 'Launch day!',
      asset_ids: [x, y],
      scheduled_at: '2026-05-10T08:00:00Z',
      channel: 'Instagram',
    });
    const d2 = make(h, 'posts', {
      text: '  Launch day!\n',
      asset_ids: [y, x, y],
      scheduled_at: '2026-08-01T08:00:00Z',
      channel: 'Facebook',
    });
    const d3 = make(h, 'posts', { text: 'Launch day!', asset_ids: [x], scheduled_at: '2026-05-10T12:00:00Z' });
    const d4 = make(h, 'posts', {
      text: '\u3000Launch day!\u00a0',
      asset_ids: [x],
      scheduled_at: '2026-09-01T08:00:00Z',
    }); // trims as JS does
    make(h, 'posts', { text: 'Launch day!', asset_ids: [x, y] }); // not scheduled
    const gone = make(h, 'posts', { text: 'Launch day!', asset_ids: [x, y], scheduled_at: '2026-05-11T08:00:00Z' });
    h.core.store.remove('posts', account, gone);
    make(h, 'posts', { text: '', scheduled_at: '2026-05-10T09:00:00Z' });
    make(h, 'posts', { text: '', scheduled_at: '2026-05-10T10:00:00Z' });

    const view = await p.run('planner.calendar', { from: '2026-05-10T00:00:00Z', to: '2026-05-11T00:00:00Z' });
    const byId = new Map(view.items.map((i) => [i.id, i.warnings]));
    expect(byId.get(d1)).toEqual([
      {
        kind: 'duplicate',
        message: 'The same text and media are also scheduled for Sat 1 Aug at 10:00 on Facebook',
        with: [{ group: 'posts', id: d2 }],
      },
    ]);
    expect(byId.get(d3)).toEqual([expect.objectContaining({ kind: 'duplicate', with: [{ group: 'posts', id: d4 }] })]);
    // Blank posts are not duplicates of each other.
    expect(view.items.filter((i) => i.title === 'Untitled post').flatMap((i) => i.warnings)).toEqual([]);
    const later = await p.run('planner.calendar', { from: '2026-08-01T00:00:00Z', to: '2026-08-02T00:00:00Z' });
    expect(later.items[0]?.warnings.map((w) => w.with)).toEqual([[{ group: 'posts', id: d1 }]]);
  });

  it(
    'reschedules across a DST change keeping the local time, ' +
      'leaves the status alone and answers with fresh warnings',
    async () => {
      const h = await harness();
      const p = plannerOf(h);
      const account = h.core.workspace.account();
      const draft = make(h, 'posts', {
        text: 'Draft',
        status: 'draft',
        scheduled_at: '2026-03-27T08:00:00Z',
        channel: 'Instagram',
      });
      const neighbour = make(h, 'posts', {
        text: 'Neighbour',
        status: 'scheduled',
        scheduled_at: '2026-03-30T07:10:00Z',
        channel: 'Instagram',
      });

      // The draft's 09:00 CET, on the Monday after the change: 09:00 CEST.
      const at = '2026-03-30T07:00:00.000Z';
      const moved = await p.run('planner.reschedule', { group: 'posts', id: draft, at });
      expect(moved).toMatchObject({ id: draft, at: '2026-03-30T07:00:00.000Z', status: 'draft' });
      expect(new TZDate(moved.at, BERLIN).toTimeString().slice(0, 5)).toBe('09:00');
      expect(moved.warnings).toEqual([
        expect.objectContaining({
          kind: 'slot',
          message: 'Also on Instagram at 09:10: “Neighbour”',
          with: [{ group: 'posts', id: neighbour }],
        }),
      ]);
      expect(h.core.store.view('posts', draft).fields).toMatchObject({
        status: 'draft',
        scheduled_at: '2026-03-30T07:00:00.000Z',
      });
      // It reaches the outbox: folded into the untried create.
      expect(JSON.parse(h.core.store.outbox.entries(draft)[0]?.payload ?? '{}')).toMatchObject({
        scheduled_at: '2026-03-30T07:00:00.000Z',
      });

      // An offset in the input is stored as UTC; moving away clears the warning, and the status stays.
      const away = await p.run('planner.reschedule', {
        group: 'posts',
        id: neighbour,
        at: '2026-03-30T15:00:00+02:00',
      });
      expect(away).toMatchObject({ at: '2026-03-30T13:00:00.000Z', status: 'scheduled', warnings: [] });

      // A queue item across the autumn change: 09:00 CEST to 09:00 CET.
      const asset = make(h, 'assets', { name: 'a.png' });
      const queued = make(h, 'mediaQueue', { asset_id: asset, scheduled_at: '2026-10-24T07:00:00Z' });
      const q = await p.run('planner.reschedule', { group: 'mediaQueue', id: queued, at: '2026-10-26T08:00:00.000Z' });
      expect(q).toMatchObject({ at: '2026-10-26T08:00:00.000Z', title: 'a.png' });

      await expect(p.run('planner.reschedule', { group: 'posts', id: 'missing', at })).rejects.toThrow(/not_found/);
      h.core.store.remove('posts', account, draft);
      await expect(p.run('planner.reschedule', { group: 'posts', id: draft, at })).rejects.toThrow(/not_found/);
    },
  );

  it('duplicates a post as an unscheduled draft with the same text, media and channel', async () => {
    const h = await harness();
    const p = plannerOf(h);
    const asset = make(h, 'assets', { name: 'a.png' });
    const source = make(h, 'posts', {
      text: 'Original',
      status: 'published',
      scheduled_at: '2026-03-01T09:00:00Z',
      channel: 'Instagram',
      asset_ids: [asset],
      template_id: 'tpl',
    });
    const copy = await p.run('planner.duplicatePost', { id: source });
    expect(copy.id).not.toBe(source);
    expect(copy.fields).toEqual({ text: 'Original', status: 'draft', channel: 'Instagram', asset_ids: [asset] });
    expect(copy.syncState).toBe('pending');
    expect(h.core.store.view('posts', source).fields).toMatchObject({
      status: 'published',
      scheduled_at: '2026-03-01T09:00:00Z',
    });
    const bare = make(h, 'posts', { text: 'Bare' });
    expect((await p.run('planner.duplicatePost', { id: bare })).fields).toEqual({ text: 'Bare', status: 'draft' });
    await expect(p.run('planner.duplicatePost', { id: 'missing' })).rejects.toThrow(/not_found/);
  });
});
