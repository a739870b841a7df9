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

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  let core: CoreHost | null = null;
  // Closing the core stops the AI queue and sync with everything durable in SQLite: before any quit,
  // and before an update restarts the app.
  let closing: Promise<void> | null = null;
  let flushed = false;
  const flush = async (): Promise<void> => {
    closing ??= core?.close() ?? Promise.resolve();
    await closing;
    flushed = true;
  };

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  void app.whenReady().then(async () => {
    const dataDir = app.getPath('userData');
    const registry = new SecretRegistry();
    const logsDir = path.join(dataDir, 'logs');
    const logger = createLogger([fileSink(logsDir), consoleSink(app.isPackaged ? 'warn' : 'info')], registry);
    makeDataFolderPrivate(dataDir, logger);
    const store = new ElectronSettingsStore(dataDir, logger);
    const updates = new UpdateController({
      // Development builds have no update feed (and no signature to verify against).
      updater: app.isPackaged ? autoUpdater : null,
      disabledReason: 'Updates are checked by installed builds only; this is a development build.',
      autoDownload: () => store.get().autoDownloadUpdates,
      flush,
      // A verified backup of the database before a new version (and its migrations) runs.
      beforeInstall: async () => core?.backupBeforeUpdate(),
      // The core is closed but the installer did not start: come back as the current version.
      onInstallFailed: () => {
        app.relaunch();
        app.exit(0);
      },
      logger,
    });
    const secrets = new PersistentSecretStore({
      file: path.join(dataDir, 'secrets.bin'),
      cipher: safeStorageCipher(),
      registry,
      weakConsent: () => store.get().allowWeakSecretStorage,
      logger,
    });
    installErrorNet(logger, (message) => {
      if (win && !win.isDestroyed()) core?.events.emit('app.error', { message });
      else dialog.showErrorBox('Atelier', message);
    });
    try {
      // A damaged database opens the recovery screen instead of the app.
      core = openCoreHost({
        host: 'electron',
        version: app.getVersion(),
        paths: {
          dataDir,
          dbFile: path.join(dataDir, 'atelier.db'),
          logsDir,
          migrationsDir,
        },
        clock: { now: () => Date.now() },
        logger,
        secrets,
        settings: store,
        notifier: electronNotifier(
          () => win,
          (section, item) => core?.events.emit('app.navigate', item ? { section, item } : { section }),
        ),
        versions: { electron: process.versions.electron ?? '', chrome: process.versions.chrome ?? '' },
        validateOutputs: !app.isPackaged,
        embeddedSandbox: embeddedSandbox(path.join(dataDir, 'sandbox')),
        dialogs: electronDialogs(() => win),
        updates,
        registry,
        // After a restore or rescue the core is closed: start again as a new process on the new file.
        restart: () => {
          flushed = true;
          app.relaunch();
          app.exit(0);
        },
        revealFolder: async (folder) => {
          const problem = await shell.openPath(folder);
          return problem === '';
        },
      });
    } catch (e) {
      const detail =
        e instanceof AppException
          ? `${e.error.message}\n\n${e.error.hint ?? ''}`
          : `Atelier could not open its database in ${dataDir} (${e instanceof Error ? e.message : String(e)}). Nothing was changed.`;
      logger.error('could not open the data folder', { error: e });
      dialog.showErrorBox('Atelier cannot open its data', detail);
      app.exit(1);
      return;
    }

    tightenFiles(['', '-wal', '-shm'].map((suffix) => path.join(dataDir, `atelier.db${suffix}`)));

    // An update installing on quit gets its backup first (best effort: quitting must not fail).
    const backupIfUpdating = async () => {
      if (updates.status().state !== 'ready') return;
      await core?.backupBeforeUpdate().catch((e: unknown) => logger.error('could not back up before the update', { error: e }));
    };
    // Every quit (menu, last window, installing an update on quit) waits for the core to close.
    app.on('before-quit', (event) => {
      if (flushed) return;
      event.preventDefault();
      updates.stop();
      void backupIfUpdating()
        .then(() => flush())
        .catch((e: unknown) => logger.error('could not close cleanly before quitting', { error: e }))
        .finally(() => {
          flushed = true;
          app.quit();
        });
    });

    await core.start();
    updates.start();
    powerMonitor.on('resume', () => core?.resume());
    hardenSession(session.defaultSession);
    handleMediaProtocol(core.media);
    const policy = appUrlPolicy(path.join(__dirname, '../renderer/index.html'), process.env.ELECTRON_RENDERER_URL);
    registerIpc(core.dispatch, { isOurContents: (c) => win !== null && c.id === win.webContents.id, isAppUrl: policy.isAppUrl }, logger);
    win = createMainWindow({
      preload: path.join(__dirname, '../preload/index.js'),
      rendererUrl: policy.rendererUrl,
      isAppUrl: policy.isAppUrl,
      store,
      icon: windowIcon(process.platform, __dirname),
    });
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
      win = null;
    });
  });

  // 'before-quit' closes the core first.
  app.on('window-all-closed', () => app.quit());
}
