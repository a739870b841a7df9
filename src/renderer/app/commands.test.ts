import { describe, expect, it } from 'vitest';
import { commandIds } from '../../shared/commands';
import { actionFor, nextTheme, type CommandContext } from './commands';
import { createTaskBoard } from './task-board';

const ctx: CommandContext = { theme: 'system', effective: 'light', canSearchHere: false };

describe('command → action', () => {
  it('maps every command to an action', () => {
    for (const id of commandIds) expect(actionFor(id, ctx).kind).toBeTruthy();
  });

  it('shows the section each action belongs to, with its task', () => {
    expect(actionFor('new-post', ctx)).toEqual({ kind: 'go', section: 'planner', task: 'new-post' });
    expect(actionFor('import', ctx)).toEqual({ kind: 'go', section: 'library', task: 'import' });
    expect(actionFor('run-ai-job', ctx)).toEqual({ kind: 'go', section: 'studio', task: 'ai-form' });
    expect(actionFor('go-planner', ctx)).toEqual({ kind: 'go', section: 'planner' });
    expect(actionFor('go-settings', ctx)).toEqual({ kind: 'go', section: 'settings' });
    expect(actionFor('palette', ctx)).toEqual({ kind: 'palette' });
    expect(actionFor('sync-now', ctx)).toEqual({ kind: 'sync-now' });
  });

  it('searches here when the screen has a search box, else in the library', () => {
    expect(actionFor('search', { ...ctx, canSearchHere: true })).toEqual({ kind: 'task', task: 'search' });
    expect(actionFor('search', ctx)).toEqual({ kind: 'go', section: 'library', task: 'search' });
  });

  it('takes diagnostics and updates to Settings, focusing their control', () => {
    expect(actionFor('export-diagnostics', ctx)).toEqual({
      kind: 'go',
      section: 'settings',
      focusTestId: 'export-diagnostics',
    });
    expect(actionFor('check-updates', ctx)).toEqual({ kind: 'go', section: 'settings', focusTestId: 'update-check' });
  });

  it('toggles the theme to the opposite of what shows now', () => {
    expect(nextTheme('light', 'light')).toBe('dark');
    expect(nextTheme('dark', 'dark')).toBe('light');
    expect(nextTheme('system', 'dark')).toBe('light');
    expect(nextTheme('system', 'light')).toBe('dark');
    expect(actionFor('toggle-theme', { ...ctx, theme: 'system', effective: 'dark' })).toEqual({
      kind: 'theme',
      theme: 'light',
    });
  });
});

describe('task board', () => {
  it('runs a request at once when something on screen can take it, the latest registered first', () => {
    const board = createTaskBoard();
    const ran: string[] = [];
    const offA = board.register('search', () => ran.push('a'));
    board.register('search', () => ran.push('b'));
    expect(board.has('search')).toBe(true);
    board.request('search');
    expect(ran).toEqual(['b']);
    offA();
    board.request('search');
    expect(ran).toEqual(['b', 'b']);
  });

  it('keeps a request for the section that mounts next, once, and not for ever', () => {
    let t = 0;
    const board = createTaskBoard(() => t, 1000);
    const ran: string[] = [];
    board.request('import');
    expect(board.has('import')).toBe(false);
    board.register('search', () => ran.push('search'));
    expect(ran).toEqual([]);
    const off = board.register('import', () => ran.push('import'));
    expect(ran).toEqual(['import']);
    off();
    board.register('import', () => ran.push('again'));
    expect(ran).toEqual(['import']);

    const late = createTaskBoard(() => t, 1000);
    late.request('ai-form');
    t = 2000;
    late.register('ai-form', () => ran.push('late'));
    expect(ran).toEqual(['import']);
    expect(late.has('new-post')).toBe(false);
  });
});
