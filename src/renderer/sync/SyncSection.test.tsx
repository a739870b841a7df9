import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ConflictView, FailedChange, GroupSyncView } from '../../shared/sync';
import { appError, syncStatus } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { SyncSection } from './SyncSection';

const posts: GroupSyncView = {
  group: 'posts',
  endpoints: 'specified',
  pending: 2,
  failed: 1,
  conflicts: 1,
  lastPulledAt: '2026-03-02T09:00:00.000Z',
  massDelete: null,
};
const queue: GroupSyncView = {
  group: 'mediaQueue',
  endpoints: 'unspecified',
  pending: 0,
  failed: 0,
  conflicts: 0,
  lastPulledAt: null,
  massDelete: null,
};
const refused: FailedChange = {
  seq: 7,
  group: 'posts',
  recordId: 'p1',
  label: 'Spring sale',
  op: 'update',
  message: 'Channel is not connected',
  attempts: 3,
  at: '2026-03-02T09:30:00.000Z',
};
const conflict: ConflictView = {
  group: 'posts',
  id: 'p2',
  label: 'Summer teaser',
  local: { fields: { text: 'Ours', channel: 'Instagram' }, deleted: false },
  remote: { fields: { text: 'Theirs', channel: 'Instagram' }, deleted: false, version: 4 },
  differing: ['text'],
};

/** A sync view with these lists; the status answer comes from the test. */
function sync(status = syncStatus(), lists: { failed?: FailedChange[]; conflicts?: ConflictView[] } = {}) {
  return fakeBackend()
    .answer('sync.status', status)
    .answer('sync.failed', lists.failed ?? [])
    .answer('sync.conflicts', lists.conflicts ?? [])
    .answer('planner.calendar', { items: [], unscheduled: 0, channels: [] })
    .answer('sync.log', [
      {
        id: 1,
        at: '2026-03-02T09:30:00.000Z',
        group: 'posts',
        recordId: 'p1',
        level: 'error',
        message: 'The platform refused “Spring sale”.',
      },
    ]);
}

const attention = syncStatus({ groups: [posts, queue], totals: { pending: 2, failed: 1, conflicts: 1 } });
const message = () => screen.findByTestId('sync-message');

/** Shows the sync view and opens the merge editor of the conflict on "Summer teaser". */
async function openMerge(fake: ReturnType<typeof sync>) {
  const { user } = renderWithBackend(<SyncSection />, fake);
  await user.click(
    within(await screen.findByRole('group', { name: 'Summer teaser' })).getByRole('button', {
      name: 'Edit a merge…',
    }),
  );
  return { user, merge: screen.getByRole('form', { name: 'Edit a merge of Summer teaser' }) };
}

