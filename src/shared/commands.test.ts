import { describe, expect, it } from 'vitest';
import { acceleratorLabel, commandForKey, commands } from './commands';

const press = (key: string, mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {}) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
  altKey: mods.alt ?? false,
});

describe('commands', () => {
  it('every accelerator is unique', () => {
    const accels = commands.flatMap((c) => (c.accelerator ? [c.accelerator] : []));
    expect(new Set(accels).size).toBe(accels.length);
  });

  it('matches Ctrl on Windows/Linux and ⌘ on macOS, and nothing with extra modifiers', () => {
    expect(commandForKey(press('k', { ctrl: true }), false)).toBe('palette');
    expect(commandForKey(press('k', { meta: true }), true)).toBe('palette');
    expect(commandForKey(press('k', { meta: true }), false)).toBeNull();
    expect(commandForKey(press('k', { ctrl: true, alt: true }), false)).toBeNull();
    expect(commandForKey(press('L', { ctrl: true, shift: true }), false)).toBe('toggle-theme');
    expect(commandForKey(press('3', { ctrl: true }), false)).toBe('go-planner');
    expect(commandForKey(press('k'), false)).toBeNull();
  });

  it('labels accelerators the way each system writes them', () => {
    expect(acceleratorLabel('CmdOrCtrl+Shift+L', true)).toBe('⌘⇧L');
    expect(acceleratorLabel('CmdOrCtrl+Shift+L', false)).toBe('Ctrl+Shift+L');
  });
});
