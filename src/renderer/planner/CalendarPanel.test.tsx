import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelArgs } from '../../shared/contract';
import type { CalendarItem } from '../../shared/planner';
import { appError, calendarItem, record, records } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { CalendarPanel } from './CalendarPanel';

// Wednesday 11 March 2026, in UTC (the tests' zone).
const TODAY = new Date('2026-03-11T08:00:00.000Z');

const sale = calendarItem({ id: 'p1', title: 'Spring sale', channel: 'Instagram', at: '2026-03-12T09:30:00.000Z' });
const teaser = calendarItem({
  id: 'q1',
  group: 'mediaQueue',
  title: 'Teaser clip',
  at: '2026-03-20T15:00:00.000Z',
  status: null,
  warnings: [
    { kind: 'slot', message: 'Another item on Instagram is 10 minutes away.', with: [{ group: 'posts', id: 'p9' }] },
  ],
});
const plan = record('contentPlans', 'plan-1', {
  title: 'Launch',
  starts_at: '2026-04-01T00:00:00.000Z',
  post_ids: ['p1'],
});

/** The calendar's answer: the items within the asked range (and plan), with a count of drafts without a time. */
function calendar(items: CalendarItem[] = [sale, teaser], unscheduled = 0) {
  return fakeBackend()
    .answer('channels.list', [])
    .answer('records.list', ({ group }) => records(group === 'contentPlans' ? [plan] : []))
    .answer('planner.calendar', (q: ChannelArgs<'planner.calendar'>) => ({
      items: items.filter((i) => i.at >= q.from && i.at < q.to && (!q.planId || i.planIds.includes(q.planId))),
      unscheduled,
      channels: ['Instagram'],
    }));
}

/** The calendar panel on this backend, with its "open in another tab" handler. */
const panel = (fake: ReturnType<typeof calendar>, onOpen: Parameters<typeof CalendarPanel>[0]['onOpen'] = vi.fn()) =>
  renderWithBackend(<CalendarPanel request={null} onOpen={onOpen} />, fake);
