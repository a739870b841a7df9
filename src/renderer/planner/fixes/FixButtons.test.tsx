import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Channel } from '../../../shared/channels';
import type { FixJobView } from '../../../shared/media-fix';
import type { RecordView } from '../../../shared/records';
import { appError, asset, assetDetail, channelView, record } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { PostEditor } from '../PostEditor';

const insta = channelView({ id: 'c-ig', name: 'Studio Insta', network: 'instagram-feed', handle: '@insta' });
const x = channelView({ id: 'c-x', name: 'Studio X', network: 'x', handle: '@x' });

const target = (c: Channel, more: Record<string, unknown> = {}) => ({
  channel_id: c.id,
  network: c.network,
  name: c.name,
  handle: c.handle,
  ...more,
});

const WIDE = assetDetail({
  id: 'wide',
  name: 'wide.jpg',
  kind: 'image',
  mimeType: 'image/jpeg',
  width: 4000,
  height: 1000,
});
const LONG = assetDetail({
  id: 'long',
  name: 'long.mp4',
  kind: 'video',
  mimeType: 'video/mp4',
  width: 1280,
  height: 720,
  durationMs: 200_000,
  fields: { fps: 30 },
});

function job(over: Partial<FixJobView> = {}): FixJobView {
  return {
    id: 'job-1',
    operation: 'crop',
    sourceAssetId: 'wide',
    state: 'running',
    progress: 0,
    startedAt: '2026-11-25T10:00:00.000Z',
    endedAt: null,
    result: null,
    error: null,
    ...over,
  };
}

function editor(post: RecordView, fake = fakeBackend()) {
  fake.answer('channels.list', [insta, x]);
  fake.answer('planner.postAiRequests', []);
  fake.answer('library.get', ({ id }) =>
    id === 'long' ? LONG : id === 'wide' ? WIDE : assetDetail({ id, name: `${id}.jpg` }),
  );
  fake.answer('records.update', ({ id, fields }) => record('posts', id, { ...post.fields, ...fields }));
  const r = renderWithBackend(
    <PostEditor record={post} plans={[]} tz="UTC" notice={null} onSaved={vi.fn()} onDeleted={vi.fn()} />,
    fake,
  );
  return { ...r, fake };
}

const widePost = () =>
  record('posts', 'p1', { text: 'Wide', status: 'draft', asset_ids: ['wide'], targets: [target(insta)] });

async function warningsOf(name: string) {
  const list = await screen.findByRole('list', { name: `Warnings for ${name}` });
  await waitFor(() => expect(list.textContent).toContain('this image is 4:1'));
  return list;
}

