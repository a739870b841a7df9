import { DndContext } from '@dnd-kit/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { assetDetail, calendarItem, channelView } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { CalendarChip } from './CalendarChip';

const AT = '2026-11-20T10:00:00.000Z';
const channel = (id: string, name: string, colour: string) => channelView({ id, name, colour, network: 'x' });

function chips(statuses: (string | null)[]) {
  const fake = fakeBackend();
  fake.answer('channels.list', [channel('c1', 'Insta', '#c13584'), channel('c2', 'X main', '#1f2937')]);
  const items = statuses.map((status, i) =>
    calendarItem({
      id: `p${i}`,
      at: AT,
      status,
      title: `post ${i}`,
      targets: [
        { channelId: 'c1', network: 'instagram-feed', name: 'Insta' },
        // Named only: found by its name.
        { channelId: null, network: null, name: 'x MAIN' },
        { channelId: 'gone', network: 'x', name: 'Deleted' },
      ],
    }),
  );
  renderWithBackend(
    <DndContext>
      {items.map((item) => (
        <CalendarChip key={item.id} item={item} tz="UTC" selected={false} onSelect={vi.fn()} />
      ))}
    </DndContext>,
    fake,
  );
}

describe('calendar chips', () => {
  it('show the first media as a small thumbnail, and nothing in its place when it has none', async () => {
    const fake = fakeBackend();
    fake.answer('channels.list', []);
    const sha = 'a'.repeat(64);
    fake.answer('library.get', ({ id }) =>
      assetDetail({
        id,
        thumb: { state: id === 'm1' ? 'ready' : 'none', sha256: id === 'm1' ? sha : null, reason: null },
      }),
    );
    const withMedia = calendarItem({ id: 'p1', at: AT, title: 'with', assetIds: ['m1', 'm2'] });
    const noThumb = calendarItem({ id: 'p2', at: AT, title: 'without', assetIds: ['m2'] });
    renderWithBackend(
      <DndContext>
        <CalendarChip item={withMedia} tz="UTC" selected={false} onSelect={vi.fn()} />
        <CalendarChip item={noThumb} tz="UTC" selected={false} onSelect={vi.fn()} />
      </DndContext>,
      fake,
    );
    await waitFor(() =>
      expect(screen.getByTestId('calendar-item-p1').querySelector('img')?.getAttribute('src')).toBe(
        `memory://media/${sha}`,
      ),
    );
    await waitFor(() => expect(fake.calls('library.get').map((c) => c.id)).toContain('m2'));
    expect(screen.getByTestId('calendar-item-p2').querySelector('img')).toBeNull();
  });

  it('tell drafts, scheduled, published and failed posts apart by style and icon, not colour alone', () => {
    chips(['draft', 'scheduled', 'published', 'failed']);
    const of = (i: number) => screen.getByTestId(`calendar-item-p${i}`);
    expect([0, 1, 2, 3].map((i) => of(i).className.match(/cal-chip-status-(\w+)/)?.[1])).toEqual([
      'draft',
      'scheduled',
      'published',
      'failed',
    ]);
    expect([0, 1, 2, 3].map((i) => of(i).querySelector('.cal-chip-icon')?.textContent)).toEqual(['✎', '◷', '✓', '✕']);
    // The status is said to screen readers too.
    expect(of(2).textContent).toContain(', published');
  });

  it('show a dot in the colour of each channel the post goes to that is known here', async () => {
    chips(['scheduled']);
    const chip = screen.getByTestId('calendar-item-p0');
    await waitFor(() => expect(chip.querySelectorAll('.cal-chip-dot')).toHaveLength(2));
    const dots = [...chip.querySelectorAll<HTMLElement>('.cal-chip-dot')].map((d) => d.style.getPropertyValue('--dot'));
    expect(dots).toEqual(['#c13584', '#1f2937']);
  });
});
