import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NoticeToast, type ToastNotice } from './NoticeToast';

function toast(notice: ToastNotice | null) {
  const onDismiss = vi.fn();
  const view = render(<NoticeToast notice={notice} onDismiss={onDismiss} />);
  return { ...view, onDismiss, user: userEvent.setup() };
}

describe('notice toast', () => {
  it('runs Undo from the toast and closes it', async () => {
    const run = vi.fn();
    const { user, onDismiss } = toast({
      text: 'Moved 2 assets to the trash.',
      action: { label: 'Undo', alt: 'Restore them from the trash', run },
    });
    expect(screen.getByText('Moved 2 assets to the trash.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('is announced politely to screen readers, with how to undo without the toast', async () => {
    toast({
      text: 'Moved 1 asset to the trash.',
      action: { label: 'Undo', alt: 'Restore them from the trash', run: vi.fn() },
    });
    const announced = await screen.findByText(/Notice Moved 1 asset to the trash\..*Restore them from the trash/);
    expect(announced.getAttribute('aria-live')).toBe('polite');
  });

  it('sits in a landmark the F8 key reaches, and Dismiss closes it', async () => {
    const { user, onDismiss } = toast({ text: 'Restored 1 asset to the library.' });
    expect(screen.getByRole('region', { name: 'Notices (F8)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('passes by itself after a while', () => {
    vi.useFakeTimers();
    try {
      const { onDismiss } = toast({ text: 'Restored 1 asset to the library.' });
      act(() => vi.advanceTimersByTime(4_000));
      expect(onDismiss).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1_500));
      expect(onDismiss).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows nothing without a notice', () => {
    toast(null);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
