import path from 'node:path';
import { app, type BrowserWindow, dialog, Menu, powerMonitor, session, shell } from 'electron';
import { autoUpdater } from 'electron-updater';
import { openCoreHost, type CoreHost } from './core/backup/core-host';
import { installErrorNet } from './core/error-net';
import { electronDialogs } from './shell/dialogs';
import { electronNotifier } from './shell/notifier';
import { embeddedSandbox } from './embedded-sandbox';
import { migrationsDir } from './core/db/migrations-dir';
import { AppException } from './core/errors';
import { makeDataFolderPrivate, tightenFiles } from './core/fs/private-folder';
import { consoleSink, createLogger, fileSink } from './core/logger';
import type { Logger } from './core/ports';
import { SecretRegistry } from './core/redact';
import { PersistentSecretStore } from './core/secrets/secret-store';
import { appUrlPolicy } from './shell/app-url';
import { openExternalSafely } from './shell/external-links';
import { forwardEvents, registerIpc } from './shell/ipc';
import { handleMediaProtocol, registerMediaScheme } from './shell/media-protocol';
import { safeStorageCipher } from './shell/secret-cipher';
import { buildMenuTemplate } from './shell/menu';
import { hardenSession } from './shell/security';
import { ElectronSettingsStore } from './shell/settings-store';
import { UpdateController } from './shell/updater';
import { createMainWindow, windowIcon } from './shell/window';

// The composition root: build the ports, create the core, wire IPC and the window. Nothing else.

// Everything this process creates in the data folder (the database and its -wal and -shm, which
// SQLite creates itself, media, logs) is readable by this user only.
if (process.platform !== 'win32') process.umask(0o077);

// A separate workspace (tests, a second profile) may be chosen before anything is opened.
if (process.env.ATELIER_USER_DATA) app.setPath('userData', process.env.ATELIER_USER_DATA);
// Custom schemes get their privileges only if declared before the app is ready.
registerMediaScheme();

/** What the running app holds: its window, its core, and whether the core was closed for a quit. */
interface Running {
  win: BrowserWindow | null;
  core: CoreHost | null;
  closing: Promise<void> | null;
  flushed: boolean;
}

/**
 * Closing the core stops the AI queue and sync with everything durable in SQLite: before any quit,
 * and before an update restarts the app.
 */
async function flush(r: Running): Promise<void> {
  r.closing ??= r.core?.close() ?? Promise.resolve();
  await r.closing;
  r.flushed = true;
}

function relaunch(): void {
  app.relaunch();
  app.exit(0);
}

function createUpdates(r: Running, store: ElectronSettingsStore, logger: Logger): UpdateController {
  return new UpdateController({
    // Development builds have no update feed (and no signature to verify against).
    updater: app.isPackaged ? autoUpdater : null,
    disabledReason: 'Updates are checked by installed builds only; this is a development build.',
    autoDownload: () => store.get().autoDownloadUpdates,
    flush: () => flush(r),
    // A verified backup of the database before a new version (and its migrations) runs.
    beforeInstall: async () => r.core?.backupBeforeUpdate(),
    // The core is closed but the installer did not start: come back as the current version.
    onInstallFailed: relaunch,
    logger,
  });
}

interface Ports {
  dataDir: string;
  logsDir: string;
  logger: Logger;
  registry: SecretRegistry;
  store: ElectronSettingsStore;
  updates: UpdateController;
}

/** The core on the data folder, or null after telling the user why it cannot open (the app then exits). */
function openCore(r: Running, { dataDir, logsDir, logger, registry, store, updates }: Ports): CoreHost | null {
  const secrets = new PersistentSecretStore({
    file: path.join(dataDir, 'secrets.bin'),
    cipher: safeStorageCipher(),
    registry,
    weakConsent: () => store.get().allowWeakSecretStorage,
    logger,
  });
  try {
    // A damaged database opens the recovery screen instead of the app.
    return openCoreHost({
      host: 'electron',
      version: app.getVersion(),
      paths: { dataDir, dbFile: path.join(dataDir, 'atelier.db'), logsDir, migrationsDir },
      clock: { now: () => Date.now() },
      logger,
      secrets,
      settings: store,
      notifier: electronNotifier(
        () => r.win,
        (section, item) => r.core?.events.emit('app.navigate', item ? { section, item } : { section }),
      ),
      versions: { electron: process.versions.electron ?? '', chrome: process.versions.chrome ?? '' },
      validateOutputs: !app.isPackaged,
      embeddedSandbox: embeddedSandbox(path.join(dataDir, 'sandbox')),
      dialogs: electronDialogs(() => r.win),
      updates,
      registry,
      // After a restore or rescue the core is closed: start again as a new process on the new file.
      restart: () => {
        r.flushed = true;
        relaunch();
      },
      revealFolder: async (folder) => (await shell.openPath(folder)) === '',
    });
  } catch (e) {
    const detail =
      e instanceof AppException
        ? `${e.error.message}\n\n${e.error.hint ?? ''}`
        : `Atelier could not open its database in ${dataDir} (${e instanceof Error ? e.message : String(e)}). ` +
          `Nothing was changed.`;
    logger.error('could not open the data folder', { error: e });
    dialog.showErrorBox('Atelier cannot open its data', detail);
    app.exit(1);
    return null;
  }
}

