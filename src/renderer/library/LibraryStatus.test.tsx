import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LibraryStatus } from './LibraryStatus';
import type { Notice } from './notice';

const status = (notice: Notice) =>
  render(
    <LibraryStatus
      progress={null}
      report={null}
      importError={null}
      notice={notice}
      onCancelImport={vi.fn()}
      onDismissImport={vi.fn()}
      onDismissNotice={vi.fn()}
    />,
  );

describe('library status: notices', () => {
  it('keeps an error in the status region until it is dismissed, not as a passing toast', () => {
    const { container } = status({ tone: 'error', text: 'The disk is full.', hint: 'Free some space.' });
    const region = container.querySelector<HTMLElement>('.library-status')!;
    expect(within(region).getByText('The disk is full.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notices (F8)' }).textContent).toBe('');
  });

  it('passes what went well as a toast, outside the status region', () => {
    const { container } = status({ tone: 'info', text: 'Restored 2 assets to the library.' });
    expect(container.querySelector('.library-status')!.textContent).toBe('');
    expect(
      within(screen.getByRole('region', { name: 'Notices (F8)' })).getByText('Restored 2 assets to the library.'),
    ).toBeTruthy();
  });
});
