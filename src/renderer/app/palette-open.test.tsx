import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaletteHit } from '../../shared/palette';
import { paletteItems } from './palette-items';
import { actFor, actLabel, openFor, requestItem, revealHeading, useOpenedItem, usePaletteAsset } from './palette-open';

const hit = (group: PaletteHit['group'], id: string, title: string): PaletteHit => ({
  group,
  id,
  title,
  preview: '',
  at: null,
  thumbSha: null,
});

function Panel({ active }: { active: string | null }) {
  const shown = usePaletteAsset(active, { current: null });
  return <p data-testid="shown">{shown ?? 'none'}</p>;
}

function Opener({ onOpen }: { onOpen(id: string): void }) {
  useOpenedItem('result', onOpen);
  return null;
}

describe('what a palette line opens', () => {
  it('takes each kind of record to where it is shown, and offers the queue for posts and media', () => {
    const groups = ['posts', 'media', 'results', 'templates', 'snippets', 'channels', 'automations'] as const;
    const items = paletteItems(
      'zeta',
      groups.map((g) => hit(g, `${g}-1`, 'Zeta')),
    );
    const opened = Object.fromEntries(items.map((i) => [i.group, openFor(i)]));
    expect(opened).toEqual({
      posts: { kind: 'planner', tab: 'posts', id: 'posts-1' },
      media: { kind: 'item', section: 'library', item: 'asset', id: 'media-1' },
      results: { kind: 'item', section: 'studio', item: 'result', id: 'results-1' },
      templates: { kind: 'planner', tab: 'templates', id: 'templates-1' },
      snippets: { kind: 'planner', tab: 'snippets', id: 'snippets-1' },
      channels: { kind: 'planner', tab: 'channels', id: 'channels-1' },
      automations: { kind: 'planner', tab: 'automations', id: 'automations-1' },
    });
    expect(items.filter((i) => actFor(i)).map((i) => i.group)).toEqual(['posts', 'media']);
    expect(actLabel(items[0])).toBe('Add to queue');
    expect(actLabel(items.find((i) => i.group === 'snippets'))).toBeNull();
  });

  it('opens a requested result once, in the section mounted now or later', () => {
    const first = vi.fn();
    requestItem('result', 'job-1');
    const view = render(<Opener onOpen={first} />);
    expect(first).toHaveBeenCalledWith('job-1');
    act(() => requestItem('result', 'job-2'));
    expect(first).toHaveBeenLastCalledWith('job-2');
    view.unmount();
    // Shown again later, the section does not reopen what was already opened.
    const again = vi.fn();
    render(<Opener onOpen={again} />);
    expect(again).not.toHaveBeenCalled();
  });

  it('scrolls to a settings part by its heading and gives the keyboard to its first control', async () => {
    render(
      <main>
        <section>
          <h2>Backups</h2>
          <button type="button">Back up now</button>
        </section>
      </main>,
    );
    revealHeading('Backups');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back up now' }));
  });

  it('shows the asset the palette chose until another is selected in the library', () => {
    const view = render(<Panel active={null} />);
    act(() => requestItem('asset', 'a7'));
    expect(screen.getByTestId('shown').textContent).toBe('a7');
    view.rerender(<Panel active="a2" />);
    expect(screen.getByTestId('shown').textContent).toBe('a2');
  });
});
