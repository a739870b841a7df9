import { describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({ windows: [] as FakeWindow[] }));

interface FakeWindow {
  options: Record<string, unknown>;
  listeners: Map<string, () => void>;
  loaded?: string;
  maximized: boolean;
  contents: { on: ReturnType<typeof vi.fn>; setWindowOpenHandler: ReturnType<typeof vi.fn> };
}

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn() };
    private fake: FakeWindow;
    constructor(options: Record<string, unknown>) {
      this.fake = { options, listeners: new Map(), maximized: false, contents: this.webContents };
      h.windows.push(this.fake);
    }
    on(name: string, fn: () => void) {
      this.fake.listeners.set(name, fn);
    }
    once(name: string, fn: () => void) {
      this.fake.listeners.set(name, fn);
    }
    maximize() {
      this.fake.maximized = true;
    }
    isMaximized() {
      return this.fake.maximized;
    }
    isDestroyed() {
      return false;
    }
    getNormalBounds() {
      return { x: 5, y: 6, width: 1111, height: 777 };
    }
    async loadURL(url: string) {
      this.fake.loaded = url;
    }
    show() {}
  }
  return {
    BrowserWindow,
    screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
    shell: { openExternal: vi.fn() },
  };
});

import fs from 'node:fs';
import path from 'node:path';
import { createMainWindow, windowIcon } from './window';

function store(saved: unknown) {
  return { windowState: () => saved, saveWindowState: vi.fn() };
}

/** Creates the main window for the app URL over this store, and returns the fake it made. */
function openWindow(s: ReturnType<typeof store>, extra: { icon?: string } = {}) {
  createMainWindow({
    preload: '/p.js',
    rendererUrl: 'file:///app/index.html',
    isAppUrl: () => true,
    store: s as never,
    ...extra,
  });
  return h.windows.at(-1)!;
}

describe('main window', () => {
  it('is created with secure preferences at the saved place, hardened, and loads only the app URL', () => {
    const s = store({ x: 40, y: 50, width: 1000, height: 700, maximized: true });
    const w = openWindow(s);
    expect(w.options).toMatchObject({ x: 40, y: 50, width: 1000, height: 700, show: false });
    expect(w.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(w.maximized).toBe(true);
    expect(w.loaded).toBe('file:///app/index.html');
    expect(w.contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(w.contents.on.mock.calls.map((c) => c[0])).toEqual(
      expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']),
    );
  });

  it('carries the app icon on Linux, where the window manager takes it from the window', () => {
    const icon = windowIcon('linux', '/app/out/main');
    expect(icon).toBe(path.join('/app/out/main', 'icon.png'));
    expect(windowIcon('win32', '/app/out/main')).toBeUndefined();
    expect(windowIcon('darwin', '/app/out/main')).toBeUndefined();
    expect(openWindow(store(undefined), { icon }).options).toMatchObject({
      icon: path.join('/app/out/main', 'icon.png'),
    });
    // The build copies it there from the icon the installers use.
    const config = fs.readFileSync(path.resolve(__dirname, '../../../electron.vite.config.ts'), 'utf8');
    expect(config).toContain(
      "fs.copyFileSync(path.resolve(__dirname, 'resources/icon.png'), path.join(dir, 'icon.png'))",
    );
    expect(fs.statSync(path.resolve(__dirname, '../../../resources/icon.png')).size).toBeGreaterThan(0);
  });

  it('remembers its size and position when closed, resized or moved', () => {
    const s = store(undefined);
    const w = openWindow(s);
    expect(w.options).toMatchObject({ width: 1280, height: 820 });
    expect(w.options.x).toBeUndefined();
    w.listeners.get('close')!();
    w.listeners.get('moved')!();
    expect(s.saveWindowState).toHaveBeenCalledTimes(2);
    expect(s.saveWindowState).toHaveBeenLastCalledWith({ x: 5, y: 6, width: 1111, height: 777, maximized: false });
  });
});
