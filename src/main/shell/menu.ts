import type { MenuItemConstructorOptions } from 'electron';
import { commandInfo, type CommandId } from '../../shared/commands';
import { vetExternalUrl } from './external-links';

export interface MenuOptions {
  /** Shown as the macOS app menu's title. */
  appName: string;
  /** Reload and developer tools only in development builds. */
  isPackaged: boolean;
  /** A command item was chosen; the composition root sends it to the renderer as 'app.command'. */
  command: (id: CommandId) => void;
  /** Help → Learn more; left out unless it is a vetted https address. */
  learnMoreUrl?: string;
  openExternal?: (url: string) => void;
}

/** macOS puts Settings in the app menu under ⌘, whatever other shortcut the command has. */
export const MAC_SETTINGS_ACCELERATOR = 'CmdOrCtrl+,';

const separator: MenuItemConstructorOptions = { type: 'separator' };

type Command = (id: CommandId, over?: MenuItemConstructorOptions) => MenuItemConstructorOptions;

/** macOS only: About, Settings, Services, hiding and Quit. */
function appMenu(opts: MenuOptions, command: Command): MenuItemConstructorOptions {
  return {
    label: opts.appName,
    submenu: [
      { role: 'about' },
      separator,
      command('go-settings', { id: 'app:settings', label: 'Settings…', accelerator: MAC_SETTINGS_ACCELERATOR }),
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
}

function fileMenu(isMac: boolean, command: Command): MenuItemConstructorOptions {
  return {
    label: 'File',
    submenu: [
      command('new-post'),
      command('schedule-post'),
      command('import'),
      command('run-ai-job'),
      separator,
      command('sync-now'),
      command('export-diagnostics'),
      separator,
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };
}

function editMenu(isMac: boolean, command: Command): MenuItemConstructorOptions {
  return {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
      separator,
      command('insert-snippet'),
    ],
  };
}

function viewMenu(opts: MenuOptions, command: Command): MenuItemConstructorOptions {
  return {
    label: 'View',
    submenu: [
      command('palette'),
      command('search'),
      separator,
      command('go-library'),
      command('go-studio'),
      command('go-planner'),
      command('open-calendar'),
      command('go-sync'),
      command('go-settings'),
      separator,
      command('toggle-theme'),
      separator,
      ...(opts.isPackaged
        ? []
        : [
            { role: 'reload' } as const,
            { role: 'forceReload' } as const,
            { role: 'toggleDevTools' } as const,
            separator,
          ]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
}

function windowMenu(isMac: boolean): MenuItemConstructorOptions {
  return {
    label: 'Window',
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }, separator, { role: 'window' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
}

function helpMenu(isMac: boolean, opts: MenuOptions, command: Command): MenuItemConstructorOptions {
  const learnMore = opts.learnMoreUrl ? vetExternalUrl(opts.learnMoreUrl) : null;
  return {
    role: 'help',
    label: 'Help',
    submenu: [
      command('check-updates'),
      command('export-diagnostics', { id: 'help:export-diagnostics' }),
      ...(learnMore && opts.openExternal
        ? [
            separator,
            { id: 'help:learn-more', label: 'Learn more', click: () => opts.openExternal?.(learnMore.toString()) },
          ]
        : []),
      // Elsewhere About lives in Help; macOS has it in the app menu.
      ...(isMac ? [] : [separator, { role: 'about' } as const]),
    ],
  };
}

/**
 * The application menu for a platform, following its conventions (Electron's default menu is the
 * model): the app menu and Window's front/window roles only on macOS, Quit in File elsewhere,
 * standard Edit roles so text fields behave natively. Command items take their label and
 * accelerator from the shared command list, so a shortcut shown here is the one the palette shows.
 */
export function buildMenuTemplate(platform: NodeJS.Platform, opts: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const command: Command = (id, over = {}) => {
    const info = commandInfo(id);
    return {
      id: `command:${id}`,
      label: info.label,
      ...(info.accelerator !== undefined && { accelerator: info.accelerator }),
      click: () => opts.command(id),
      ...over,
    };
  };
  const menus = [
    fileMenu(isMac, command),
    editMenu(isMac, command),
    viewMenu(opts, command),
    windowMenu(isMac),
    helpMenu(isMac, opts, command),
  ];
  return isMac ? [appMenu(opts, command), ...menus] : menus;
}
