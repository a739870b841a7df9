import { BrowserWindow, screen } from 'electron';
import path from 'node:path';
import { hardenContents } from './security';
import type { ElectronSettingsStore } from './settings-store';
import { restoreWindowState } from './window-state';
import { secureWebPreferences } from './web-preferences';

export interface MainWindowOptions {
  preload: string;
  /** file:// URL of the built renderer, or the dev server URL. */
  rendererUrl: string;
  isAppUrl: (url: string) => boolean;
  store: ElectronSettingsStore;
  icon?: string;
}

/**
 * The window's own icon: Linux window managers and docks show it; Windows and macOS take theirs
 * from the executable, so there is none to give.
 */
export function windowIcon(platform: NodeJS.Platform, mainDir: string): string | undefined {
  return platform === 'linux' ? path.join(mainDir, 'icon.png') : undefined;
}

/** The main window: secure preferences, hardened contents, size and position remembered. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const state = restoreWindowState(
    options.store.windowState(),
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Atelier',
    ...(options.icon ? { icon: options.icon } : {}),
    backgroundColor: '#16161a',
    webPreferences: secureWebPreferences(options.preload),
  });
  hardenContents(win.webContents, options.isAppUrl);
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const save = () => {
    if (win.isDestroyed()) return;
    const b = win.getNormalBounds();
    options.store.saveWindowState({ x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() });
  };
  win.on('close', save);
  win.on('resized', save);
  win.on('moved', save);
  void win.loadURL(options.rendererUrl);
  return win;
}
