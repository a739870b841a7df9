import path from 'node:path';
import { app, type BrowserWindow, dialog, powerMonitor, session } from 'electron';
import { createCore, type Core } from './core/app';
import { electronDialogs } from './shell/dialogs';
import { electronNotifier } from './shell/notifier';
import { embeddedSandbox } from './embedded-sandbox';
import { migrationsDir } from './core/db/migrations-dir';
import { AppException } from './core/errors';
import { consoleSink, createLogger, fileSink } from './core/logger';
import { SecretRegistry } from './core/redact';
import { PersistentSecretStore } from './core/secrets/secret-store';
import { appUrlPolicy } from './shell/app-url';
import { forwardEvents, registerIpc } from './shell/ipc';
import { handleMediaProtocol, registerMediaScheme } from './shell/media-protocol';
import { safeStorageCipher } from './shell/secret-cipher';
import { hardenSession } from './shell/security';
import { ElectronSettingsStore } from './shell/settings-store';
import { createMainWindow } from './shell/window';

// The composition root: build the ports, create the core, wire IPC and the window. Nothing else.

// A separate workspace (tests, a second profile) may be chosen before anything is opened.
if (process.env.ATELIER_USER_DATA) app.setPath('userData', process.env.ATELIER_USER_DATA);
// Custom schemes get their privileges only if declared before the app is ready.
registerMediaScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let win: BrowserWindow | null = null;
  let core: Core | null = null;

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
    const store = new ElectronSettingsStore(dataDir, logger);
    const secrets = new PersistentSecretStore({
      file: path.join(dataDir, 'secrets.bin'),
      cipher: safeStorageCipher(),
      registry,
      weakConsent: () => store.get().allowWeakSecretStorage,
      logger,
    });
    try {
      core = createCore({
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
      });
    } catch (e) {
      const detail = e instanceof AppException ? `${e.error.message}\n\n${e.error.hint ?? ''}` : String(e);
      dialog.showErrorBox('Atelier cannot open its data', detail);
      app.exit(1);
      return;
    }

    await core.start();
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
    });
    forwardEvents(core.events, win.webContents);
    win.on('closed', () => {
      win = null;
    });
  });

  app.on('window-all-closed', () => {
    const closing = core?.close() ?? Promise.resolve();
    core = null;
    void closing.finally(() => app.quit());
  });
}