describe('sync view: states', () => {
  it('says it is loading, then that everything is up to date', async () => {
    const fake = sync();
    const hold = fake.hold('sync.status');
    renderWithBackend(<SyncSection />, fake);
    expect(await screen.findByText('Loading sync state…')).toBeTruthy();
    await waitFor(() => expect(hold.waiting).toBe(1));
    hold.answer(syncStatus());
    expect((await message()).textContent).toBe('Everything on this computer is on the platform too.');
    expect(screen.getByText('Up to date')).toBeTruthy();
    expect(await screen.findByText('No record was changed both here and on the platform.')).toBeTruthy();
    expect(await screen.findByText('The platform has not refused any of your changes.')).toBeTruthy();
  });

  it('shows the core’s message and hint when the state cannot be read', async () => {
    renderWithBackend(
      <SyncSection />,
      sync().fail('sync.status', appError({ message: 'The outbox could not be read.', hint: 'Restart Atelier.' })),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The outbox could not be read. Restart Atelier.');
  });

  it('says in words why sync waits while offline, and that nothing is lost', async () => {
    renderWithBackend(
      <SyncSection />,
      sync(syncStatus({ phase: 'offline', online: 'offline', totals: { pending: 3, failed: 0, conflicts: 0 } })),
    );
    expect((await message()).textContent).toBe(
      'The platform cannot be reached. Your changes are kept and will be sent when the platform answers.',
    );
    expect(screen.getByText('Offline — the platform cannot be reached')).toBeTruthy();
  });

  it('sends the user to Settings to sign in when the session ended', async () => {
    const go = vi.fn();
    const { user } = renderWithBackend(<SyncSection go={go} />, sync(syncStatus({ phase: 'paused_auth' })));
    expect((await message()).textContent).toContain('Sign in to sync; your changes are kept on this computer.');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(go).toHaveBeenCalledWith('settings');
  });

  it('lists each group’s counts and state, and the totals', async () => {
    renderWithBackend(<SyncSection />, sync(attention));
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('Posts'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Needs your choice', '2', '1', '1', expect.any(String)]);
    expect(within(row('Media queue')).getByText("Waiting for the platform's specification")).toBeTruthy();
    expect(
      within(row('All groups'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', '2', '1', '1', '']);
    expect(screen.getByText('Needs your attention')).toBeTruthy();
  });

  it('shows the activity log with each entry’s level in words', async () => {
    renderWithBackend(<SyncSection />, sync());
    const log = await screen.findByRole('list', { name: 'Activity log, newest first' });
    expect(within(log).getByRole('listitem').textContent).toMatch(
      /^✕ Error.*Posts: The platform refused “Spring sale”\.$/,
    );
  });
});

describe('sync view: actions', () => {
  it('syncs now and pauses, showing the new state the core answers', async () => {
    const fake = sync(syncStatus({ revision: 1 }))
      .answer('sync.now', syncStatus({ revision: 2, phase: 'syncing', progress: { done: 1, total: 4 } }))
      .answer('sync.setPaused', syncStatus({ revision: 3, phase: 'paused_user' }));
    const { user } = renderWithBackend(<SyncSection />, fake);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('Sending your changes and fetching the platform’s.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pause sync' }));
    expect(await screen.findByRole('button', { name: 'Resume sync' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fake.calls('sync.setPaused')).toEqual([{ paused: true }]);
  });

  it('shows the core’s message and hint when Sync now is refused', async () => {
    const fake = sync().fail(
      'sync.now',
      appError({ code: 'auth', message: 'Your session has ended.', hint: 'Sign in again in Settings.' }),
    );
    const { user } = renderWithBackend(<SyncSection />, fake);
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended. Sign in again in Settings.');
  });

  it('retries a refused change, quoting the platform', async () => {
    const fake = sync(attention, { failed: [refused] }).answer('sync.retry', attention);
    const { user } = renderWithBackend(<SyncSection />, fake);
    const item = (await screen.findByText('Spring sale')).closest('li')!;
    expect(within(item).getByText('Channel is not connected')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fake.calls('sync.retry')).toEqual([{ seq: 7 }]));
  });

  it('asks before discarding a refused change, with the keyboard on Cancel, and returns to Discard', async () => {
    const fake = sync(attention, { failed: [refused] }).answer('sync.discard', attention);
    const { user } = renderWithBackend(<SyncSection />, fake);
    const item = (await screen.findByText('Spring sale')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    const question = within(item).getByRole('group', {
      name: "Discard this change? The record goes back to the platform's version.",
    });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(item).getByRole('button', { name: 'Discard' })));
    expect(fake.calls('sync.discard')).toEqual([]);
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    await user.click(within(item).getByRole('button', { name: 'Discard change' }));
    await waitFor(() => expect(fake.calls('sync.discard')).toEqual([{ seq: 7 }]));
  });

  it('resolves a conflict by keeping one side', async () => {
    const fake = sync(attention, { conflicts: [conflict] }).answer('sync.resolve', attention);
    const { user } = renderWithBackend(<SyncSection />, fake);
    const choices = await screen.findByRole('group', { name: 'Summer teaser' });
    await user.click(within(choices).getByRole('button', { name: "Keep the platform's" }));
    await waitFor(() => expect(fake.calls('sync.resolve')).toEqual([{ group: 'posts', id: 'p2', keep: 'remote' }]));
  });

  it('edits a merge field by field and saves it', async () => {
    const fake = sync(attention, { conflicts: [conflict] }).answer('sync.resolve', attention);
    const { user, merge } = await openMerge(fake);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(merge).getByRole('heading', { name: 'Edit a merge of Summer teaser' }),
      ),
    );
    const value = within(merge).getByLabelText('Merged value of text');
    await user.clear(value);
    await user.type(value, 'Ours and theirs');
    await user.click(within(merge).getByRole('button', { name: 'Save merge' }));
    await waitFor(() =>
      expect(fake.calls('sync.resolve')).toEqual([
        { group: 'posts', id: 'p2', keep: 'merged', fields: { text: 'Ours and theirs', channel: 'Instagram' } },
      ]),
    );
  });

  it('keys a merge by position, so a field named like a path merges as itself; bad JSON stays beside it', async () => {
    const odd: ConflictView = {
      ...conflict,
      local: { fields: { text: 'Ours', 'stats.0': 3 }, deleted: false },
      remote: { fields: { text: 'Ours', 'stats.0': 5 }, deleted: false, version: 4 },
      differing: ['stats.0'],
    };
    const fake = sync(attention, { conflicts: [odd] }).answer('sync.resolve', attention);
    const { user, merge } = await openMerge(fake);
    const value = within(merge).getByLabelText('Merged value of stats.0');
    await user.click(within(merge).getByRole('radio', { name: 'On the platform: 5' }));
    expect((value as HTMLTextAreaElement).value).toBe('5');
    await user.clear(value);
    await user.type(value, 'seven');
    expect((within(merge).getByRole('radio', { name: 'Edited' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(merge).getByRole('button', { name: 'Save merge' }));
    expect((await within(merge).findByRole('alert')).textContent).toMatch(/^This is not valid JSON/);
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect(fake.calls('sync.resolve')).toEqual([]);
    await user.clear(value);
    await user.type(value, '7');
    await user.click(within(merge).getByRole('button', { name: 'Save merge' }));
    await waitFor(() =>
      expect(fake.calls('sync.resolve')).toEqual([
        { group: 'posts', id: 'p2', keep: 'merged', fields: { text: 'Ours', 'stats.0': 7 } },
      ]),
    );
  });

  it('lists what is wrong outside the differing fields and sends nothing', async () => {
    const broken: ConflictView = { ...conflict, local: { fields: { text: 'Ours', status: 'lost' }, deleted: false } };
    const fake = sync(attention, { conflicts: [broken] });
    const { user, merge } = await openMerge(fake);
    await user.click(within(merge).getByRole('button', { name: 'Save merge' }));
    const list = await within(merge).findByRole('alert');
    expect(list.textContent).toMatch(/^The merged record is not valid yet:status: /);
    expect(fake.calls('sync.resolve')).toEqual([]);
  });

  it('asks before a pull deletes most of a group, and keeps ours when told', async () => {
    const asking = syncStatus({ groups: [{ ...posts, massDelete: { wouldDelete: 95, localCount: 100 } }] });
    const fake = sync(asking).answer('sync.confirmMassDelete', syncStatus());
    const { user } = renderWithBackend(<SyncSection />, fake);
    // Found by its words, whether the question is a card or a dialog.
    expect(await screen.findByText(/Posts: the platform would delete most of them/)).toBeTruthy();
    expect(screen.getByText(/would delete 95 of your 100 posts\. Nothing is deleted until you answer\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByText(/would delete most of them/)).toBeNull());
    expect(fake.calls('sync.confirmMassDelete')).toEqual([{ group: 'posts', choice: 'keep' }]);
  });

  it('follows sync.changed events, keeping the newest state and fetching the lists again', async () => {
    const fake = sync(syncStatus({ revision: 5 }));
    const { emit } = renderWithBackend(<SyncSection />, fake);
    await screen.findByText('Up to date');
    await emit('sync.changed', syncStatus({ revision: 6, totals: { pending: 4, failed: 0, conflicts: 0 } }));
    expect((await message()).textContent).toBe('4 changes wait here until the platform can take them.');
    // An older status arriving late does not take the newer one's place.
    await emit('sync.changed', syncStatus({ revision: 4 }));
    expect((await message()).textContent).toBe('4 changes wait here until the platform can take them.');
    await waitFor(() => expect(fake.calls('sync.failed').length).toBeGreaterThan(1));
  });
});
