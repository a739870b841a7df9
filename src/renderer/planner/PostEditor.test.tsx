import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Channel } from '../../shared/channels';
import type { RecordView } from '../../shared/records';
import { appError, assetDetail, channelView, record } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import type { PlanView } from './fields';
import { PostEditor } from './PostEditor';

const existing = record('posts', 'p1', {
  text: 'Hello spring',
  status: 'draft',
  channel: 'Instagram',
  asset_ids: ['a1'],
});
const launch: PlanView = { id: 'plan-1', title: 'Launch', startsAt: null, endsAt: null, postIds: [] };

export const channelRecord = (id: string, name: string, network: string, colour = '#336699') =>
  channelView({ id, name, network, colour });
const instagram = channelRecord('ch-ig', 'Instagram', 'instagram-feed');
const x = channelRecord('ch-x', 'X', 'x');

function editor(
  props: Partial<Parameters<typeof PostEditor>[0]> = {},
  fake = fakeBackend(),
  channels: Channel[] = [instagram, x],
) {
  fake.answer('library.get', ({ id }) => assetDetail({ id, name: `${id}-beach.png` }));
  fake.answer('channels.list', channels);
  fake.answer('planner.postAiRequests', []);
  const onSaved = vi.fn();
  const onDeleted = vi.fn();
  const rendered = renderWithBackend(
    <PostEditor
      record={null}
      plans={[launch]}
      channels={['Instagram']}
      tz="UTC"
      notice={null}
      onSaved={onSaved}
      onDeleted={onDeleted}
      {...props}
    />,
    fake,
  );
  return {
    ...rendered,
    onSaved,
    onDeleted,
    form: () => screen.getByRole('form', { name: props.record ? 'Edit post' : 'New post' }),
  };
}

/** The created record as the core answers it: the fields it was given. */
const created = (fields: RecordView['fields']) => record('posts', 'p-new', fields);

describe('post editor: writing', () => {
  it('counts characters as they are typed and hints the channel’s usual limit', async () => {
    const { user } = editor();
    await user.type(screen.getByLabelText('Text'), 'Hello 👍🏽');
    expect(screen.getByText('7 characters')).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: /^Instagram/ }));
    expect(screen.getByText(/Instagram allows about 2,200 \(2,193 left\)/)).toBeTruthy();
  });

  it('says when the text is over the channel’s limit', async () => {
    const { user } = editor();
    await user.click(await screen.findByRole('checkbox', { name: /^X/ }));
    await user.click(screen.getByLabelText('Text'));
    await user.paste('a'.repeat(290));
    expect(screen.getByText(/X\/Twitter allows about 280 \(10 over\)/)).toBeTruthy();
  });

  it('warns that a scheduled post needs a time', async () => {
    const { user } = editor();
    await user.selectOptions(screen.getByLabelText('Status'), 'scheduled');
    expect(screen.getByText('A scheduled post needs a time: choose one above.')).toBeTruthy();
  });

  it('takes the keyboard to the text when the new-post command asks', async () => {
    editor({ focusText: 1 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Text')));
  });
});

