import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, SlotView } from '../../../shared/channels';
import type { ChannelArgs } from '../../../shared/contract';
import type { LibraryQuery } from '../../../shared/library';
import { asset, channelView, record, records } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { CalendarPanel } from '../CalendarPanel';
import { ASSET_DRAG_TYPE } from './asset-drag';

// Wednesday 11 March 2026, in UTC (the tests' zone).
const TODAY = new Date('2026-03-11T08:00:00.000Z');

const sunset = asset({ id: 'a1', name: 'sunset.jpg' });
const dune = asset({ id: 'a2', name: 'dune.png' });
const shop: Channel = channelView({ id: 'c1', name: 'Shop', handle: '@shop', slots: [{ day: 4, time: '18:30' }] });
// Thursday 12 has a free slot ahead; today's (11th) slot at 07:00 is already past.
const slots: SlotView[] = [
  { channelId: 'c1', at: '2026-03-11T07:00:00.000Z', takenBy: null },
  { channelId: 'c1', at: '2026-03-12T18:30:00.000Z', takenBy: null },
];

/** A stand-in for the browser's DataTransfer (jsdom has none): what a drag carries, by type. */
function transfer(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
    files: [] as File[],
  };
}

function setup() {
  const onOpen = vi.fn();
  const fake = fakeBackend()
    .answer('channels.list', [shop])
    .answer('channels.slots', (q: ChannelArgs<'channels.slots'>) => slots.filter((s) => s.at >= q.from && s.at < q.to))
    .answer('records.list', records([]))
    .answer('planner.calendar', { items: [], unscheduled: 0, channels: [] })
    .answer('library.query', ({ text }: Pick<LibraryQuery, 'text'>) => {
      const items = [sunset, dune].filter((a) => !text || a.name.includes(text));
      return { items, total: items.length };
    })
    .answer('records.create', ({ fields }) => record('posts', 'p-new', fields));
  const rendered = renderWithBackend(<CalendarPanel request={null} onOpen={onOpen} />, fake);
  return { ...rendered, fake, onOpen };
}

async function openStrip(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Media…' }));
  return screen.findByTestId('media-strip-a1');
}

