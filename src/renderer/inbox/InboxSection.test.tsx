import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InboxItem, InboxList } from '../../shared/inbox';
import { aiJob, appError } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { InboxCount } from './InboxCount';
import { InboxSection } from './InboxSection';
import { INBOX_LIMIT } from './use-inbox';

const at = new Date(Date.now() - 5 * 60_000).toISOString();
const item = (over: Partial<InboxItem> & Pick<InboxItem, 'id' | 'kind' | 'title'>): InboxItem => ({
  at,
  body: 'What happened, in words.',
  read: false,
  link: { section: 'studio' },
  action: null,
  ...over,
});
const failedJob = item({
  id: 'ai:j1',
  kind: 'ai_failed',
  title: 'AI job failed: “a red kite”',
  link: { section: 'studio', id: 'j1' },
  action: { kind: 'retry_job', jobId: 'j1' },
});
const conflict = item({
  id: 'conflict:posts:p1',
  kind: 'conflict',
  title: 'Sync conflict: Launch day',
  link: { section: 'sync', group: 'posts', id: 'p1' },
  action: { kind: 'resolve', group: 'posts', id: 'p1' },
});
const reminder = item({
  id: 'reminder:posts:p2@1',
  kind: 'reminder',
  title: 'Time to post: Friday teaser',
  read: true,
  link: { section: 'planner', group: 'posts', id: 'p2' },
  action: { kind: 'open' },
});
const list = (items: InboxItem[]): InboxList => ({
  items,
  total: items.length,
  unread: items.filter((i) => !i.read).length,
});

function inbox(items: InboxItem[] = [failedJob, conflict, reminder]) {
  return fakeBackend().answer('inbox.list', list(items)).answer('inbox.markRead', { total: items.length, unread: 0 });
}

describe('inbox section', () => {
  it('says so when there is nothing, and offers no Mark all read', async () => {
    renderWithBackend(<InboxSection go={vi.fn()} />, inbox([]));
    expect(await screen.findByText(/Nothing has happened that needs you/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows each row in words: its kind, unread or not, title, body and time', async () => {
    const fake = inbox();
    renderWithBackend(<InboxSection go={vi.fn()} />, fake);
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByTestId('inbox-summary').textContent).toBe('2 unread of 3.');
    expect(
      within(rows[0]!).getByRole('button', {
        name: /^AI job failed\s*· New:\s*AI job failed: “a red kite”,\s*What happened, in words\.,\s*5 min ago$/,
      }),
    ).toBeTruthy();
    expect(within(rows[0]!).getByText('What happened, in words.')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: /^Reminder:\s*Time to post: Friday teaser/ })).toBeTruthy();
    expect(within(rows[2]!).queryByText(' · New')).toBeNull();
    expect(fake.calls('inbox.list')).toEqual([{ limit: INBOX_LIMIT }]);
  });

  it('opening a row marks it read and goes to its item; a post opens in the composer', async () => {
    const go = vi.fn();
    const openPost = vi.fn();
    const fake = inbox();
    const { user } = renderWithBackend(<InboxSection go={go} openPost={openPost} />, fake);
    await user.click(await screen.findByRole('button', { name: /^Sync conflict\s*· New/ }));
    expect(go).toHaveBeenCalledWith('sync');
    await waitFor(() => expect(fake.calls('inbox.markRead')).toEqual([{ ids: ['conflict:posts:p1'] }]));
    await user.click(screen.getByRole('button', { name: /^Reminder:/ }));
    expect(openPost).toHaveBeenCalledWith('p2');
    // Already read: nothing more to mark.
    expect(fake.calls('inbox.markRead')).toHaveLength(1);
  });

  it('retries a failed job in one click; resolve goes to the Sync view', async () => {
    const go = vi.fn();
    const fake = inbox().answer('ai.retry', aiJob({ id: 'j1', state: 'queued' }));
    const { user } = renderWithBackend(<InboxSection go={go} />, fake);
    await user.click(await screen.findByRole('button', { name: 'Retry AI job failed: “a red kite”' }));
    await waitFor(() => expect(fake.calls('ai.retry')).toEqual([{ id: 'j1' }]));
    await user.click(screen.getByRole('button', { name: 'Resolve… Sync conflict: Launch day' }));
    expect(go).toHaveBeenCalledWith('sync');
  });

  it('shows a refused retry in words', async () => {
    const fake = inbox().fail('ai.retry', appError({ code: 'not_found', message: 'No AI job has the id j1.' }));
    const { user } = renderWithBackend(<InboxSection go={vi.fn()} />, fake);
    await user.click(await screen.findByRole('button', { name: /^Retry / }));
    expect((await screen.findByRole('alert')).textContent).toContain('No AI job has the id j1.');
  });

  it('marks all read at once, and says so when an item had gone meanwhile', async () => {
    const fake = inbox().failOnce(
      'inbox.markRead',
      appError({ code: 'not_found', message: 'The inbox has no item “ai:j1”; it may have been resolved meanwhile.' }),
    );
    const { user } = renderWithBackend(<InboxSection go={vi.fn()} />, fake);
    await user.click(await screen.findByRole('button', { name: /^AI job failed\s*· New/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('it may have been resolved meanwhile');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(fake.calls('inbox.markRead').at(-1)).toEqual({ all: true }));
  });

  it('moves through the rows with the arrow keys, Home and End (one tab stop)', async () => {
    const { user } = renderWithBackend(<InboxSection go={vi.fn()} />, inbox());
    const rows = await screen.findAllByTestId('inbox-row');
    const open = (i: number) => rows[i]!.querySelector<HTMLButtonElement>('.inbox-open')!;
    expect([0, 1, 2].map((i) => open(i).tabIndex)).toEqual([0, -1, -1]);
    open(0).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(open(1));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(open(2));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(open(2));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(open(0));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(open(0));
    expect([0, 1, 2].map((i) => open(i).tabIndex)).toEqual([0, -1, -1]);
  });
});

describe('inbox count', () => {
  it('shows the unread count, follows inbox.changed, and hides at zero', async () => {
    const fake = fakeBackend()
      .answerOnce('inbox.list', list([failedJob, conflict]))
      .answer('inbox.list', list([]));
    const { emit } = renderWithBackend(<InboxCount />, fake);
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('2 unread');
    await emit('inbox.changed', { total: 0, unread: 0 });
    await waitFor(() => expect(screen.queryByTestId('inbox-count')).toBeNull());
  });
});
