import { describe, expect, it } from 'vitest';
import { frameFor } from './frames';
import type { PreviewMedia } from './types';

const image = (width: number, height: number, id = 'a'): PreviewMedia => ({
  assetId: id,
  kind: 'image',
  width,
  height,
});

describe('frameFor', () => {
  it('keeps an Instagram feed photo inside 4:5 … 1.91:1', () => {
    expect(frameFor('instagram-feed', [image(4000, 1000)])).toMatchObject({ aspect: '1.91 / 1', label: '1.91:1' });
    expect(frameFor('instagram-feed', [image(1000, 3000)])).toMatchObject({ aspect: '4 / 5', label: '4:5' });
    expect(frameFor('instagram-feed', [image(1080, 1080)])).toMatchObject({ aspect: '1080 / 1080', label: '1:1' });
  });

  it('frames reels, stories, TikTok and Shorts at 9:16 whatever the media', () => {
    for (const network of ['instagram-reel', 'instagram-story', 'tiktok', 'youtube-shorts'] as const) {
      expect(frameFor(network, [image(1920, 1080)])?.aspect).toBe('9 / 16');
    }
  });

  it('shows one image at 16:9 on X and several as a grid of up to four', () => {
    expect(frameFor('x', [image(1000, 1000)])).toMatchObject({ arrangement: 'single', aspect: '16 / 9' });
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => image(10, 10, id));
    expect(frameFor('x', five)).toMatchObject({ arrangement: 'grid', aspect: '16 / 9', shown: 4 });
  });

  it('shows a carousel on Instagram from the first item, and a square when the size is unknown', () => {
    expect(frameFor('instagram-feed', [image(1080, 1350), image(10, 10, 'b')])).toMatchObject({
      arrangement: 'carousel',
      aspect: '1080 / 1350',
      shown: 1,
    });
    expect(frameFor('instagram-feed', [{ assetId: 'a', kind: 'image' }])?.aspect).toBe('1 / 1');
  });

  it('has no frame without media, and frames a channel of type Other by its media', () => {
    expect(frameFor('x', [])).toBeNull();
    expect(frameFor(null, [image(3000, 1000)])?.aspect).toBe('2 / 1');
  });
});
