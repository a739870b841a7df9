import type { Channel } from '../../../shared/channels';
import type { PreviewMedia } from './types';

// Fixtures for the preview tests: a channel and a photo, each with what a test changes given.

export function channel(over: Partial<Channel> & { id: string }): Channel {
  return {
    network: 'instagram-feed',
    name: 'Ada Kitchen',
    handle: 'adakitchen',
    colour: '#1e3a8a',
    avatarAssetId: null,
    slots: [],
    rules: null,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    ...over,
  };
}

export const photo = (width: number, height: number, over: Partial<PreviewMedia> = {}): PreviewMedia => ({
  assetId: 'a1',
  kind: 'image',
  width,
  height,
  thumbUrl: 'memory://media/thumb-a1',
  ...over,
});
