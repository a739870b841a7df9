import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PostAiRequestView } from '../../../shared/post-ai';
import type { RecordView } from '../../../shared/records';
import { assetDetail, channelView, record } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { PostEditor } from '../PostEditor';

const insta = channelView({ id: 'ig', name: 'Bakery Insta', network: 'instagram-feed' });
const x = channelView({ id: 'x', name: 'Bakery X', network: 'x' });
const saved = record('posts', 'p1', {
  text: 'Fresh sourdough this morning',
  channel: 'Bakery Insta',
  status: 'draft',
  asset_ids: ['img1', 'vid1'],
  targets: [
    { channel_id: 'ig', network: 'instagram-feed', name: 'Bakery Insta' },
    { channel_id: 'x', network: 'x', name: 'Bakery X' },
  ],
});

function request(over: Partial<PostAiRequestView> & { id: string }): PostAiRequestView {
  return {
    postId: 'p1',
    kind: 'image',
    channelId: null,
    assetId: null,
    jobId: `job-${over.id}`,
    state: 'waiting',
    aspect: '1:1',
    resultAssetId: null,
    text: null,
    error: null,
    createdAt: '2026-11-25T09:00:00.000Z',
    updatedAt: '2026-11-25T09:00:00.000Z',
    ...over,
  };
}

function composer(post: RecordView | null, fake = fakeBackend()) {
  fake.answer('channels.list', [insta, x]);
  fake.answer('library.get', ({ id }) =>
    assetDetail({
      id,
      name: id.startsWith('vid') ? `${id}.mp4` : `${id}.png`,
      kind: id.startsWith('vid') ? 'video' : 'image',
    }),
  );
  fake.answer('planner.postAiRequests', []);
  return renderWithBackend(
    <PostEditor record={post} plans={[]} tz="UTC" notice={null} onSaved={vi.fn()} onDeleted={vi.fn()} />,
    fake,
  );
}

const toolbar = () => screen.getByRole('toolbar', { name: 'AI for this post' });