describe('composer fixes: crop', () => {
  it('offers Crop… on a ratio warning; presets change the frame, arrows move it, Apply sends the fix', async () => {
    const fake = fakeBackend();
    fake.answer('media.fix', job());
    const { user } = editor(widePost(), fake);
    const list = await warningsOf('Studio Insta');
    await user.click(within(list).getByRole('button', { name: /^Crop/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop “wide.jpg” for Studio Insta' });
    const frame = within(dialog).getByRole('group', { name: 'Crop frame' });
    // The warning's own ratio comes first: 1.91:1 on a 4:1 picture is 47.75% of its width.
    expect(within(dialog).getByRole('button', { name: '1.91:1' }).getAttribute('aria-pressed')).toBe('true');
    expect(frame.style.width).toBe('47.8%');
    await user.click(within(dialog).getByRole('button', { name: '4:5' }));
    expect(frame.style.width).toBe('20%');
    expect(frame.style.left).toBe('40%');
    expect(within(dialog).getByRole('button', { name: '9:16' }).dataset.outside).toBe('true');
    expect(within(dialog).getByRole('button', { name: '4:5' }).dataset.outside).toBeUndefined();
    expect(dialog.textContent).toContain('Studio Insta takes 4:5 to 1.91:1.');
    frame.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}{ArrowDown}');
    expect(frame.style.left).toBe('41%');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(frame.style.left).toBe('31%');
    await user.click(within(dialog).getByRole('button', { name: 'Apply crop' }));
    await waitFor(() => expect(fake.calls('media.fix')).toHaveLength(1));
    expect(fake.calls('media.fix')[0]).toEqual({
      operation: 'crop',
      assetId: 'wide',
      ratio: '4:5',
      focus: { x: 0.41, y: 0.5 },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pads with a solid colour chosen in the pad editor', async () => {
    const fake = fakeBackend();
    fake.answer('media.fix', job({ operation: 'pad' }));
    const { user } = editor(widePost(), fake);
    await user.click(within(await warningsOf('Studio Insta')).getByRole('button', { name: /^Pad/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pad “wide.jpg” for Studio Insta' });
    await user.click(within(dialog).getByRole('button', { name: '1:1' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Solid colour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply pad' }));
    await waitFor(() => expect(fake.calls('media.fix')).toHaveLength(1));
    expect(fake.calls('media.fix')[0]).toEqual({
      operation: 'pad',
      assetId: 'wide',
      ratio: '1:1',
      background: { kind: 'color', color: '#000000' },
    });
  });
});

describe('composer fixes: jobs', () => {
  it('shows progress, then puts the new asset in the channel’s variant in place of its source', async () => {
    const fake = fakeBackend();
    fake.answer('media.fix', job({ operation: 'resize' }));
    const { user, emit } = editor(widePost(), fake);
    await user.click(within(await warningsOf('Studio Insta')).getByRole('button', { name: 'Resize' }));
    await waitFor(() => expect(fake.calls('media.fix')).toHaveLength(1));
    expect(fake.calls('media.fix')[0]).toEqual({
      operation: 'resize',
      assetId: 'wide',
      maxWidth: 1440,
      maxHeight: 360,
    });
    const jobs = await screen.findByRole('list', { name: 'Fixes for Studio Insta' });
    await emit('media.fixChanged', job({ operation: 'resize', progress: 0.4 }));
    const bar = within(jobs).getByRole('progressbar', { name: 'Resizing “wide.jpg” to fit 1440×360' });
    expect((bar as HTMLProgressElement).value).toBe(0.4);
    expect(screen.getByText(/If you close the post now, the fix still finishes/)).toBeTruthy();
    const made = asset({ id: 'wide-small', name: 'wide-resize-1440x360.jpg' });
    await emit(
      'media.fixChanged',
      job({ operation: 'resize', state: 'succeeded', progress: 1, result: { asset: made, existed: false } }),
    );
    expect(screen.queryByRole('list', { name: 'Fixes for Studio Insta' })).toBeNull();
    expect(screen.getByTestId('fix-done').textContent).toContain('Studio Insta now uses “wide-resize-1440x360.jpg”');
    expect((screen.getByRole('checkbox', { name: 'Customize for Studio Insta' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('records.update')).toHaveLength(1));
    expect(fake.calls('records.update')[0]!.fields.targets).toEqual([
      target(insta, { text: 'Wide', asset_ids: ['wide-small'] }),
    ]);
  });

  it('keeps the end of a fix that came before the core’s answer to its start', async () => {
    const fake = fakeBackend();
    const start = fake.hold('media.fix');
    const { user, emit } = editor(widePost(), fake);
    await user.click(within(await warningsOf('Studio Insta')).getByRole('button', { name: 'Resize' }));
    await waitFor(() => expect(start.waiting).toBe(1));
    const made = asset({ id: 'wide-small', name: 'wide-small.jpg' });
    await emit('media.fixChanged', job({ state: 'succeeded', progress: 1, result: { asset: made, existed: true } }));
    start.answer(job({ operation: 'resize' }));
    await waitFor(() => expect(screen.getByTestId('fix-done').textContent).toContain('now uses “wide-small.jpg”'));
    expect(screen.queryByRole('list', { name: 'Fixes for Studio Insta' })).toBeNull();
  });

  it('cancels a running fix, and leaves nothing behind', async () => {
    const fake = fakeBackend();
    fake.answer('media.fix', job({ operation: 'resize', progress: null }));
    fake.answer('media.fixCancel', job({ operation: 'resize', state: 'cancelled', progress: null }));
    const { user } = editor(widePost(), fake);
    await user.click(within(await warningsOf('Studio Insta')).getByRole('button', { name: 'Resize' }));
    const jobs = await screen.findByRole('list', { name: 'Fixes for Studio Insta' });
    const bar = within(jobs).getByRole('progressbar');
    expect(bar.hasAttribute('value')).toBe(false);
    const cancel = within(jobs).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect((cancel as HTMLButtonElement).disabled).toBe(false));
    await user.click(cancel);
    await waitFor(() => expect(fake.calls('media.fixCancel')).toEqual([{ id: 'job-1' }]));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Fixes for Studio Insta' })).toBeNull());
    expect(screen.queryByText(/If you close the post now/)).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Customize for Studio Insta' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('says in words why a fix failed, and Try again runs the same fix again', async () => {
    const fake = fakeBackend();
    fake.answer('media.fix', job({ operation: 'resize' }));
    const { user, emit } = editor(widePost(), fake);
    await user.click(within(await warningsOf('Studio Insta')).getByRole('button', { name: 'Resize' }));
    await screen.findByRole('list', { name: 'Fixes for Studio Insta' });
    const error = appError({ code: 'storage', message: 'The disk is full.', hint: 'Free some space and try again.' });
    await emit('media.fixChanged', job({ operation: 'resize', state: 'failed', error }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Resizing “wide.jpg” to fit 1440×360 failed: The disk is full. Free some space and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.calls('media.fix')).toHaveLength(2));
    expect(fake.calls('media.fix')[1]).toEqual(fake.calls('media.fix')[0]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a fix the core refuses at once as an error in words', async () => {
    const fake = fakeBackend();
    fake.fail(
      'media.fix',
      appError({ code: 'not_found', message: 'The file of “wide.jpg” is not on this computer.', hint: '' }),
    );
    const { user } = editor(widePost(), fake);
    await user.click(within(await warningsOf('Studio Insta')).getByRole('button', { name: 'Resize' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'failed: The file of “wide.jpg” is not on this computer.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('list', { name: 'Fixes for Studio Insta' })).toBeNull();
  });
});

describe('composer fixes: trim and shorten', () => {
  it('trims a long video to the network’s limit, keyframe by default or re-encoded when chosen', async () => {
    const fake = fakeBackend();
    fake.answer('media.fix', job({ operation: 'trim', sourceAssetId: 'long' }));
    const post = record('posts', 'p1', { text: 'Clip', status: 'draft', asset_ids: ['long'], targets: [target(x)] });
    const { user } = editor(post, fake);
    const list = await screen.findByRole('list', { name: 'Warnings for Studio X' });
    const trim = await within(list).findByRole('button', { name: 'Trim' });
    await user.click(trim);
    await user.selectOptions(within(list).getByRole('combobox', { name: 'Trim mode' }), 'reencode');
    await user.click(trim);
    await waitFor(() => expect(fake.calls('media.fix')).toHaveLength(2));
    expect(fake.calls('media.fix')).toEqual([
      { operation: 'trim', assetId: 'long', maxDurationMs: 140_000, mode: 'keyframe' },
      { operation: 'trim', assetId: 'long', maxDurationMs: 140_000, mode: 'reencode' },
    ]);
  });

  it('Shorten text turns on the channel’s own text and puts the cursor in it', async () => {
    const post = record('posts', 'p1', { text: 'a'.repeat(300), status: 'draft', targets: [target(x)] });
    const { user } = editor(post);
    const list = await screen.findByRole('list', { name: 'Warnings for Studio X' });
    await user.click(within(list).getByRole('button', { name: 'Shorten text' }));
    const own = await screen.findByLabelText('Text for Studio X');
    expect((own as HTMLTextAreaElement).value).toBe('a'.repeat(300));
    await waitFor(() => expect(document.activeElement).toBe(own));
    expect(screen.getByTestId('target-count').textContent).toContain('300 of 280 (20 over)');
  });
});
