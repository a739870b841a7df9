import { createRef } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appError, asset, assetDetail } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { DetailPanel } from './DetailPanel';

function panel(detail: ReturnType<typeof assetDetail>, fake = fakeBackend()) {
  fake.answer('library.get', detail).answer('library.tags', []);
  return renderWithBackend(
    <DetailPanel
      id={detail.id}
      panelRef={createRef()}
      busy={false}
      onTrash={vi.fn()}
      onRestore={vi.fn()}
      onBack={vi.fn()}
      onClose={vi.fn()}
    />,
    fake,
  );
}

describe('detail panel: alt text', () => {
  it("shows an image's alt text and saves a change when the field is left", async () => {
    const fake = fakeBackend().answer('library.update', ({ id, altText }) => asset({ id, altText: altText ?? '' }));
    const { user } = panel(assetDetail({ id: 'a1', altText: 'A loaf' }), fake);
    const field = (await screen.findByLabelText('Alt text')) as HTMLTextAreaElement;
    expect(field.value).toBe('A loaf');
    await user.type(field, ' on a board');
    fireEvent.blur(field);
    await waitFor(() => expect(fake.calls('library.update')).toEqual([{ id: 'a1', altText: 'A loaf on a board' }]));
  });

  it('shows the core’s refusal in words, and offers no alt text for audio', async () => {
    const fake = fakeBackend().fail(
      'library.update',
      appError({ code: 'validation', message: 'Alt text is refused.' }),
    );
    const { user, unmount } = panel(assetDetail({ id: 'a1' }), fake);
    const field = await screen.findByLabelText('Alt text');
    await user.type(field, 'Crumb');
    fireEvent.blur(field);
    expect(await screen.findByText('Alt text is refused.')).toBeTruthy();
    unmount();
    panel(assetDetail({ id: 's1', kind: 'audio', name: 'voice.wav' }));
    await screen.findByLabelText('Notes');
    expect(screen.queryByLabelText('Alt text')).toBeNull();
  });
});