const chip = (name: RegExp) => screen.findByRole('button', { name });
const visibleRange = (fake: ReturnType<typeof calendar>) =>
  fake
    .calls('planner.calendar')
    .filter((q) => q.from > '2026-01')
    .at(-1);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('calendar: states', () => {
  it('shows the month with each item on its day, its time, channel and warning', async () => {
    panel(calendar());
    expect(await screen.findByRole('table', { name: 'March 2026' })).toBeTruthy();
    const day12 = await screen.findByRole('cell', { name: /March 12, 2026, 1 scheduled/ });
    expect(within(day12).getByRole('button', { name: /Post at\s*09:30:\s*Spring sale,\s*Instagram/ })).toBeTruthy();
    expect(screen.getByRole('cell', { name: /March 11, 2026, today, nothing scheduled/ })).toBeTruthy();
    expect((await chip(/Queue item at\s*15:00:\s*Teaser clip/)).textContent).toContain('Same slot');
  });

  it('is busy while the range loads and shows the items once they arrive', async () => {
    const fake = calendar();
    const hold = fake.hold('planner.calendar');
    const { container } = panel(fake);
    await waitFor(() => expect(hold.waiting).toBe(2));
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    hold.answer({ items: [sale], unscheduled: 0, channels: [] });
    expect(await chip(/Spring sale/)).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('shows the core’s message and hint when the calendar cannot load', async () => {
    const fake = calendar().fail(
      'planner.calendar',
      appError({ code: 'storage', message: 'The planner could not be read.', hint: 'Restart Atelier.' }),
    );
    panel(fake);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The planner could not be read. Restart Atelier.');
  });

  it('says when nothing is scheduled in the agenda', async () => {
    localStorage.setItem('atelier.planner.calendar', 'agenda');
    panel(calendar([]));
    expect(await screen.findByText('Nothing is scheduled in these days.')).toBeTruthy();
  });

  it('counts drafts without a time and opens the posts from there', async () => {
    const onOpen = vi.fn();
    const { user } = panel(calendar([sale], 2), onOpen);
    expect(await screen.findByText(/2 drafts have no time yet\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show posts' }));
    expect(onOpen).toHaveBeenCalledWith('posts', null);
  });
});

describe('calendar: moving through time and filters', () => {
  it('pages to the next and previous month and back to today', async () => {
    const fake = calendar();
    const { user } = panel(fake);
    await screen.findByRole('table', { name: 'March 2026' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('table', { name: 'April 2026' })).toBeTruthy();
    await waitFor(() => expect(visibleRange(fake)?.to).toMatch(/^2026-05/));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('table', { name: 'February 2026' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('table', { name: 'March 2026' })).toBeTruthy();
  });

  it('filters by plan: the query names it and the plan’s facts show', async () => {
    const fake = calendar();
    const { user } = panel(fake);
    await chip(/Spring sale/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'Launch');
    await waitFor(() => expect(visibleRange(fake)).toMatchObject({ planId: 'plan-1' }));
    expect(screen.getByText(/Launch: 1 post, from/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Spring sale/ })).toBeNull());
  });

  it('opens the new plan form, which refuses an empty title in words', async () => {
    const { user } = panel(calendar());
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const form = screen.getByRole('form', { name: 'New content plan' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Title'));
    await user.click(within(form).getByRole('button', { name: 'Create plan' }));
    expect(within(form).getByRole('alert').textContent).toBe('Enter a title');
  });
});

describe('calendar: keyboard rescheduling', () => {
  it('selects an item with Enter and moves it to another day with “Move to…”, keeping its time', async () => {
    const moved = { ...sale, at: '2026-03-14T09:30:00.000Z' };
    const fake = calendar().answer('planner.reschedule', moved);
    const { user } = panel(fake);
    (await chip(/Spring sale/)).focus();
    await user.keyboard('{Enter}');
    const bar = await screen.findByRole('form', { name: /Spring sale/ });
    const date = within(bar).getByLabelText('Move to…');
    await waitFor(() => expect(document.activeElement).toBe(date));
    await user.clear(date);
    await user.type(date, '2026-03-14');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(fake.calls('planner.reschedule')).toEqual([
        { group: 'posts', id: 'p1', at: '2026-03-14T09:30:00.000Z', zone: 'UTC' },
      ]),
    );
    expect(await screen.findByText(/^Moved “Spring sale” to .*14.*09:30\.$/)).toBeTruthy();
  });

  it('says when the item is already on the chosen day, and sends nothing', async () => {
    const fake = calendar();
    const { user } = panel(fake);
    await user.click(await chip(/Spring sale/));
    const bar = await screen.findByRole('form', { name: /Spring sale/ });
    await user.click(within(bar).getByRole('button', { name: 'Move' }));
    expect(within(bar).getByRole('alert').textContent).toBe('It is already on that day.');
    expect(fake.calls('planner.reschedule')).toEqual([]);
  });

  it('shows the warnings a move brings', async () => {
    const warned = {
      ...sale,
      at: '2026-03-20T09:30:00.000Z',
      warnings: [
        { kind: 'duplicate' as const, message: 'The same text and media are scheduled on 20 March.', with: [] },
      ],
    };
    const { user } = panel(calendar().answer('planner.reschedule', warned));
    await user.click(await chip(/Spring sale/));
    const date = within(await screen.findByRole('form', { name: /Spring sale/ })).getByLabelText('Move to…');
    await user.clear(date);
    await user.type(date, '2026-03-20{Enter}');
    const notice = await screen.findByText(/Moved “Spring sale” to .*, but:/);
    expect(notice.closest('div')?.textContent).toContain(
      'Duplicate: The same text and media are scheduled on 20 March.',
    );
  });

  it('shows the core’s message and hint when a move is refused', async () => {
    const fake = calendar().fail(
      'planner.reschedule',
      appError({
        code: 'conflict',
        message: 'This post was published; it cannot move.',
        hint: 'Duplicate it instead.',
      }),
    );
    const { user } = panel(fake);
    await user.click(await chip(/Spring sale/));
    const date = within(await screen.findByRole('form', { name: /Spring sale/ })).getByLabelText('Move to…');
    await user.clear(date);
    await user.type(date, '2026-03-15{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This post was published; it cannot move. Duplicate it instead.',
    );
  });

  it('closes the selected item with Escape and hands focus back to it on the calendar', async () => {
    const { user } = panel(calendar());
    const item = await chip(/Spring sale/);
    item.focus();
    await user.keyboard(' ');
    await screen.findByRole('form', { name: /Spring sale/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: /Spring sale/ })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Spring sale/ })));
  });

  it('opens a post for editing from the selected item', async () => {
    const onOpen = vi.fn();
    const { user } = panel(calendar(), onOpen);
    await user.click(await chip(/Spring sale/));
    await user.click(await screen.findByRole('button', { name: 'Edit post' }));
    expect(onOpen).toHaveBeenCalledWith('posts', 'p1');
  });
});

describe('calendar: a new post on a day', () => {
  it('makes a draft at 09:00 on a double-clicked day, or with its + button by keyboard, and opens it', async () => {
    const fake = calendar().answer('records.create', ({ fields }) => record('posts', 'p-new', fields));
    const onOpen = vi.fn();
    const { user } = panel(fake, onOpen);
    await chip(/Spring sale/);
    await user.dblClick(screen.getByTestId('calendar-day-2026-03-17'));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('posts', 'p-new'));
    expect(fake.calls('records.create')[0]).toEqual({
      group: 'posts',
      fields: { text: '', status: 'draft', scheduled_at: '2026-03-17T09:00:00.000Z' },
    });
    // A double-click on a post chooses it; it makes nothing.
    await user.dblClick(await chip(/Spring sale/));
    expect(fake.calls('records.create')).toHaveLength(1);
    const plus = screen.getByTestId('calendar-new-2026-03-20');
    expect(plus.getAttribute('aria-label')).toMatch(/^New post on Friday, (20 March|March 20), 2026$/);
    plus.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.calls('records.create')).toHaveLength(2));
    expect(fake.calls('records.create')[1]!.fields.scheduled_at).toBe('2026-03-20T09:00:00.000Z');
  });
});
