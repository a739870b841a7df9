import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { commandIds, commandInfo, commands, type CommandId } from '../../shared/commands';
import { buildMenuTemplate, MAC_SETTINGS_ACCELERATOR, type MenuOptions } from './menu';

type Item = MenuItemConstructorOptions;

/** Electron's default accelerators for the roles we use (from its menu-item-roles), per platform. */
function roleAccelerator(role: string, platform: NodeJS.Platform): string | undefined {
  const isMac = platform === 'darwin';
  const isWindows = platform === 'win32';
  const both: Record<string, string> = {
    undo: 'CmdOrCtrl+Z',
    redo: isWindows ? 'Control+Y' : 'Shift+CommandOrControl+Z',
    cut: 'CmdOrCtrl+X',
    copy: 'CmdOrCtrl+C',
    paste: 'CmdOrCtrl+V',
    pasteAndMatchStyle: isMac ? 'Cmd+Option+Shift+V' : 'Shift+CommandOrControl+V',
    selectAll: 'CmdOrCtrl+A',
    reload: 'CmdOrCtrl+R',
    forceReload: 'Shift+CmdOrCtrl+R',
    toggleDevTools: isMac ? 'Alt+Command+I' : 'Ctrl+Shift+I',
    resetZoom: 'CommandOrControl+0',
    zoomIn: 'CommandOrControl+Plus',
    zoomOut: 'CommandOrControl+-',
    togglefullscreen: isMac ? 'Control+Command+F' : 'F11',
    minimize: 'CommandOrControl+M',
    close: 'CommandOrControl+W',
    quit: isWindows ? '' : 'CommandOrControl+Q',
    hide: 'Command+H',
    hideOthers: 'Command+Alt+H',
  };
  return both[role] || undefined;
}

/** One spelling per key combination, so "CmdOrCtrl+Shift+L" and "Shift+CommandOrControl+L" compare equal. */
function normalise(accelerator: string, isMac: boolean): string {
  const parts = accelerator.split('+').map((p) => {
    const k = p.toLowerCase();
    if (k === 'cmdorctrl' || k === 'commandorcontrol') return isMac ? 'cmd' : 'ctrl';
    if (k === 'command') return 'cmd';
    if (k === 'control') return 'ctrl';
    if (k === 'option') return 'alt';
    return k;
  });
  const key = parts.pop() as string;
  return [...parts.sort(), key].join('+');
}

function flatten(items: Item[]): Item[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu as Item[]) : [])]);
}

const options = (over: Partial<MenuOptions> = {}): MenuOptions => ({
  appName: 'Atelier',
  isPackaged: true,
  command: vi.fn(),
  ...over,
});
const top = (t: Item[]) => t.map((i) => i.label);
const roles = (t: Item[], label: string) =>
  ((t.find((i) => i.label === label)?.submenu ?? []) as Item[]).filter((i) => i.role).map((i) => i.role);
const platforms = ['darwin', 'win32', 'linux'] as const;