/** Every quit (menu, last window, installing an update on quit) waits for the core to close. */
function closeBeforeQuit(r: Running, updates: UpdateController, logger: Logger): void {
  // An update installing on quit gets its backup first (best effort: quitting must not fail).
  const backupIfUpdating = async () => {
    if (updates.status().state !== 'ready') return;
    await r.core
      ?.backupBeforeUpdate()
      .catch((e: unknown) => logger.error('could not back up before the update', { error: e }));
  };
  app.on('before-quit', (event) => {
    if (r.flushed) return;
    event.preventDefault();
    updates.stop();
    void backupIfUpdating()
      .then(() => flush(r))
      .catch((e: unknown) => logger.error('could not close cleanly before quitting', { error: e }))
      .finally(() => {
        r.flushed = true;
        app.quit();
      });
  });
}

/** The window, IPC and the menu, once the core runs. */
function openWindow(r: Running, core: CoreHost, store: ElectronSettingsStore, logger: Logger): void {
  hardenSession(session.defaultSession);
  handleMediaProtocol(core.media);
  const policy = appUrlPolicy(path.join(__dirname, '../renderer/index.html'), process.env.ELECTRON_RENDERER_URL);
  registerIpc(
    core.dispatch,
    { isOurContents: (c) => r.win !== null && c.id === r.win.webContents.id, isAppUrl: policy.isAppUrl },
    logger,
  );
  const win = createMainWindow({
    preload: path.join(__dirname, '../preload/index.js'),
    rendererUrl: policy.rendererUrl,
    isAppUrl: policy.isAppUrl,
    store,
    icon: windowIcon(process.platform, __dirname),
  });
  r.win = win;
  forwardEvents(core.events, win.webContents);
  const events = core.events;
  const menu = buildMenuTemplate(process.platform, {
    appName: app.name,
    isPackaged: app.isPackaged,
    // The renderer carries commands out (it receives core events through forwardEvents).
    command: (command) => events.emit('app.command', { command }),
    openExternal: (url) => void openExternalSafely(url, (u) => shell.openExternal(u)),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(menu));
  win.on('closed', () => {
    r.win = null;
  });
}

async function whenReady(r: Running): Promise<void> {
  const dataDir = app.getPath('userData');
  const registry = new SecretRegistry();
  const logsDir = path.join(dataDir, 'logs');
  const logger = createLogger([fileSink(logsDir), consoleSink(app.isPackaged ? 'warn' : 'info')], registry);
  makeDataFolderPrivate(dataDir, logger);
  const store = new ElectronSettingsStore(dataDir, logger);
  const updates = createUpdates(r, store, logger);
  installErrorNet(logger, (message) => {
    if (r.win && !r.win.isDestroyed()) r.core?.events.emit('app.error', { message });
    else dialog.showErrorBox('Atelier', message);
  });
  const core = openCore(r, { dataDir, logsDir, logger, registry, store, updates });
  if (!core) return;
  r.core = core;
  tightenFiles(['', '-wal', '-shm'].map((suffix) => path.join(dataDir, `atelier.db${suffix}`)));
  closeBeforeQuit(r, updates, logger);
  await core.start();
  updates.start();
  powerMonitor.on('resume', () => r.core?.resume());
  openWindow(r, core, store, logger);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const running: Running = { win: null, core: null, closing: null, flushed: false };

  app.on('second-instance', () => {
    const { win } = running;
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(() => whenReady(running));

  // 'before-quit' closes the core first.
  app.on('window-all-closed', () => app.quit());
}
