import { describe, expect, it } from 'vitest';
import { ariaKeyShortcut, isMacPlatform, shortcutLabel } from './platform';
import { effectiveTheme } from './use-theme';

describe('platform shortcuts', () => {
  it('tells macOS by the client hints first, then the older platform field', () => {
    expect(isMacPlatform({ userAgentData: { platform: 'macOS' }, platform: 'Linux x86_64' })).toBe(true);
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ userAgentData: { platform: 'Windows' } })).toBe(false);
    expect(isMacPlatform({ platform: 'Linux x86_64' })).toBe(false);
    expect(isMacPlatform(undefined)).toBe(false);
  });

  it('reads shortcuts the way each system writes them', () => {
    expect(shortcutLabel('palette', false)).toBe('Ctrl+K');
    expect(shortcutLabel('palette', true)).toBe('⌘K');
    expect(shortcutLabel('toggle-theme', true)).toBe('⌘⇧L');
    expect(shortcutLabel('sync-now', false)).toBeNull();
    expect(ariaKeyShortcut('go-planner', false)).toBe('Control+3');
    expect(ariaKeyShortcut('toggle-theme', true)).toBe('Meta+Shift+L');
    expect(ariaKeyShortcut('check-updates', true)).toBeUndefined();
  });
});

describe('theme', () => {
  it('follows the OS for "system" and the setting otherwise', () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });
});