const day = (key: string) => screen.getByTestId(`calendar-day-${key}`);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calendar media strip', () => {
  it('is folded until opened; then lists recent media, searched, each carrying itself on a drag', async () => {
    const { user, fake } = setup();
    await screen.findByRole('table', { name: 'March 2026' });
    expect(fake.calls('library.query')).toHaveLength(0);
    const item = await openStrip(user);
    expect(fake.calls('library.query')[0]).toMatchObject({ trash: false, sort: 'created', dir: 'desc' });
    expect(item.getAttribute('draggable')).toBe('true');
    const drag = transfer();
    fireEvent.dragStart(item, { dataTransfer: drag });
    expect(drag.types).toEqual([ASSET_DRAG_TYPE]);
    expect(JSON.parse(drag.getData(ASSET_DRAG_TYPE))).toEqual({ id: 'a1', name: 'sunset.jpg' });
    expect(drag.effectAllowed).toBe('copy');
    await user.type(screen.getByLabelText('Search media'), 'dune');
    await waitFor(() => expect(screen.queryByTestId('media-strip-a1')).toBeNull());
    expect(screen.getByTestId('media-strip-a2')).toBeTruthy();
  });

  it('makes exactly one draft with the media dropped on a day, in that day’s free slot, and opens it', async () => {
    const { user, fake, onOpen } = setup();
    const item = await openStrip(user);
    await screen.findByTestId('calendar-slot-c1-2026-03-12T18:30:00.000Z');
    const drag = transfer();
    fireEvent.dragStart(item, { dataTransfer: drag });
    const over = fireEvent.dragOver(day('2026-03-12'), { dataTransfer: drag });
    expect(over).toBe(false); // the day accepts it (the browser's default, refusing, is prevented)
    expect(day('2026-03-12').className).toContain('is-over');
    fireEvent.drop(day('2026-03-12'), { dataTransfer: drag });
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(fake.calls('records.create')).toEqual([
      {
        group: 'posts',
        fields: {
          text: '',
          status: 'draft',
          scheduled_at: '2026-03-12T18:30:00.000Z',
          asset_ids: ['a1'],
          channel: 'Shop',
          targets: [{ channel_id: 'c1', network: 'instagram-feed', name: 'Shop', handle: '@shop' }],
        },
      },
    ]);
    expect(onOpen).toHaveBeenCalledWith(
      'posts',
      'p-new',
      expect.stringMatching(
        /^Draft made with sunset\.jpg for .*12.* at 18:30, the first free slot of Shop that day\.$/,
      ),
    );
    expect(day('2026-03-12').className).not.toContain('is-over');
  });

  it('puts a draft at 09:00 on a day with no free slot ahead, and says so', async () => {
    const { user, fake, onOpen } = setup();
    const item = await openStrip(user);
    const drag = transfer();
    fireEvent.dragStart(item, { dataTransfer: drag });
    fireEvent.dragOver(day('2026-03-11'), { dataTransfer: drag });
    fireEvent.drop(day('2026-03-11'), { dataTransfer: drag });
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(fake.calls('records.create')[0]!.fields).toEqual({
      text: '',
      status: 'draft',
      scheduled_at: '2026-03-11T09:00:00.000Z',
      asset_ids: ['a1'],
    });
    expect(onOpen.mock.calls[0]![2]).toMatch(/ at 09:00, as there is no free slot left that day\.$/);
  });

  it('refuses drags that carry no asset, and makes nothing of a broken one', async () => {
    const { fake } = setup();
    await screen.findByRole('table', { name: 'March 2026' });
    const text = transfer({ 'text/plain': 'hello' });
    expect(fireEvent.dragOver(day('2026-03-14'), { dataTransfer: text })).toBe(true);
    fireEvent.drop(day('2026-03-14'), { dataTransfer: text });
    const broken = transfer({ [ASSET_DRAG_TYPE]: '{"id":' });
    fireEvent.drop(day('2026-03-14'), { dataTransfer: broken });
    const wrong = transfer({ [ASSET_DRAG_TYPE]: JSON.stringify({ id: '', name: 'x' }) });
    fireEvent.drop(day('2026-03-14'), { dataTransfer: wrong });
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.calls('records.create')).toHaveLength(0);
  });

  it('keyboard: choose a media, then Enter on a day’s + button makes the draft with it; Escape lets go', async () => {
    const { user, fake, onOpen } = setup();
    const item = await openStrip(user);
    await user.click(item);
    expect(item.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('media-strip-picked').textContent).toContain(
      'sunset.jpg chosen: press Enter on a day’s + button to make a draft with it there.',
    );
    item.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('media-strip-picked')).toBeNull();
    await user.click(item);
    const plus = within(day('2026-03-16')).getByRole('button', { name: /^New draft with sunset\.jpg on / });
    plus.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(fake.calls('records.create')).toHaveLength(1);
    expect(fake.calls('records.create')[0]!.fields).toMatchObject({
      status: 'draft',
      scheduled_at: '2026-03-16T09:00:00.000Z',
      asset_ids: ['a1'],
    });
    // Once used, the choice is let go: the + button makes a plain post again.
    await waitFor(() => expect(screen.queryByTestId('media-strip-picked')).toBeNull());
    expect(within(day('2026-03-16')).getByRole('button', { name: /^New post on / })).toBeTruthy();
  });

  it('imports files dropped from the computer, then makes one draft (a duplicate is its existing asset)', async () => {
    const { fake, onOpen } = setup();
    fake.answer('library.import', {
      imported: [{ id: 'a-new', name: 'fresh.png' }],
      duplicates: [{ path: '/memory/old.png', existingId: 'a1', name: 'old.png' }],
      skipped: [],
      failed: [{ path: '/memory/notes.txt', message: 'This kind of file is not supported.' }],
    });
    await screen.findByRole('table', { name: 'March 2026' });
    const files = ['fresh.png', 'old.png', 'notes.txt'].map((n) => new File(['x'], n));
    const drag = { ...transfer({ Files: '' }), files };
    expect(fireEvent.dragOver(day('2026-03-14'), { dataTransfer: drag })).toBe(false);
    fireEvent.drop(day('2026-03-14'), { dataTransfer: drag });
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(fake.calls('library.import')).toEqual([
      { paths: ['/memory/fresh.png', '/memory/old.png', '/memory/notes.txt'] },
    ]);
    expect(fake.calls('records.create')).toHaveLength(1);
    expect(fake.calls('records.create')[0]!.fields).toMatchObject({ status: 'draft', asset_ids: ['a-new', 'a1'] });
    expect(onOpen.mock.calls[0]![2]).toMatch(
      new RegExp(
        '^Draft made with 2 media for .* at 09:00, as there is no free slot left that day\\. ' +
          '1 file could not be imported \\(/memory/notes\\.txt: This kind of file is not supported\\.\\)\\.$',
      ),
    );
  });

  it('makes no draft when no dropped file could be imported, and says why', async () => {
    const { fake, onOpen } = setup();
    fake.answer('library.import', {
      imported: [],
      duplicates: [],
      skipped: [],
      failed: [{ path: '/memory/notes.txt', message: 'This kind of file is not supported.' }],
    });
    await screen.findByRole('table', { name: 'March 2026' });
    const drag = { ...transfer({ Files: '' }), files: [new File(['x'], 'notes.txt')] };
    fireEvent.drop(day('2026-03-14'), { dataTransfer: drag });
    expect(
      await screen.findByText(
        'Nothing was imported, so no draft was made: ' +
          '1 file could not be imported (/memory/notes.txt: This kind of file is not supported.).',
      ),
    ).toBeTruthy();
    expect(fake.calls('records.create')).toHaveLength(0);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