describe('post editor: saving', () => {
  it('creates a post with what was entered, scheduled in the local zone', async () => {
    const fake = fakeBackend().answer('records.create', ({ fields }) => created(fields));
    const { user, onSaved } = editor({}, fake);
    await user.type(screen.getByLabelText('Text'), 'Sale starts now');
    await user.click(await screen.findByRole('checkbox', { name: /^Instagram/ }));
    await user.type(screen.getByLabelText('Scheduled for'), '2026-03-12T09:30');
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-new' }), 'Post created.'),
    );
    expect(fake.calls('records.create')).toEqual([
      {
        group: 'posts',
        fields: {
          text: 'Sale starts now',
          status: 'draft',
          channel: 'Instagram',
          targets: [{ channel_id: 'ch-ig', network: 'instagram-feed', name: 'Instagram' }],
          scheduled_at: '2026-03-12T09:30:00.000Z',
        },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Post created.');
  });

  it('sends only what changed when an existing post is saved', async () => {
    const fake = fakeBackend().answer('records.update', ({ id, fields }) =>
      record('posts', id, { ...existing.fields, ...fields }),
    );
    const { user, onSaved } = editor({ record: existing }, fake, []);
    await user.selectOptions(screen.getByLabelText('Status'), 'ready');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fake.calls('records.update')).toEqual([{ group: 'posts', id: 'p1', fields: { status: 'ready' } }]);
  });

  it('puts the post in the plans ticked for it', async () => {
    const fake = fakeBackend()
      .answer('records.update', ({ group, id, fields }) => record(group, id, fields))
      .answer('records.create', ({ fields }) => created(fields));
    const { user } = editor({}, fake);
    await user.type(screen.getByLabelText('Text'), 'In the launch');
    await user.click(screen.getByRole('checkbox', { name: 'Launch' }));
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() =>
      expect(fake.calls('records.update')).toEqual([
        { group: 'contentPlans', id: 'plan-1', fields: { post_ids: ['p-new'] } },
      ]),
    );
  });

  it('shows Saving… and no second save while the core works', async () => {
    const fake = fakeBackend();
    const hold = fake.hold('records.create');
    const { user, onSaved } = editor({}, fake);
    await user.type(screen.getByLabelText('Text'), 'Wait for it');
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    hold.answer(created({ text: 'Wait for it' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('shows the core’s message and hint when saving fails, and keeps what was typed', async () => {
    const fake = fakeBackend().fail(
      'records.update',
      appError({ message: 'The disk is full; nothing was changed.', hint: 'Free some disk space and try again.' }),
    );
    const { user, onSaved } = editor({ record: existing }, fake);
    await user.type(screen.getByLabelText('Text'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The disk is full; nothing was changed. Free some disk space and try again.',
    );
    expect((screen.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Hello spring!');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('lists the issues of a refused post in words', async () => {
    const refusal = appError({
      code: 'validation',
      message: 'The post was not valid.',
      hint: undefined,
      issues: [{ path: 'fields.channel', message: 'At most 100 characters' }],
    });
    const { user } = editor({}, fakeBackend().fail('records.create', refusal));
    await user.type(screen.getByLabelText('Text'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    expect(await screen.findByText('The post was not valid.')).toBeTruthy();
    // Beside its field or listed under the message: either way, in words.
    expect(screen.getByText(/At most 100 characters/)).toBeTruthy();
  });

  it('says when the platform refused the post’s last change', () => {
    editor({ record: { ...existing, failed: 'Channel is not connected' } });
    expect(screen.getByText('The platform refused the last change: Channel is not connected')).toBeTruthy();
  });
});

describe('post editor: media, copies and deleting', () => {
  it('lists attached media by name and removes one', async () => {
    const fake = fakeBackend().answer('records.update', ({ id, fields }) =>
      record('posts', id, { ...existing.fields, ...fields }),
    );
    const { user } = editor({ record: existing }, fake, []);
    const list = screen.getByRole('list', { name: 'Media' });
    await user.click(await within(list).findByRole('button', { name: 'Remove a1-beach.png' }));
    expect(screen.getByText('No media attached.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.calls('records.update')).toEqual([{ group: 'posts', id: 'p1', fields: { asset_ids: null } }]),
    );
  });

  it('duplicates a post and says the copy is a draft', async () => {
    const fake = fakeBackend().answer('planner.duplicatePost', ({ id }) =>
      record('posts', `${id}-copy`, { text: 'Hello spring', status: 'draft' }),
    );
    const { user, onSaved } = editor({ record: existing }, fake);
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'p1-copy' }),
        'Duplicated: you are editing the copy (a draft, not scheduled).',
      ),
    );
  });

  it('deletes only after a second, focused confirmation', async () => {
    const fake = fakeBackend().answer('records.delete', ({ id }) => ({ id }));
    const { user, onDeleted } = editor({ record: existing }, fake);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('button', { name: 'Yes, delete this post' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    expect(fake.calls('records.delete')).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(fake.calls('records.delete')).toEqual([{ group: 'posts', id: 'p1' }]);
  });

  it('keeps the post when the confirmation is declined', async () => {
    const { user, onDeleted } = editor({ record: existing });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
