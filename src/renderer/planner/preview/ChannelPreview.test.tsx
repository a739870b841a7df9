import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { assetDetail } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { ChannelPreview } from './ChannelPreview';
import { channel, photo } from './test-preview';
import type { PreviewMedia } from './types';

function frameOf(container: HTMLElement): HTMLElement {
  const frame = container.querySelector<HTMLElement>('.feed-media');
  if (!frame) throw new Error('No media frame');
  return frame;
}

describe('ChannelPreview', () => {
  it('cuts the text where Instagram feed cuts it, with "… more" that shows the rest', async () => {
    const text = `${'Slow morning bread, '.repeat(10)}the end`;
    const view = renderWithBackend(<ChannelPreview channel={channel({ id: 'c1' })} text={text} media={[]} />);
    const paragraph = view.container.querySelector('.feed-text');
    expect(paragraph?.textContent?.endsWith('… more')).toBe(true);
    expect(paragraph?.textContent?.length).toBeLessThanOrEqual(125 + '… more'.length);
    expect(paragraph?.textContent).not.toContain('the end');
    await view.user.click(screen.getByRole('button', { name: 'more' }));
    expect(view.container.querySelector('.feed-text')?.textContent).toBe(text);
  });

  it('shows the whole text where the network has no cut, and strikes what is past its limit', () => {
    const text = `${'a'.repeat(279)} tail`;
    const view = renderWithBackend(
      <ChannelPreview channel={channel({ id: 'c1', network: 'x' })} text={text} media={[]} />,
    );
    expect(screen.queryByRole('button', { name: 'more' })).toBeNull();
    expect(view.container.querySelector('del.feed-over')?.textContent).toBe('tail');
    expect(screen.getByText(/Past X's limit of 280: not published/)).toBeTruthy();
  });

  it('styles hashtags, mentions and links', () => {
    const text = 'Fresh #sourdough with @miller, recipe https://example.com/bread';
    const view = renderWithBackend(
      <ChannelPreview channel={channel({ id: 'c1', network: 'linkedin' })} text={text} media={[]} />,
    );
    expect(view.container.querySelector('.feed-hashtag')?.textContent).toBe('#sourdough');
    expect(view.container.querySelector('.feed-mention')?.textContent).toBe('@miller');
    expect(view.container.querySelector('.feed-link')?.textContent).toBe('https://example.com/bread');
  });

  it('crops media to the frame each network shows', () => {
    const cases: Array<[string, PreviewMedia[], string]> = [
      ['instagram-feed', [photo(4000, 1000)], '1.91 / 1'],
      ['instagram-feed', [photo(1000, 4000)], '4 / 5'],
      ['instagram-story', [photo(1920, 1080)], '9 / 16'],
      ['x', [photo(1000, 1000)], '16 / 9'],
      ['youtube', [photo(1000, 1000)], '16 / 9'],
    ];
    for (const [network, media, aspect] of cases) {
      const view = renderWithBackend(
        <ChannelPreview channel={channel({ id: 'c1', network })} text="Hi" media={media} />,
      );
      expect(frameOf(view.container).style.aspectRatio, network).toBe(aspect);
      view.unmount();
    }
  });

  it('shows several media on X as a grid and on Instagram as a carousel with a counter', () => {
    const media = [photo(10, 10), photo(10, 10, { assetId: 'a2' }), photo(10, 10, { assetId: 'a3' })];
    const x = renderWithBackend(<ChannelPreview channel={channel({ id: 'c1', network: 'x' })} text="" media={media} />);
    expect(frameOf(x.container).classList.contains('feed-media-grid')).toBe(true);
    expect(x.container.querySelectorAll('.feed-media-item')).toHaveLength(3);
    x.unmount();
    const ig = renderWithBackend(<ChannelPreview channel={channel({ id: 'c1' })} text="" media={media} />);
    expect(ig.container.querySelectorAll('.feed-media-item')).toHaveLength(1);
    expect(screen.getByLabelText('1 of 3 media').textContent).toBe('1/3');
  });

  it("shows a video's poster frame with its duration, and media alt text as the image's alt", () => {
    const media: PreviewMedia[] = [
      {
        assetId: 'v1',
        kind: 'video',
        width: 1080,
        height: 1920,
        durationMs: 83_000,
        thumbUrl: 'memory://media/poster',
        alt: 'Dough rising',
      },
    ];
    const view = renderWithBackend(
      <ChannelPreview channel={channel({ id: 'c1', network: 'tiktok' })} text="Watch" media={media} />,
    );
    const poster = screen.getByRole('img', { name: 'Dough rising' });
    expect(poster.getAttribute('src')).toBe('memory://media/poster');
    expect(view.container.querySelector('.feed-alt')?.getAttribute('title')).toBe('Dough rising');
    expect(screen.getByLabelText('Video, 1:23').textContent).toBe('1:23');
  });

  it('badges media with alt text "ALT" and hints "No alt text" on an image without, never as a warning', () => {
    const media: PreviewMedia[] = [
      {
        assetId: 'a1',
        kind: 'image',
        width: 1080,
        height: 1080,
        thumbUrl: 'memory://media/a1',
        alt: 'Loaf on a board',
      },
      { assetId: 'a2', kind: 'image', width: 1080, height: 1080, thumbUrl: 'memory://media/a2' },
    ];
    const view = renderWithBackend(
      <ChannelPreview channel={channel({ id: 'c1', network: 'x' })} text="Two loaves" media={media} />,
    );
    const items = view.container.querySelectorAll('.feed-media-item');
    expect(items[0]?.querySelector('.feed-alt')?.textContent).toBe('ALT');
    expect(items[0]?.querySelector('.feed-no-alt')).toBeNull();
    expect(items[1]?.querySelector('.feed-alt')).toBeNull();
    expect(items[1]?.querySelector('.feed-no-alt')?.textContent).toBe('No alt text');
    expect(screen.getByRole('img', { name: 'Loaf on a board' }).getAttribute('src')).toBe('memory://media/a1');
    expect(view.container.querySelector('.feed-warnings, [role="alert"]')).toBeNull();
  });

  it("looks a media's thumbnail up in the library when no URL is given", async () => {
    const fake = fakeBackend().answer('library.get', ({ id }) =>
      assetDetail({ id, thumb: { state: 'ready', sha256: `sha-${id}`, reason: null } }),
    );
    const media: PreviewMedia[] = [{ assetId: 'p9', kind: 'image', alt: 'Crust close-up' }];
    renderWithBackend(<ChannelPreview channel={channel({ id: 'c1' })} text="" media={media} />, fake);
    // A placeholder named by the alt text stands in until the library answers.
    expect(screen.getByRole('img', { name: 'Crust close-up' }).tagName).toBe('SPAN');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Crust close-up' }).getAttribute('src')).toBe('memory://media/sha-p9'),
    );
  });

  it("shows the channel's initials on its colour when it has no avatar, with its name and handle", () => {
    const view = renderWithBackend(
      <ChannelPreview
        channel={channel({ id: 'c1', name: 'Bread lab', handle: '@breadlab', colour: '#fde047' })}
        text=""
        media={[]}
      />,
    );
    const initials = view.container.querySelector<HTMLElement>('.feed-initials');
    expect(initials?.textContent).toBe('BL');
    expect(initials?.style.background).toBe('rgb(253, 224, 71)');
    expect(initials?.style.color).toBe('rgb(0, 0, 0)');
    expect(screen.getByText('Bread lab')).toBeTruthy();
    expect(screen.getByText('@breadlab')).toBeTruthy();
  });

  it('lists the warnings it is given', () => {
    const warnings = ['Instagram feed wants 4:5 to 1.91:1; this image is 4:1.'];
    renderWithBackend(<ChannelPreview channel={channel({ id: 'c1' })} text="" media={[]} warnings={warnings} />);
    expect(screen.getByRole('list', { name: 'Warnings for this channel' }).textContent).toBe(warnings[0]);
  });
});
