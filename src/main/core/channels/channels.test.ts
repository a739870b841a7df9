import { describe, expect, it } from 'vitest';
import { call, harnesses, signInDemo, type Harness } from '../../../../test/support/core-with-sandbox';
import type { ChannelName, ChannelInput } from '../../../shared/contract';
import { emptyUserRules } from '../../../shared/networks';

const core = harnesses();

/** The error a channel call gives: its code, message and the fields it names. */
async function refusal<C extends ChannelName>(h: Harness, channel: C, input: ChannelInput<C>) {
  const result = await h.core.dispatch(channel, input);
  if (result.ok) throw new Error(`${channel} was expected to refuse`);
  return {
    code: result.error.code,
    message: result.error.message,
    paths: (result.error.issues ?? []).map((i) => i.path),
    words: (result.error.issues ?? []).map((i) => i.message).join(' | '),
  };
}

const insta = { network: 'instagram-feed', name: 'Studio Insta', handle: '@studio', colour: '#E1306C' };

describe('channels', () => {
  it('are made, listed by name, changed and removed, each change announced to the screens', async () => {
    const h = await core();
    const heard: unknown[] = [];
    h.core.events.subscribe((event, payload) => event === 'channels.changed' && heard.push(payload));
    const a = await call(h, 'channels.create', {
      fields: {
        ...insta,
        slots: [
          { day: 3, time: '18:30' },
          { day: 1, time: '09:00' },
        ],
      },
    });
    const b = await call(h, 'channels.create', { fields: { network: 'tiktok', name: 'another' } });
    expect(a).toMatchObject({ network: 'instagram-feed', name: 'Studio Insta', handle: '@studio', colour: '#e1306c' });
    // Slots come back in week order; defaults fill what was not given.
    expect(a.slots).toEqual([
      { day: 1, time: '09:00' },
      { day: 3, time: '18:30' },
    ]);
    expect(b).toMatchObject({ handle: '', colour: '#6b7280', avatarAssetId: null, slots: [], rules: null });
    expect((await call(h, 'channels.list', {})).map((c) => c.name)).toEqual(['another', 'Studio Insta']);

    const renamed = await call(h, 'channels.update', { id: a.id, fields: { name: 'Insta', slots: [] } });
    expect(renamed).toMatchObject({ id: a.id, name: 'Insta', handle: '@studio', slots: [] });
    await call(h, 'channels.remove', { id: b.id });
    expect((await call(h, 'channels.list', {})).map((c) => c.id)).toEqual([a.id]);
    expect(heard).toHaveLength(4);
  });

  it('refuse, in words and naming the field, what a creator could get wrong — and keep nothing of it', async () => {
    const h = await core();
    await call(h, 'channels.create', { fields: insta });
    expect(await refusal(h, 'channels.create', { fields: { ...insta, network: 'myspace' } })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('"myspace" is not a network'),
      paths: ['network'],
    });
    expect(await refusal(h, 'channels.create', { fields: { ...insta, name: 'studio INSTA' } })).toMatchObject({
      message: 'There is already a channel named studio INSTA.',
      paths: ['name'],
    });
    const badSlot = await refusal(h, 'channels.create', {
      fields: { ...insta, name: 'x', slots: [{ day: 8, time: '25:00' }] },
    });
    expect(badSlot.code).toBe('validation');
    expect(badSlot.paths).toEqual(['fields.slots.0.day', 'fields.slots.0.time']);
    expect(badSlot.words).toMatch(/Weekdays run from 1 \(Monday\) to 7 \(Sunday\)/);
    const twice = await refusal(h, 'channels.create', {
      fields: {
        ...insta,
        name: 'y',
        slots: [
          { day: 1, time: '09:00' },
          { day: 1, time: '09:00' },
        ],
      },
    });
    expect(JSON.stringify(twice)).toContain('The same weekday and time is in the list twice');
    expect(
      JSON.stringify(await refusal(h, 'channels.create', { fields: { ...insta, name: 'z', colour: 'pink' } })),
    ).toContain('Choose a colour written as #rrggbb');
    expect(await refusal(h, 'channels.update', { id: 'nope', fields: { name: 'q' } })).toMatchObject({
      code: 'not_found',
      message: 'This channel no longer exists.',
    });
    expect(
      await refusal(h, 'channels.nextSlot', {
        channelId: (await call(h, 'channels.list', {}))[0]!.id,
        zone: 'Mars/Base',
      }),
    ).toMatchObject({
      message: expect.stringContaining('"Mars/Base" is not a time zone'),
    });
    expect((await call(h, 'channels.list', {})).map((c) => c.name)).toEqual(['Studio Insta']);
  });

  it('show which slots posts take — by target or by the old channel label — and give the next free one', async () => {
    const h = await core();
    const ch = await call(h, 'channels.create', {
      fields: {
        ...insta,
        slots: [
          { day: 1, time: '09:00' },
          { day: 3, time: '09:00' },
        ],
      },
    });
    const account = h.core.workspace.account();
    // Monday 30 Nov 2026 09:00 Berlin = 08:00Z, taken by a post naming the channel by label (any case);
    // Wednesday 2 Dec taken by a post that names it among its targets; another channel's post takes nothing.
    const byLabel = h.core.store.create('posts', account, {
      text: 'a',
      channel: 'studio insta',
      scheduled_at: '2026-11-30T08:10:00Z',
    });
    const byTarget = h.core.store.create('posts', account, {
      text: 'b',
      targets: [{ channel_id: ch.id, network: 'instagram-feed', name: 'Studio Insta' }],
      scheduled_at: '2026-12-02T07:50:00Z',
    });
    h.core.store.create('posts', account, { text: 'c', channel: 'TikTok', scheduled_at: '2026-12-07T08:00:00Z' });
    const slots = await call(h, 'channels.slots', {
      from: '2026-11-30T00:00:00Z',
      to: '2026-12-08T00:00:00Z',
      zone: 'Europe/Berlin',
    });
    expect(slots).toEqual([
      { channelId: ch.id, at: '2026-11-30T08:00:00.000Z', takenBy: { group: 'posts', id: byLabel.id } },
      { channelId: ch.id, at: '2026-12-02T08:00:00.000Z', takenBy: { group: 'posts', id: byTarget.id } },
      { channelId: ch.id, at: '2026-12-07T08:00:00.000Z', takenBy: null },
    ]);
    const next = await call(h, 'channels.nextSlot', {
      channelId: ch.id,
      zone: 'Europe/Berlin',
      after: '2026-11-29T12:00:00Z',
    });
    expect(next).toEqual({ at: '2026-12-07T08:00:00.000Z', reason: null });
    // A post being placed does not count its own slot as taken.
    const again = await call(h, 'channels.nextSlot', {
      channelId: ch.id,
      zone: 'Europe/Berlin',
      after: '2026-11-29T12:00:00Z',
      excludeId: byLabel.id,
    });
    expect(again.at).toBe('2026-11-30T08:00:00.000Z');
    // Moving the post away frees its slot; deleting the other frees that one.
    h.core.store.update('posts', account, byLabel.id, { scheduled_at: '2026-11-30T15:00:00Z' });
    expect(
      (await call(h, 'channels.nextSlot', { channelId: ch.id, zone: 'Europe/Berlin', after: '2026-11-29T12:00:00Z' }))
        .at,
    ).toBe('2026-11-30T08:00:00.000Z');
    h.core.store.remove('posts', account, byTarget.id);
    const freed = await call(h, 'channels.slots', {
      from: '2026-12-02T00:00:00Z',
      to: '2026-12-03T00:00:00Z',
      zone: 'Europe/Berlin',
    });
    expect(freed).toEqual([{ channelId: ch.id, at: '2026-12-02T08:00:00.000Z', takenBy: null }]);
  });

  it('of type Other keep the rules written for them, refuse impossible ones; others follow their network', async () => {
    const h = await core();
    const rules = emptyUserRules('Newsletter');
    const other = await call(h, 'channels.create', { fields: { network: 'other', name: 'Newsletter', rules } });
    expect(other.rules).toMatchObject({ name: 'Newsletter' });
    const broken = { ...rules, text: { max: -5, count: 'graphemes' } };
    const refused = await refusal(h, 'channels.create', { fields: { network: 'other', name: 'Zine', rules: broken } });
    expect(refused.code).toBe('validation');
    expect(refused.paths.some((p) => p.startsWith('rules.text'))).toBe(true);
    const x = await call(h, 'channels.create', { fields: { network: 'x', name: 'X', rules } });
    expect(x.rules).toBeNull();
    expect((await call(h, 'channels.list', {})).map((c) => c.name)).toEqual(['Newsletter', 'X']);
  });

  it('are made for new labels a second after posts change (a pull, an import), once', async () => {
    const h = await core();
    h.core.store.create('posts', h.core.workspace.account(), { text: 'pin', channel: 'Pinterest board' });
    h.core.store.changed('posts', null);
    expect(h.core.channels.list()).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_300));
    expect(h.core.channels.list().map((c) => [c.name, c.network])).toEqual([['Pinterest board', 'pinterest']]);
  });

  it('renamed, are not made again from the posts that name them by their old name or id', async () => {
    const h = await core();
    const ch = await call(h, 'channels.create', { fields: insta });
    const account = h.core.workspace.account();
    const target = { channel_id: ch.id, network: 'instagram-feed', name: 'Studio Insta' };
    h.core.store.create('posts', account, { text: 'by target', channel: 'Studio Insta', targets: [target] });
    h.core.store.create('posts', account, { text: 'by label', channel: 'Studio Insta' });
    await call(h, 'channels.update', { id: ch.id, fields: { name: 'Insta' } });
    expect(h.core.channels.adoptNamed()).toBe(0);
    expect(h.core.channels.list().map((c) => [c.id, c.name])).toEqual([[ch.id, 'Insta']]);
    // The old name is free to use again, by hand.
    const again = await call(h, 'channels.create', { fields: { ...insta, network: 'threads' } });
    expect(h.core.channels.list().map((c) => c.name)).toEqual(['Insta', 'Studio Insta']);
    expect(again.network).toBe('threads');
  });

  it("made from another computer's posts keep the id those posts give them", async () => {
    const h = await core();
    const account = h.core.workspace.account();
    const theirs = { channel_id: '01a2b3c4-0000-7000-8000-000000000001', network: 'bluesky', name: 'Sky' };
    h.core.store.create('posts', account, { text: 'pulled', channel: 'Sky', targets: [theirs] });
    expect(h.core.channels.adoptNamed()).toBe(1);
    expect(h.core.channels.list().map((c) => [c.id, c.network, c.name])).toEqual([
      [theirs.channel_id, 'bluesky', 'Sky'],
    ]);
    // Deleted here, it stays deleted: the posts naming it by its id make nothing.
    await call(h, 'channels.remove', { id: theirs.channel_id });
    expect(h.core.channels.adoptNamed()).toBe(0);
    expect(h.core.channels.list()).toEqual([]);
  });

  it('say why there is no next slot for a channel without slots', async () => {
    const h = await core();
    const ch = await call(h, 'channels.create', { fields: insta });
    expect(await call(h, 'channels.nextSlot', { channelId: ch.id, zone: 'UTC' })).toEqual({
      at: null,
      reason: 'Studio Insta has no posting slots yet; add some in its settings.',
    });
  });

  it("made before signing in become the account's, as records do", async () => {
    const h = await core();
    const made = await call(h, 'channels.create', { fields: insta });
    await signInDemo(h);
    expect(h.core.workspace.account()).not.toBe('local');
    expect((await call(h, 'channels.list', {})).map((c) => c.id)).toEqual([made.id]);
  });
});
