import { screen, waitFor } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ChannelArgs } from '../../../shared/contract';
import { actionFor } from '../../app/commands';
import { CommandPalette } from '../../app/CommandPalette';
import { createTaskBoard } from '../../app/task-board';
import { useCommands } from '../../app/use-commands';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { fillForTest } from './test-fill';
import { SNIPPET_TARGET } from './insert-text';
import { SnippetPalette } from './SnippetPalette';
import { snippetView } from './test-snippets';

const tags = snippetView({ id: 's1', name: 'Launch tags', body: '#launch #studio', uses: 2 });
const cta = snippetView({ id: 's2', name: 'Shop CTA', body: 'Shop {{product}} now', kind: 'cta', uses: 1 });

/** The app's command handling and palettes as App wires them, beside a composer text (or not). */
function Host({ withText }: { withText: boolean }) {
  const board = useMemo(createTaskBoard, []);
  const [announced, setAnnounced] = useState('');
  const [text, setText] = useState('Hello world');
  const c = useCommands({
    enabled: true,
    board,
    theme: 'light',
    effective: 'light',
    go: () => undefined,
    setTheme: () => undefined,
    announce: setAnnounced,
  });
  return (
    <>
      {withText && (
        <textarea
          aria-label="Post text"
          {...{ [SNIPPET_TARGET]: '' }}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      )}
      <button type="button">Elsewhere</button>
      <p data-testid="announced">{announced}</p>
      {c.paletteOpen &&
        (c.paletteMode === 'snippets' ? (
          <SnippetPalette dialogRef={c.paletteDialog} onChoose={c.insertSnippet} onClose={c.closePalette} />
        ) : (
          <CommandPalette
            dialogRef={c.paletteDialog}
            isMac={false}
            onRun={(id) => c.run(id, 'palette')}
            onClose={c.closePalette}
          />
        ))}
      {c.notice && (
        <p data-testid="notice">
          {c.notice.text} {c.notice.hint}
        </p>
      )}
    </>
  );
}

function host(withText = true) {
  const fake = fakeBackend()
    .answer('snippets.list', [tags, cta])
    .answer('snippets.use', ({ id, values }: ChannelArgs<'snippets.use'>) => {
      const s = [tags, cta].find((x) => x.id === id)!;
      return { ...fillForTest(s.body, values), uses: s.uses + 1 };
    });
  return renderWithBackend(<Host withText={withText} />, fake);
}

/** Open the palette and run "Insert snippet…" from it, as a person would. */
async function openSnippets(user: ReturnType<typeof host>['user']) {
  await user.keyboard('{Control>}k{/Control}');
  await user.type(await screen.findByTestId('command-input'), 'insert snip');
  await user.keyboard('{Enter}');
  return screen.findByTestId('snippet-palette');
}

describe('Insert snippet… in the command palette', () => {
  it('is a command of its own', () => {
    expect(actionFor('insert-snippet', { theme: 'light', effective: 'light', canSearchHere: false })).toEqual({
      kind: 'snippets',
    });
  });

  it('lists snippets by name and inserts the chosen one at the caret of the focused post text', async () => {
    const { user, fake } = host();
    const box = screen.getByLabelText<HTMLTextAreaElement>('Post text');
    box.focus();
    box.setSelectionRange(5, 5);
    await openSnippets(user);
    const search = screen.getByTestId('snippet-palette-input');
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect((await screen.findByTestId('snippet-palette-option-s1')).textContent).toContain('Launch tags');
    await user.type(search, 'shop');
    expect(screen.queryByTestId('snippet-palette-option-s1')).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe('Hello Shop {{product}} now world'));
    expect(fake.calls('snippets.use')).toEqual([{ id: 's2', values: {} }]);
    expect(screen.queryByTestId('snippet-palette')).toBeNull();
    expect(document.activeElement).toBe(box);
    await waitFor(() =>
      expect(screen.getByTestId('announced').textContent).toBe('Inserted “Shop CTA”. Still to fill: {{product}}.'),
    );
  });

  it('copies the snippet to the clipboard, and says so, when no post text had the keyboard', async () => {
    const { user } = host(false);
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await openSnippets(user);
    await user.click(await screen.findByTestId('snippet-palette-option-s1'));
    expect((await screen.findByTestId('notice')).textContent).toBe(
      'Copied “Launch tags” to the clipboard. No post text had the keyboard: paste it where it goes.',
    );
    expect(await navigator.clipboard.readText()).toBe('#launch #studio');
  });

  it('closes on Escape, giving the keyboard back and inserting nothing', async () => {
    const { user, fake } = host();
    const box = screen.getByLabelText<HTMLTextAreaElement>('Post text');
    box.focus();
    await openSnippets(user);
    await screen.findByTestId('snippet-palette-option-s1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('snippet-palette')).toBeNull());
    expect(document.activeElement).toBe(box);
    expect(box.value).toBe('Hello world');
    expect(fake.calls('snippets.use')).toHaveLength(0);
  });
});