describe('AI for this post', () => {
  it('is off on an unsaved post and says to save the draft first', async () => {
    composer(null);
    for (const name of ['Generate image for this post…', 'Write alt text…', 'Caption from video…'])
      expect((within(toolbar()).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/^Save the draft first/)).toBeTruthy();
  });

  it('waits while a saved post has unsaved changes', async () => {
    const { user } = composer(saved);
    const button = within(toolbar()).getByRole('button', { name: 'Write alt text…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    await user.type(screen.getByTestId('post-text'), '!');
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/^Save the draft first/)).toBeTruthy();
  });

  it('generates an image from the edited prompt at a ratio every channel takes, for all of them', async () => {
    const fake = fakeBackend().answer('planner.postAi', (input) =>
      request({ id: 'r1', ...(input.kind === 'image' && { aspect: input.aspect }) }),
    );
    const { user } = composer(saved, fake);
    await user.click(within(toolbar()).getByRole('button', { name: 'Generate image for this post…' }));
    const prompt = screen.getByLabelText('Prompt') as HTMLTextAreaElement;
    expect(prompt.value).toBe('Fresh sourdough this morning');
    await user.clear(prompt);
    await user.type(prompt, 'A sourdough loaf at sunrise');
    expect((screen.getByLabelText('Attach to') as HTMLSelectElement).value).toBe('all');
    const ratios = within(screen.getByLabelText('Aspect ratio')).getAllByRole('option');
    expect(ratios.map((o) => o.textContent)).toEqual(['1:1', '4:5', '16:9', '1.91:1']);
    await user.selectOptions(screen.getByLabelText('Aspect ratio'), '4:5');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(fake.calls('planner.postAi')).toEqual([
        { kind: 'image', postId: 'p1', channelId: null, prompt: 'A sourdough loaf at sunrise', aspect: '4:5' },
      ]),
    );
    expect(await screen.findByText('Sent to the AI queue.')).toBeTruthy();
  });

  it('sends an image for one channel only when chosen, and refuses an empty prompt before sending', async () => {
    const fake = fakeBackend().answer('planner.postAi', () => request({ id: 'r1', channelId: 'x' }));
    const { user } = composer(saved, fake);
    await user.click(within(toolbar()).getByRole('button', { name: 'Generate image for this post…' }));
    await user.clear(screen.getByLabelText('Prompt'));
    expect(screen.getByText('Write a prompt first: the post has no text to start from.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Prompt'), 'Crust');
    await user.selectOptions(screen.getByLabelText('Attach to'), 'x');
    await user.selectOptions(screen.getByLabelText('Aspect ratio'), '9:16');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(fake.calls('planner.postAi')).toEqual([
        { kind: 'image', postId: 'p1', channelId: 'x', prompt: 'Crust', aspect: '9:16' },
      ]),
    );
  });

  it('writes alt text for one of the post’s images (videos are not offered)', async () => {
    const fake = fakeBackend().answer('planner.postAi', () =>
      request({ id: 'r2', kind: 'altText', assetId: 'img1', aspect: null }),
    );
    const { user } = composer(saved, fake);
    await user.click(within(toolbar()).getByRole('button', { name: 'Write alt text…' }));
    const options = within(await screen.findByLabelText('Image')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['img1.png']);
    await user.click(screen.getByRole('button', { name: 'Write alt text' }));
    await waitFor(() =>
      expect(fake.calls('planner.postAi')).toEqual([{ kind: 'altText', postId: 'p1', assetId: 'img1' }]),
    );
  });

  it('shows the core’s refusal in words', async () => {
    const fake = fakeBackend().fail('planner.postAi', {
      code: 'validation',
      message: 'The AI platform in use offers no model for video2text; choose one in the AI studio.',
    });
    const { user } = composer(saved, fake);
    await user.click(within(toolbar()).getByRole('button', { name: 'Caption from video…' }));
    await user.selectOptions(await screen.findByLabelText('Offer it for'), 'x');
    await user.click(screen.getByRole('button', { name: 'Read a caption' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The AI platform in use offers no model for video2text; choose one in the AI studio.',
    );
    expect(fake.calls('planner.postAi')).toEqual([{ kind: 'caption', postId: 'p1', assetId: 'vid1', channelId: 'x' }]);
  });

  it('offers a caption to append to the post’s text, never writing it in by itself', async () => {
    const offered = request({ id: 'r3', kind: 'caption', assetId: 'vid1', state: 'offered', text: 'Kneading at dawn' });
    const fake = fakeBackend().answer('planner.postAiSettle', () => ({ ...offered, state: 'done' }));
    const { user } = composer(saved, fake);
    fake.answer('planner.postAiRequests', [offered]);
    expect(await screen.findByText('Caption from vid1.mp4: ready for the post’s text.')).toBeTruthy();
    const text = screen.getByTestId('post-text') as HTMLTextAreaElement;
    expect(text.value).toBe('Fresh sourdough this morning');
    await user.click(screen.getByRole('button', { name: 'Append to the text' }));
    expect(text.value).toBe('Fresh sourdough this morning\n\nKneading at dawn');
    await waitFor(() => expect(fake.calls('planner.postAiSettle')).toEqual([{ id: 'r3', outcome: 'taken' }]));
    expect(screen.getByText('Caption appended to the post’s text: save the post to keep it.')).toBeTruthy();
  });

  it('shows an image the core attached while the composer is open, and a failure in words', async () => {
    const fake = fakeBackend();
    const { emit } = composer(saved, fake);
    fake.answer('planner.postAiRequests', [
      request({ id: 'r4' }),
      request({
        id: 'r5',
        kind: 'altText',
        assetId: 'img1',
        state: 'failed',
        error: 'The AI job was cancelled; the post is unchanged.',
      }),
    ]);
    await emit('planner.postAiChanged', { postIds: ['p1'] });
    expect(await screen.findByText(/^Image for the post: in the AI queue/)).toBeTruthy();
    expect(screen.getByText('Alt text from img1.png: The AI job was cancelled; the post is unchanged.')).toBeTruthy();
    expect(screen.queryByTestId('attached-gen1')).toBeNull();
    fake.answer('planner.postAiRequests', [request({ id: 'r4', state: 'done', resultAssetId: 'gen1' })]);
    await emit('planner.postAiChanged', { postIds: ['p1'] });
    expect(await screen.findByTestId('attached-gen1')).toBeTruthy();
    expect(screen.getByText('Image for the post: attached.')).toBeTruthy();
  });
});
