import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithBackend } from '../../test-support/test-render';
import type * as AvatarModule from './PreviewAvatar';
import { PreviewPanel } from './PreviewPanel';
import { channel } from './test-preview';
import type { PreviewTarget } from './types';

// Counts how often a preview renders: the avatar renders once each time its card does.
const avatarRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('./PreviewAvatar', async (original) => {
  const actual = await original<typeof AvatarModule>();
  return {
    PreviewAvatar: (props: Parameters<typeof actual.PreviewAvatar>[0]) => {
      avatarRenders.count += 1;
      return actual.PreviewAvatar(props);
    },
  };
});

const targets: PreviewTarget[] = [
  { channel: channel({ id: 'ig', name: 'Kitchen IG' }), text: 'On Instagram', media: [] },
  { channel: channel({ id: 'x', name: 'Kitchen X', network: 'x' }), text: 'On X', media: [], warnings: ['Too long'] },
  { channel: channel({ id: 'li', name: 'Kitchen LinkedIn', network: 'linkedin' }), text: 'On LinkedIn', media: [] },
];

const shown = () => screen.getByRole('tabpanel').querySelector('.feed-card')?.getAttribute('aria-label');

describe('PreviewPanel', () => {
  it('says what to do when no channel is chosen', () => {
    renderWithBackend(<PreviewPanel targets={[]} />);
    expect(screen.getByText('Choose a channel to see how the post will look there.')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('has one tab per channel and shows the first preview, with the warning count on its tab', () => {
    renderWithBackend(<PreviewPanel targets={targets} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.querySelector('.feed-tab-name')?.textContent)).toEqual([
      'Kitchen IG',
      'Kitchen X',
      'Kitchen LinkedIn',
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(shown()).toBe('Instagram feed preview for Kitchen IG');
    expect(screen.getByLabelText('1 warning')).toBeTruthy();
    expect(tabs[1]?.getAttribute('title')).toBe('X · @adakitchen. Alt+← / Alt+→ switches channels.');
  });

  it('moves between tabs with the arrow keys', async () => {
    const view = renderWithBackend(<PreviewPanel targets={targets} />);
    await view.user.click(screen.getByRole('tab', { name: /Kitchen IG/ }));
    await view.user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: /Kitchen X/ }).getAttribute('aria-selected')).toBe('true');
    expect(shown()).toBe('X preview for Kitchen X');
    await view.user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.textContent).toContain('Kitchen LinkedIn');
    expect(shown()).toBe('LinkedIn preview for Kitchen LinkedIn');
  });

  it('switches channels with Alt+arrows while the focus stays in the editor', () => {
    renderWithBackend(
      <>
        <textarea aria-label="Post text" />
        <PreviewPanel targets={targets} />
      </>,
    );
    const editor = screen.getByRole('textbox', { name: 'Post text' });
    editor.focus();
    fireEvent.keyDown(editor, { key: 'ArrowRight', altKey: true });
    expect(shown()).toBe('X preview for Kitchen X');
    fireEvent.keyDown(editor, { key: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(editor, { key: 'ArrowLeft', altKey: true });
    expect(shown()).toBe('LinkedIn preview for Kitchen LinkedIn');
    expect(document.activeElement).toBe(editor);
    // Without Alt the arrows belong to the editor.
    fireEvent.keyDown(editor, { key: 'ArrowRight' });
    expect(shown()).toBe('LinkedIn preview for Kitchen LinkedIn');
  });

  it('falls back to the first channel when the chosen one is removed', () => {
    const view = render(<PreviewPanel targets={targets} />);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', altKey: true });
    expect(shown()).toBe('LinkedIn preview for Kitchen LinkedIn');
    view.rerender(<PreviewPanel targets={targets.slice(0, 2)} />);
    expect(shown()).toBe('Instagram feed preview for Kitchen IG');
  });

  it("re-renders the shown preview only when its own target changes, not when another's does", () => {
    // Plain render: no thumbnail is looked up, and rerender keeps the same tree (no provider around it).
    const view = render(<PreviewPanel targets={targets} />);
    const before = avatarRenders.count;
    // A composer rebuilds every target object on each keystroke; only the X variant's text changed.
    const rebuilt = targets.map((t) => ({ ...t, channel: { ...t.channel }, media: [...t.media] }));
    view.rerender(<PreviewPanel targets={rebuilt.map((t) => (t.channel.id === 'x' ? { ...t, text: 'On X!' } : t))} />);
    expect(avatarRenders.count).toBe(before);
    view.rerender(<PreviewPanel targets={rebuilt.map((t) => (t.channel.id === 'ig' ? { ...t, text: 'New' } : t))} />);
    expect(avatarRenders.count).toBe(before + 1);
    expect(screen.getByRole('tabpanel').querySelector('.feed-text')?.textContent).toBe('New');
  });
});
