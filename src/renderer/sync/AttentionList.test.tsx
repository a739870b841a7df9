import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from '../../shared/planner';
import { calendarItem } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { attentionRange, postsNeedingAttention } from './attention';
import { AttentionList } from './AttentionList';

const NOW = Date.parse('2026-11-25T10:20:00Z');
const ratio = {
  kind: 'preflight' as const,
  code: 'image.ratio',
  message: 'Instagram feed wants 4:5 to 1.91:1; this image is 4:1.',
  with: [],
};
const long = {
  kind: 'preflight' as const,
  code: 'text.length',
  message: 'X allows 280 characters; this has 301.',
  with: [],
};
const slot = { kind: 'slot' as const, message: 'Also on Insta at 09:00: “Other”', with: [] };

const items: CalendarItem[] = [
  calendarItem({
    id: 'late',
    title: 'Winter sale starts now',
    at: '2026-11-28T09:00:00.000Z',
    targets: [
      { channelId: 'c1', network: 'instagram-feed', name: 'Insta' },
      { channelId: 'c2', network: 'x', name: 'X main' },
    ],
    warnings: [ratio, long],
  }),
  calendarItem({ id: 'soon', title: 'Studio tour', at: '2026-11-26T09:00:00.000Z', channel: 'Blog', warnings: [long] }),
  calendarItem({ id: 'draft', title: 'A draft', at: '2026-11-26T10:00:00.000Z', status: 'draft', warnings: [ratio] }),
  calendarItem({
    id: 'gone',
    title: 'Went out',
    at: '2026-11-26T11:00:00.000Z',
    status: 'published',
    warnings: [ratio],
  }),
  calendarItem({ id: 'fine', title: 'Only a slot clash', at: '2026-11-26T12:00:00.000Z', warnings: [slot] }),
  calendarItem({ id: 'q1', group: 'mediaQueue', at: '2026-11-26T13:00:00.000Z', warnings: [ratio] }),
];

function list(answer: CalendarItem[], onOpenPost?: (id: string) => void) {
  const fake = fakeBackend().answer('planner.calendar', { items: answer, unscheduled: 0, channels: [] });
  return { ...renderWithBackend(<AttentionList now={NOW} onOpenPost={onOpenPost} />, fake), fake };
}

describe('posts that need attention', () => {
  it('keeps due posts (scheduled or ready) with failed pre-flight checks, soonest first', () => {
    const ready = calendarItem({ id: 'r', at: '2026-11-25T12:00:00.000Z', status: 'ready', warnings: [ratio] });
    expect(postsNeedingAttention([...items, ready]).map((p) => [p.id, p.channels, p.warnings])).toEqual([
      ['r', [], [ratio.message]],
      ['soon', ['Blog'], [long.message]],
      ['late', ['Insta', 'X main'], [ratio.message, long.message]],
    ]);
    expect(attentionRange(NOW)).toEqual({ from: '2026-11-25T10:00:00.000Z', to: '2026-12-09T10:00:00.000Z' });
  });

  it('lists each post in words, with its channels and warnings, and opens it in the composer', async () => {
    const open = vi.fn();
    const { user, fake } = list(items, open);
    const late = await screen.findByTestId('attention-late');
    expect(screen.getByRole('heading', { name: 'Posts that need attention (2)' })).toBeTruthy();
    expect(late.textContent).toContain('Winter sale starts now');
    expect(late.textContent).toContain('Insta, X main');
    expect(
      within(late)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`⚠ ${ratio.message}`, `⚠ ${long.message}`]);
    const rows = screen.getAllByTestId(/^attention-/).filter((e) => e.tagName === 'LI');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['attention-soon', 'attention-late']);
    expect(screen.queryByTestId('attention-draft')).toBeNull();
    expect(screen.queryByTestId('attention-fine')).toBeNull();
    await user.click(within(late).getByRole('button', { name: 'Open in the composer' }));
    expect(open).toHaveBeenCalledWith('late');
    expect(fake.calls('planner.calendar')[0]).toMatchObject(attentionRange(NOW));
  });

  it('says so when nothing needs attention, and refreshes when posts change', async () => {
    const { fake } = list([items[4]!]);
    expect(
      await screen.findByText('No scheduled or ready post of the next 14 days breaks its channels’ rules.'),
    ).toBeTruthy();
    fake.answer('planner.calendar', { items, unscheduled: 0, channels: [] });
    fake.emit('records.changed', { group: 'posts', ids: ['late'] });
    await waitFor(() => expect(screen.getByTestId('attention-late')).toBeTruthy());
  });
});
