import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

// The composition root, with Electron replaced by a recording fake.
const h = vi.hoisted(() => ({
  lock: true,
  userData: '',
  app: {} as Record<string, ReturnType<typeof vi.fn>>,
  appListeners: new Map<string, (...a: unknown[]) => void>(),
  windows: [] as {
    options: Record<string, unknown>;
    focus: Mock<() => void>;
    restore: Mock<() => void>;
    minimized: boolean;
  }[],
  ipc: new Map<string, unknown>(),
  errorBox: vi.fn(),
  permissionHandler: undefined as undefined | ((c: unknown, p: string, cb: (ok: boolean) => void) => void),
  menu: null as unknown,
}));

vi.mock('electron', () => {
  const listeners = h.appListeners;
  const app = {
    requestSingleInstanceLock: vi.fn(() => h.lock),
    quit: vi.fn(),
    exit: vi.fn(),
    on: vi.fn((name: string, fn: (...a: unknown[]) => void) => listeners.set(name, fn)),
    whenReady: vi.fn(() => Promise.resolve()),
    getPath: vi.fn(() => h.userData),
    setPath: vi.fn(),
    getVersion: vi.fn(() => '9.9.9'),
    getName: vi.fn(() => 'Atelier'),
    isPackaged: false,
  };
  h.app = app as unknown as Record<string, ReturnType<typeof vi.fn>>;
  class BrowserWindow {
    webContents = { id: 1, on: vi.fn(), setWindowOpenHandler: vi.fn(), send: vi.fn(), isDestroyed: () => false };
    record: (typeof h.windows)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, focus: vi.fn(), restore: vi.fn(), minimized: true };
      h.windows.push(this.record);
    }
    on() {}
    once() {}
    maximize() {}
    isMaximized() {
      return false;
    }
    isMinimized() {
      return this.record.minimized;
    }
    restore() {
      this.record.restore();
    }
    focus() {
      this.record.focus();
    }
    async loadURL() {}
  }
  const electron = {
    app,
    BrowserWindow,
    dialog: { showErrorBox: h.errorBox },
    Notification: Object.assign(vi.fn(), { isSupported: () => false }),
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: typeof h.permissionHandler) => (h.permissionHandler = fn),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onHeadersReceived: vi.fn() },
      },
    },
    ipcMain: { handle: (ch: string, fn: unknown) => h.ipc.set(ch, fn), removeHandler: vi.fn(), on: vi.fn() },
    screen: { getAllDisplays: () => [] },
    powerMonitor: { on: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => false },
    shell: { openExternal: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn(), unhandle: vi.fn() },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown) => ({ template })),
      setApplicationMenu: (menu: unknown) => (h.menu = menu),
    },
  };
  return { ...electron, default: electron };
});

async function boot() {
  vi.resetModules();
  await import('./index');
  // Starting is asynchronous (the database opens, the core starts): on a busy machine a fixed wait is not
  // enough, so wait until it has opened its window or quit (at most 10 s), then a moment for what follows.
  const until = Date.now() + 10_000;
  // (The electron mock is made again for each import, so its quit has no calls from an earlier test.)
  while (h.windows.length === 0 && (h.app.quit?.mock.calls.length ?? 0) === 0 && Date.now() < until)
    await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 20));
}

beforeEach(() => {
  h.userData = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-root-'));
  h.windows.length = 0;
  h.ipc.clear();
  h.appListeners.clear();
  h.errorBox.mockClear();
  h.lock = true;
});
afterEach(() => {
  h.appListeners.get('window-all-closed')?.();
  fs.rmSync(h.userData, { recursive: true, force: true });
});

describe('composition root', () => {
  it('quits at once when another instance holds the lock', async () => {
    h.lock = false;
    await boot();
    expect(h.app.quit).toHaveBeenCalled();
    expect(h.windows).toHaveLength(0);
    expect(h.ipc.size).toBe(0);
  });

  it('opens one secure window, registers the IPC contract and denies permissions', async () => {
    await boot();
    expect(h.windows).toHaveLength(1);
    expect(h.windows[0]?.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
    });
    // The application menu is set, with the Edit menu's standard roles.
    const template = (h.menu as { template: { label?: string; submenu?: { role?: string }[] }[] }).template;
    expect(template.find((m) => m.label === 'Edit')?.submenu?.map((i) => i.role)).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
    expect([...h.ipc.keys()]).toContain('atelier:app.info');
    const cb = vi.fn();
    h.permissionHandler?.(null, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(fs.existsSync(path.join(h.userData, 'atelier.db'))).toBe(true);
  });

  it('focuses and restores the existing window when a second instance starts', async () => {
    await boot();
    h.appListeners.get('second-instance')?.();
    expect(h.windows[0]?.restore).toHaveBeenCalled();
    expect(h.windows[0]?.focus).toHaveBeenCalled();
  });

  it('opens the window on the recovery screen, leaving the file alone, when the database is damaged', async () => {
    const file = path.join(h.userData, 'atelier.db');
    fs.writeFileSync(file, 'definitely not sqlite, just some text that is long enough');
    const before = fs.readFileSync(file);
    await boot();
    expect(h.errorBox).not.toHaveBeenCalled();
    expect(h.app.exit).not.toHaveBeenCalled();
    expect(h.windows).toHaveLength(1);
    expect([...h.ipc.keys()]).toContain('atelier:recovery.status');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const log = fs
      .readdirSync(path.join(h.userData, 'logs'))
      .map((f) => fs.readFileSync(path.join(h.userData, 'logs', f), 'utf8'))
      .join('');
    expect(log).toContain('recovery screen');
  });

  it('still shows words and exits when the data folder cannot be opened at all', async () => {
    // A folder where the database file should be: not damage, a place Atelier cannot use.
    fs.mkdirSync(path.join(h.userData, 'atelier.db'));
    await boot();
    expect(h.errorBox).toHaveBeenCalledWith(
      'Atelier cannot open its data',
      expect.stringContaining('could not open its database'),
    );
    expect(h.app.exit).toHaveBeenCalledWith(1);
    expect(h.windows).toHaveLength(0);
  });
});
