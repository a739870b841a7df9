import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, SlotView } from '../../shared/channels';
import type { ChannelArgs } from '../../shared/contract';
import { record, records } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { CalendarPanel } from './CalendarPanel';

// Wednesday 11 March 2026, in UTC (the tests' zone).
const TODAY = new Date('2026-03-11T08:00:00.000Z');

const shop: Channel = {
  id: 'c1',
  network: 'instagram-feed',
  name: 'Shop',
  handle: '@shop',
  colour: '#336699',
  avatarAssetId: null,
  slots: [
    { day: 4, time: '09:00' },
    { day: 5, time: '09:00' },
  ],
  rules: null,
  createdAt: TODAY.toISOString(),
  updatedAt: TODAY.toISOString(),
};

const free: SlotView = { channelId: 'c1', at: '2026-03-12T09:00:00.000Z', takenBy: null };
const taken: SlotView = { channelId: 'c1', at: '2026-03-13T09:00:00.000Z', takenBy: { group: 'posts', id: 'p1' } };

function backend(slots: SlotView[] = [free, taken]) {
  return fakeBackend()
    .answer('channels.list', [shop])
    .answer('channels.slots', (q: ChannelArgs<'channels.slots'>) => slots.filter((s) => s.at >= q.from && s.at < q.to))
    .answer('records.list', records([]))
    .answer('planner.calendar', { items: [], unscheduled: 0, channels: [] });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calendar: empty posting slots', () => {
  it('draws a free slot on its day in the channel’s colour and leaves a taken one out', async () => {
    const { fake } = renderWithBackend(<CalendarPanel request={null} onOpen={vi.fn()} />, backend());
    // Found by test id first: a role query over a whole month is slow on a busy machine.
    await screen.findByTestId(`calendar-slot-c1-${free.at}`);
    const day12 = screen.getByTestId('calendar-day-2026-03-12');
    expect(day12.getAttribute('aria-label')).toMatch(/March 12, 2026, nothing scheduled, 1 empty slot$/);
    const slot = within(day12).getByRole('button', { name: 'Empty slot at 09:00 Shop: new post here' });
    expect(slot.style.getPropertyValue('--slot-colour')).toBe('#336699');
    const day13 = screen.getByTestId('calendar-day-2026-03-13');
    expect(within(day13).queryByRole('button', { name: /Empty slot/ })).toBeNull();
    // The six weeks on screen (Sunday first in the tests' locale), in the user's zone.
    expect(fake.calls('channels.slots')[0]).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-12T00:00:00.000Z',
      zone: 'UTC',
    });
  });

  it('asks again when a post changes, and stops drawing the slot it took', async () => {
    let slots = [free];
    const fake = backend().answer('channels.slots', () => slots);
    const { emit } = renderWithBackend(<CalendarPanel request={null} onOpen={vi.fn()} />, fake);
    await screen.findByTestId(`calendar-slot-c1-${free.at}`);
    slots = [{ ...free, takenBy: { group: 'posts', id: 'p2' } }];
    await emit('records.changed', { group: 'posts', ids: ['p2'] });
    await waitFor(() => expect(screen.queryByTestId(`calendar-slot-c1-${free.at}`)).toBeNull());
  });

  it('asks again when the channels change (a new slot time is drawn)', async () => {
    let slots = [free];
    const fake = backend().answer('channels.slots', () => slots);
    const { emit } = renderWithBackend(<CalendarPanel request={null} onOpen={vi.fn()} />, fake);
    await screen.findByTestId(`calendar-slot-c1-${free.at}`);
    const later = { ...free, at: '2026-03-12T18:30:00.000Z' };
    slots = [later];
    await emit('channels.changed', {});
    expect(await screen.findByTestId(`calendar-slot-c1-${later.at}`)).toBeTruthy();
    expect(screen.queryByTestId(`calendar-slot-c1-${free.at}`)).toBeNull();
  });

  it('makes a scheduled post on the slot’s channel at its time and opens it', async () => {
    const onOpen = vi.fn();
    const fake = backend().answer('records.create', ({ fields }) => record('posts', 'p-slot', fields));
    const { user } = renderWithBackend(<CalendarPanel request={null} onOpen={onOpen} />, fake);
    await screen.findByTestId(`calendar-slot-c1-${free.at}`);
    await user.click(
      within(screen.getByTestId('calendar-day-2026-03-12')).getByRole('button', { name: /Empty slot at 09:00 Shop/ }),
    );
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('posts', 'p-slot'));
    expect(fake.calls('records.create')[0]).toEqual({
      group: 'posts',
      fields: {
        text: '',
        status: 'scheduled',
        scheduled_at: '2026-03-12T09:00:00.000Z',
        channel: 'Shop',
        targets: [{ channel_id: 'c1', network: 'instagram-feed', name: 'Shop' }],
      },
    });
  });
});
