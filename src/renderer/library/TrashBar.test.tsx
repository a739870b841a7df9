import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TrashBar } from './TrashBar';

function bar(props: Partial<Parameters<typeof TrashBar>[0]> = {}) {
  const onEmpty = vi.fn();
  const onRestore = vi.fn();
  render(<TrashBar selected={0} total={3} busy={false} onRestore={onRestore} onEmpty={onEmpty} {...props} />);
  return {
    user: userEvent.setup(),
    onEmpty,
    onRestore,
    empty: () => screen.getByRole('button', { name: 'Empty trash…' }),
  };
}

describe('trash bar: emptying the trash', () => {
  it('asks first, saying what is lost, and empties on "Delete forever"', async () => {
    const { user, onEmpty, empty } = bar();
    await user.click(empty());
    const question = screen.getByRole('alertdialog', { name: 'Empty the trash?' });
    expect(question.textContent).toContain(
      '3 assets are deleted for good, with their files on this computer. This cannot be undone.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete forever' }));
    await user.keyboard('{Enter}');
    expect(onEmpty).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes on Escape without emptying and gives the focus back', async () => {
    const { user, onEmpty, empty } = bar({ total: 1 });
    await user.click(empty());
    expect(screen.getByRole('alertdialog').textContent).toContain('1 asset is deleted for good');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onEmpty).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(empty());
  });

  it('cancels with Cancel, and cannot be asked with an empty trash', async () => {
    const { user, onEmpty, empty } = bar();
    await user.click(empty());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onEmpty).not.toHaveBeenCalled();
  });

  it('offers no emptying when the trash is empty', () => {
    const { empty } = bar({ total: 0 });
    expect((empty() as HTMLButtonElement).disabled).toBe(true);
  });
});
