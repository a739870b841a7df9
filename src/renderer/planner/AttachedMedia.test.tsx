import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelInput } from '../../shared/contract';
import { asset, assetDetail } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { AttachedMedia } from './AttachedMedia';

function attached(details: Record<string, ReturnType<typeof assetDetail>>) {
  const fake = fakeBackend()
    .answer('library.get', ({ id }) => details[id] ?? assetDetail({ id }))
    .answer('library.update', (input: ChannelInput<'library.update'>) =>
      asset({ id: input.id, altText: input.altText?.trim() ?? '' }),
    );
  const view = renderWithBackend(<AttachedMedia label="Media" value={Object.keys(details)} onChange={vi.fn()} />, fake);
  return { ...view, fake };
}

describe('attached media: alt text per media', () => {
  it('writes alt text for an image from its "Alt" button, saved to the asset when the field is left', async () => {
    const { fake, user } = attached({ a1: assetDetail({ id: 'a1', name: 'loaf.png' }) });
    await user.click(await screen.findByRole('button', { name: 'Write alt text for loaf.png' }));
    const field = screen.getByLabelText('Alt text of loaf.png');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'A round loaf on a floured board');
    fireEvent.blur(field);
    await waitFor(() =>
      expect(fake.calls('library.update')).toEqual([{ id: 'a1', altText: 'A round loaf on a floured board' }]),
    );
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('shows an image that has alt text as "ALT ✓" with its words, and offers no alt for audio', async () => {
    attached({
      a1: assetDetail({ id: 'a1', name: 'loaf.png', altText: 'A round loaf' }),
      s1: assetDetail({ id: 's1', name: 'voice.wav', kind: 'audio' }),
    });
    const button = await screen.findByRole('button', { name: 'Alt text of loaf.png: A round loaf' });
    expect(button.textContent).toBe('ALT ✓');
    await screen.findByRole('button', { name: 'Remove voice.wav' });
    expect(screen.queryByRole('button', { name: /alt text.*voice\.wav/i })).toBeNull();
  });

  it('says in words when alt text is too long, and sends nothing', async () => {
    const { fake, user } = attached({ a1: assetDetail({ id: 'a1', name: 'loaf.png' }) });
    await user.click(await screen.findByRole('button', { name: 'Write alt text for loaf.png' }));
    const field = screen.getByLabelText('Alt text of loaf.png');
    fireEvent.change(field, { target: { value: 'x'.repeat(1_501) } });
    fireEvent.blur(field);
    expect(screen.getByText('Alt text is at most 1,500 characters; shorten it (1,501 now).')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fake.calls('library.update')).toEqual([]);
  });
});
