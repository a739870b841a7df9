import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Channel } from '../../shared/channels';
import type { RecordView } from '../../shared/records';
import { assetDetail, channelView, record } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { PostEditor } from './PostEditor';

const channel = (id: string, name: string, network: string, colour: string) =>
  channelView({ id, name, network, colour, handle: `@${name.toLowerCase()}` });
const insta = channel('c-ig', 'Studio Insta', 'instagram-feed', '#c13584');
const x = channel('c-x', 'Studio X', 'x', '#1f2937');

function editor(post: RecordView | null, fake = fakeBackend()) {
  fake.answer('channels.list', [insta, x]);
  fake.answer('planner.postAiRequests', []);
  fake.answer('library.get', ({ id }) =>
    assetDetail({ id, name: `${id}.jpg`, kind: 'image', mimeType: 'image/jpeg', width: 4000, height: 1000 }),
  );
  fake.answer('records.create', ({ fields }) => record('posts', 'p-new', fields));
  fake.answer('records.update', ({ id, fields }) => record('posts', id, { ...post?.fields, ...fields }));
  const onSaved = vi.fn();
  const r = renderWithBackend(
    <PostEditor record={post} plans={[]} tz="UTC" notice={null} onSaved={onSaved} onDeleted={vi.fn()} />,
    fake,
  );
  return { ...r, fake, onSaved };
}

const target = (c: Channel, more: Record<string, unknown> = {}) => ({
  channel_id: c.id,
  network: c.network,
  name: c.name,
  handle: c.handle,
  ...more,
});

describe('post editor: channels', () => {
  it('saves the channels chosen as targets, the first one’s name as the channel label', async () => {
    const { user, fake } = editor(null);
    await user.type(screen.getByLabelText('Text'), 'Two places');
    await user.click(await screen.findByRole('checkbox', { name: /^Studio X/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Studio Insta/ }));
    const chips = screen.getByRole('list', { name: 'Chosen channels' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Studio X'), expect.stringContaining('Studio Insta')]);
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(fake.calls('records.create')).toHaveLength(1));
    const fields = fake.calls('records.create')[0]!.fields;
    expect(fields.targets).toEqual([target(x), target(insta)]);
    expect(fields.channel).toBe('Studio X');
  });

  it("opens a post from another computer on this one's channel of the same name, and saves it once", async () => {
    const theirs = { channel_id: 'c-far', network: 'instagram-feed', name: 'studio insta', text: 'Their own words' };
    const { user, fake } = editor(
      record('posts', 'p1', { text: 'Pulled', channel: 'studio insta', targets: [theirs] }),
    );
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /^Studio Insta/ })).toHaveProperty('checked', true),
    );
    expect(screen.getByRole('checkbox', { name: /^Studio X/ })).toHaveProperty('checked', false);
    // Saved on this computer's channel: one target, never a second one of the same name.
    await user.type(screen.getByLabelText('Text'), '!');
    await user.click(screen.getByRole('button', { name: /^Save$/ }));
    await waitFor(() => expect(fake.calls('records.update')).toHaveLength(1));
    expect(fake.calls('records.update')[0]!.fields.targets).toEqual([
      { channel_id: 'c-ig', network: 'instagram-feed', name: 'Studio Insta', text: 'Their own words' },
    ]);
  });

  it('shows a preview per chosen channel beside the editor, following the text as it is typed', async () => {
    const { user } = editor(null);
    expect(await screen.findByText('Choose a channel to see how the post will look there.')).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: /^Studio Insta/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Studio X/ }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      expect.stringContaining('Studio Insta'),
      expect.stringContaining('Studio X'),
    ]);
    await user.type(screen.getByLabelText('Text'), 'Hello #launch');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain('Hello');
    expect(within(panel).getByText('#launch')).toBeTruthy();
  });

  it('is used with the keyboard: Tab to a channel, Space ticks it, the chip’s button takes it off', async () => {
    const { user } = editor(null);
    const box = await screen.findByRole('checkbox', { name: /^Studio Insta/ });
    (screen.getByLabelText('Text') as HTMLTextAreaElement).focus();
    while (document.activeElement !== box) await user.tab();
    await user.keyboard(' ');
    expect((box as HTMLInputElement).checked).toBe(true);
    const remove = screen.getByRole('button', { name: 'Remove Studio Insta' });
    remove.focus();
    await user.keyboard('{Enter}');
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('list', { name: 'Chosen channels' })).toBeNull();
  });

  it('opens an old post with the channel its label names (any case) chosen, and saves it as a target', async () => {
    const old = record('posts', 'p1', { text: 'Old one', status: 'draft', channel: 'studio insta' });
    const { user, fake } = editor(old);
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: /^Studio Insta/ }) as HTMLInputElement).checked).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('records.update')).toHaveLength(1));
    expect(fake.calls('records.update')[0]!.fields).toEqual({ targets: [target(insta)], channel: 'Studio Insta' });
  });

  it('shows an old label that names no channel as “not a channel yet” and keeps it on save', async () => {
    const old = record('posts', 'p1', { text: 'Old one', status: 'draft', channel: 'Newsletter' });
    const { user, fake } = editor(old);
    await screen.findByRole('checkbox', { name: /^Studio X/ });
    expect(screen.getByTestId('target-chip-label').textContent).toContain('Newsletter (not a channel yet)');
    await user.selectOptions(screen.getByLabelText('Status'), 'ready');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fake.calls('records.update')).toEqual([{ group: 'posts', id: 'p1', fields: { status: 'ready' } }]),
    );
  });
});

