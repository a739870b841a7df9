import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { channelView, record } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { PostEditor } from './PostEditor';

const channel = (id: string, name: string) => channelView({ id, name, slots: [{ day: 1, time: '09:00' }] });

function editor(fake = fakeBackend()) {
  fake.answer('channels.list', [channel('c1', 'Blog'), channel('c2', 'Shop')]);
  fake.answer('planner.postAiRequests', []);
  const post = record('posts', 'p1', { text: 'Hello', status: 'draft', channel: 'shop' });
  return renderWithBackend(
    <PostEditor record={post} plans={[]} channels={[]} tz="UTC" notice={null} onSaved={vi.fn()} onDeleted={vi.fn()} />,
    fake,
  );
}

describe('post editor: add to queue', () => {
  it('asks the post’s own channel for its next free slot and schedules the post there', async () => {
    const fake = fakeBackend().answer('channels.nextSlot', { at: '2026-11-30T09:00:00.000Z', reason: null });
    const { user } = editor(fake);
    await user.click(screen.getByRole('button', { name: 'Add to queue…' }));
    const on = await screen.findByLabelText('Queue on');
    expect((on as HTMLSelectElement).value).toBe('c2');
    await user.click(screen.getByRole('button', { name: 'Use the next free slot' }));
    await waitFor(() =>
      expect((screen.getByLabelText(/Scheduled for/) as HTMLInputElement).value).toBe('2026-11-30T09:00'),
    );
    expect(fake.calls('channels.nextSlot')).toEqual([{ channelId: 'c2', zone: 'UTC', excludeId: 'p1' }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('scheduled');
    expect((screen.getByRole('checkbox', { name: /^Shop/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('post-queue-said').textContent).toMatch(/Queued for .*09:00 on Shop/);
  });

  it('says why when the chosen channel has no free slot, and leaves the time alone', async () => {
    const fake = fakeBackend().answer('channels.nextSlot', {
      at: null,
      reason: 'Blog has no posting slots yet; add some in its settings.',
    });
    const { user } = editor(fake);
    await user.click(screen.getByRole('button', { name: 'Add to queue…' }));
    await user.selectOptions(await screen.findByLabelText('Queue on'), 'c1');
    await user.click(screen.getByRole('button', { name: 'Use the next free slot' }));
    expect(await screen.findByText('Blog has no posting slots yet; add some in its settings.')).toBeTruthy();
    expect(fake.calls('channels.nextSlot')).toEqual([{ channelId: 'c1', zone: 'UTC', excludeId: 'p1' }]);
    expect((screen.getByLabelText(/Scheduled for/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft');
  });
});