describe('application menu', () => {
  it('macOS: app menu first with about, Settings, services, hide/show and quit', () => {
    const t = buildMenuTemplate('darwin', options());
    expect(top(t)).toEqual(['Atelier', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(t, 'Atelier')).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    const settings = (t[0]!.submenu as Item[]).find((i) => i.label === 'Settings…');
    expect(settings?.accelerator).toBe(MAC_SETTINGS_ACCELERATOR);
  });

  it.each(['win32', 'linux'] as const)(
    '%s: no app menu; Quit in File, About in Help, no macOS-only roles',
    (platform) => {
      const t = buildMenuTemplate(platform, options());
      expect(top(t)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
      expect(roles(t, 'File')).toEqual(['quit']);
      expect(roles(t, 'Help')).toEqual(['about']);
      const all = flatten(t)
        .map((i) => i.role)
        .filter(Boolean);
      for (const macOnly of [
        'services',
        'hide',
        'hideOthers',
        'unhide',
        'front',
        'window',
        'zoom',
        'pasteAndMatchStyle',
      ])
        expect(all).not.toContain(macOnly);
    },
  );

  it('Edit has the standard roles (paste and match style on macOS)', () => {
    expect(roles(buildMenuTemplate('darwin', options()), 'Edit')).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'pasteAndMatchStyle',
      'delete',
      'selectAll',
    ]);
    expect(roles(buildMenuTemplate('win32', options()), 'Edit')).toEqual([
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'delete',
      'selectAll',
    ]);
  });

  it('Window: minimise, zoom, front and the window list on macOS; minimise and close elsewhere', () => {
    expect(roles(buildMenuTemplate('darwin', options()), 'Window')).toEqual(['minimize', 'zoom', 'front', 'window']);
    expect(roles(buildMenuTemplate('darwin', options()), 'File')).toEqual(['close']);
    expect(roles(buildMenuTemplate('linux', options()), 'Window')).toEqual(['minimize', 'close']);
  });

  it('View: reload and developer tools only in development builds; zoom and full screen always', () => {
    expect(roles(buildMenuTemplate('win32', options({ isPackaged: true })), 'View')).toEqual([
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
    expect(roles(buildMenuTemplate('win32', options({ isPackaged: false })), 'View')).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });

  it.each(platforms)('%s: every command is in the menu with its label and the shared accelerator', (platform) => {
    const items = flatten(buildMenuTemplate(platform, options())).filter(
      (i) => typeof i.id === 'string' && i.id.startsWith('command:'),
    );
    expect(new Set(items.map((i) => i.id!.slice('command:'.length)))).toEqual(new Set(commandIds));
    for (const item of items) {
      const info = commandInfo(item.id!.slice('command:'.length) as CommandId);
      expect(item.label).toBe(info.label);
      expect(item.accelerator).toBe(info.accelerator);
    }
  });

  it.each(platforms)('%s: no key combination does two things (commands and the roles’ own shortcuts)', (platform) => {
    const isMac = platform === 'darwin';
    const t = flatten(buildMenuTemplate(platform, options({ isPackaged: false })));
    const seen = new Map<string, string>();
    for (const item of t) {
      const accel = item.accelerator ?? (item.role ? roleAccelerator(item.role, platform) : undefined);
      if (!accel) continue;
      const key = normalise(String(accel), isMac);
      const what = item.role ?? item.id ?? item.label ?? '?';
      // The same command reached from two menus (Export diagnostics in File and Help) is fine.
      const previous = seen.get(key);
      expect(previous === undefined || previous === what, `${accel}: ${previous} and ${what}`).toBe(true);
      seen.set(key, what);
    }
    // Every shared accelerator made it in.
    for (const c of commands.filter((c) => c.accelerator))
      expect(seen.has(normalise(c.accelerator!, isMac))).toBe(true);
  });

  it('a command item sends its command; nothing else is done in the main process', () => {
    const command = vi.fn();
    const items = flatten(buildMenuTemplate('darwin', options({ command })));
    for (const id of commandIds) {
      const item = items.find((i) => i.id === `command:${id}`);
      (item?.click as () => void)();
    }
    expect(command.mock.calls.map(([id]) => id)).toEqual([...commandIds]);
    (items.find((i) => i.id === 'app:settings')?.click as () => void)();
    (items.find((i) => i.id === 'help:export-diagnostics')?.click as () => void)();
    expect(command.mock.calls.slice(-2).map(([id]) => id)).toEqual(['go-settings', 'export-diagnostics']);
  });

  it('Learn more opens only a vetted https address', () => {
    const openExternal = vi.fn();
    const find = (url: string) =>
      flatten(buildMenuTemplate('linux', options({ learnMoreUrl: url, openExternal }))).find(
        (i) => i.id === 'help:learn-more',
      );
    expect(find('http://example.com')).toBeUndefined();
    expect(find('https://user:pw@example.com')).toBeUndefined();
    (find('https://example.com/atelier')?.click as () => void)();
    expect(openExternal).toHaveBeenCalledWith('https://example.com/atelier');
    expect(flatten(buildMenuTemplate('linux', options())).some((i) => i.id === 'help:learn-more')).toBe(false);
  });
});
