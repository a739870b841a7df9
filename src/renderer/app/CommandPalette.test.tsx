import { screen, waitFor } from '@testing-library/react';
import { useMemo, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CommandId } from '../../shared/commands';
import type { PaletteHit } from '../../shared/palette';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { CommandPalette } from './CommandPalette';
import { createTaskBoard } from './task-board';
import { useCommands } from './use-commands';
import type { PaletteOpen } from './palette-open';

const hit = (over: Partial<PaletteHit> & Pick<PaletteHit, 'group' | 'id' | 'title'>): PaletteHit => ({
  preview: '',
  at: null,
  thumbSha: null,
  ...over,
});
const post = hit({
  group: 'posts',
  id: 'p1',
  title: 'Launch day is here',
  preview: 'Launch day is here and more',
  at: '2026-11-25T09:00:00.000Z',
});
const asset = hit({
  group: 'media',
  id: 'a1',
  title: 'launch.jpg',
  preview: 'image #launch',
  thumbSha: 'f'.repeat(64),
});
const result = hit({ group: 'results', id: 'j1', title: 'a launch poster', preview: 'text2image · model-a' });
const snippet = hit({ group: 'snippets', id: 's1', title: 'Launch tags', preview: '#launch #studio' });

function Host(props: { onRun(id: CommandId): void; onOpen(open: PaletteOpen): void; isMac?: boolean }) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  return (
    <CommandPalette
      dialogRef={dialog}
      isMac={props.isMac ?? false}
      onRun={props.onRun}
      onOpen={props.onOpen}
      onClose={() => undefined}
    />
  );
}

function open(hits: PaletteHit[] = [post, asset, result, snippet], isMac = false) {
  const fake = fakeBackend().answer('palette.search', { hits });
  const onRun = vi.fn<(id: CommandId) => void>();
  const onOpen = vi.fn<(open: PaletteOpen) => void>();
  const r = renderWithBackend(<Host onRun={onRun} onOpen={onOpen} isMac={isMac} />, fake);
  return { ...r, onRun, onOpen, input: screen.getByTestId('command-input') };
}

const activeTestId = (input: HTMLElement) => {
  const id = input.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.getAttribute('data-testid') : null;
};

describe('command palette with records', () => {
  it('lists only the commands when nothing is typed, and searches no records', () => {
    const { fake } = open();
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getAllByRole('option').length).toBe(16);
    expect(fake.calls('palette.search')).toEqual([]);
  });

  it('shows the found records in named groups, best group first, with previews and pictures', async () => {
    const { user, input, fake } = open();
    await user.type(input, 'launch');
    await screen.findByTestId('palette-option-posts-p1');
    expect(fake.calls('palette.search').at(-1)).toEqual({ text: 'launch' });
    const groups = screen
      .getAllByRole('group')
      .map((g) => document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent);
    // The post's title starts with the query, the asset's too; the result only has it inside.
    expect(groups).toEqual(['Posts', 'Media', 'Snippets', 'AI results']);
    const line = screen.getByTestId('palette-option-posts-p1');
    expect(line.textContent).toContain('Launch day is here and more');
    expect(line.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-25T09:00:00.000Z');
    expect(screen.getByTestId('palette-option-media-a1').querySelector('img')).not.toBeNull();
  });

  it('moves through every group with the arrows, and Enter opens the chosen record', async () => {
    const { user, input, onOpen, onRun } = open();
    await user.type(input, 'launch');
    await screen.findByTestId('palette-option-posts-p1');
    expect(activeTestId(input)).toBe('palette-option-posts-p1');
    await user.keyboard('{ArrowDown}');
    expect(activeTestId(input)).toBe('palette-option-media-a1');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeTestId(input)).toBe('palette-option-results-j1');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'item', section: 'studio', item: 'result', id: 'j1' });
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'planner', tab: 'snippets', id: 's1' });
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'planner', tab: 'posts', id: 'p1' });
    expect(onRun).not.toHaveBeenCalled();
  });

  it('acts with Ctrl+Enter (⌘ on macOS) where the footer says so: a post or an asset goes to the queue', async () => {
    const { user, input, onOpen } = open();
    await user.type(input, 'launch');
    await screen.findByTestId('palette-option-posts-p1');
    expect(screen.getByTestId('palette-hint').textContent).toContain('Ctrl+Enter add to queue');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'queue', group: 'posts', id: 'p1', title: 'Launch day is here' });
    await user.keyboard('{ArrowDown}{Control>}{Enter}{/Control}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'queue', group: 'assets', id: 'a1', title: 'launch.jpg' });
    // A snippet has nothing else to do: the footer does not offer it, and the modifier opens it.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('palette-hint').textContent).not.toContain('add to queue');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'planner', tab: 'snippets', id: 's1' });
  });

  it('runs commands and opens settings parts, which show without waiting for records', async () => {
    const { user, input, onRun, onOpen } = open([]);
    await user.type(input, 'sched');
    expect(activeTestId(input)).toBe('command-option-schedule-post');
    await user.keyboard('{Enter}');
    expect(onRun).toHaveBeenLastCalledWith('schedule-post');
    await user.clear(input);
    await user.type(input, 'backups');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith({ kind: 'settings', heading: 'Backups' });
  });

  it('says when nothing matches, and when the records could not be searched', async () => {
    const fake = fakeBackend().answer('palette.search', () => {
      throw new Error('The database is busy');
    });
    const r = renderWithBackend(<Host onRun={() => undefined} onOpen={() => undefined} />, fake);
    await r.user.type(screen.getByTestId('command-input'), 'zzqx');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Records could not be searched'));
    expect(screen.getByRole('status').textContent).toContain('No command matches “zzqx”');
    fake.problems.length = 0;
  });

  it('adds the chosen post to the media queue with Ctrl+Enter, and says so with a way there', async () => {
    const opened: string[] = [];
    function Wired() {
      const board = useMemo(createTaskBoard, []);
      const c = useCommands({
        enabled: true,
        board,
        theme: 'light',
        effective: 'light',
        go: (section) => opened.push(section),
        openPlanner: (tab, id) => opened.push(`${tab}:${id}`),
        setTheme: () => undefined,
        announce: () => undefined,
      });
      return (
        <>
          {c.paletteOpen && (
            <CommandPalette
              dialogRef={c.paletteDialog}
              isMac={false}
              onRun={(id) => c.run(id, 'palette')}
              onOpen={c.openFromPalette}
              onClose={c.closePalette}
            />
          )}
          {c.notice && (
            <p data-testid="notice">
              {c.notice.text}
              <button type="button" onClick={c.notice.action?.run}>
                {c.notice.action?.label}
              </button>
            </p>
          )}
        </>
      );
    }
    const fake = fakeBackend()
      .answer('palette.search', { hits: [post] })
      .answer('planner.queueAdd', {
        id: 'q1',
        position: 1,
        assetId: 'a9',
        source: { group: 'posts', id: 'p1', label: 'Launch day is here' },
        planId: null,
        scheduledAt: null,
        note: '',
        syncState: 'local',
        waiting: null,
      });
    const { user } = renderWithBackend(<Wired />, fake);
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByTestId('command-input'), 'launch');
    await screen.findByTestId('palette-option-posts-p1');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.queryByTestId('command-palette')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('notice').textContent).toContain('Added “Launch day is here” to the media queue.'),
    );
    expect(fake.calls('planner.queueAdd')).toEqual([{ source: { group: 'posts', id: 'p1' } }]);
    await user.click(screen.getByRole('button', { name: 'Show queue' }));
    expect(opened).toEqual(['planner', 'queue:null']);
  });
});