describe('post editor: variants', () => {
  it('saves a channel’s own text under its target, and removes it when customizing is turned off', async () => {
    const post = record('posts', 'p1', {
      text: 'Base text',
      status: 'draft',
      channel: 'Studio X',
      targets: [target(x), target(insta)],
    });
    const { user, fake } = editor(post);
    await user.click(await screen.findByRole('checkbox', { name: 'Customize for Studio X' }));
    const own = screen.getByLabelText('Text for Studio X');
    expect((own as HTMLTextAreaElement).value).toBe('Base text');
    await user.clear(own);
    await user.type(own, 'Short for X');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('records.update')).toHaveLength(1));
    expect(fake.calls('records.update')[0]!.fields.targets).toEqual([
      target(x, { text: 'Short for X', asset_ids: [] }),
      target(insta),
    ]);
  });

  it('removes a channel’s variant when customizing is turned off (back to the post’s text)', async () => {
    const post = record('posts', 'p1', {
      text: 'Base text',
      status: 'draft',
      channel: 'Studio X',
      targets: [target(x, { text: 'Short for X' }), target(insta)],
    });
    const { user, fake } = editor(post);
    const own = await screen.findByLabelText('Text for Studio X');
    expect((own as HTMLTextAreaElement).value).toBe('Short for X');
    await user.click(screen.getByRole('checkbox', { name: 'Customize for Studio X' }));
    expect(screen.queryByLabelText('Text for Studio X')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('records.update')).toHaveLength(1));
    expect(fake.calls('records.update')[0]!.fields.targets).toEqual([target(x), target(insta)]);
  });
});

describe('post editor: pre-flight warnings', () => {
  it('says in words what a 4000×1000 image breaks on Instagram feed, with the fixes named', async () => {
    const post = record('posts', 'p1', {
      text: 'Wide',
      status: 'draft',
      asset_ids: ['wide'],
      targets: [target(insta)],
    });
    editor(post);
    const list = await screen.findByRole('list', { name: 'Warnings for Studio Insta' });
    await waitFor(() =>
      expect(within(list).getByText(/Instagram feed wants 4:5 to 1\.91:1; this image is 4:1\./)).toBeTruthy(),
    );
    expect(list.textContent).toContain('Fix: crop to 1.91:1');
    expect(screen.getByTestId('target-chip-c-ig').textContent).toContain('2 warnings');
  });

  it('warns as the text passes X’s limit, and the channel’s own counter shows where the cut falls', async () => {
    const { user } = editor(null);
    await user.click(await screen.findByRole('checkbox', { name: /^Studio X/ }));
    await user.click(screen.getByLabelText('Text'));
    await user.paste(`${'a'.repeat(270)} the end of it all`);
    const list = await screen.findByRole('list', { name: 'Warnings for Studio X' });
    await waitFor(() => expect(list.textContent).toContain('X allows 280 characters; this text counts 288.'));
    await user.click(screen.getByRole('checkbox', { name: 'Customize for Studio X' }));
    expect(screen.getByTestId('target-count').textContent).toMatch(
      /288 of 280 \(8 over\).*cut falls after “…a+ the end o”/,
    );
  });
});
