import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { assetDetail } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { ChannelPreview } from './ChannelPreview';
import { channel } from './test-preview';
import { usePreviewMedia, type MediaRef } from './use-preview-media';

function Harness({ refs }: { refs: MediaRef[] }) {
  const media = usePreviewMedia(refs);
  return <ChannelPreview channel={channel({ id: 'c1' })} text="Out now" media={media} />;
}

it("reads each asset's kind, size, duration and thumbnail from the library, so the frame fits the media", async () => {
  const fake = fakeBackend().answer('library.get', ({ id }) =>
    assetDetail({
      id,
      kind: 'video',
      width: 1920,
      height: 1080,
      durationMs: 95_000,
      thumb: { state: 'ready', sha256: `sha-${id}`, reason: null },
    }),
  );
  const view = renderWithBackend(<Harness refs={[{ assetId: 'v7', alt: 'Kiln opening' }]} />, fake);
  await waitFor(() => expect(screen.getByLabelText('Video, 1:35')).toBeTruthy());
  expect(screen.getByRole('img', { name: 'Kiln opening' }).getAttribute('src')).toBe('memory://media/sha-v7');
  // Instagram feed keeps a 16:9 video inside 1.91:1, so it shows at its own shape.
  expect(view.container.querySelector<HTMLElement>('.feed-media')?.style.aspectRatio).toBe('1920 / 1080');
});
