import type { UpdateStatus } from '../../shared/updates';
import type { Logger, Updates } from '../core/ports';

/** electron-updater's events, as far as the controller listens to them. */
export interface UpdaterEvents {
  'checking-for-update': () => void;
  'update-available': (info: { version: string }) => void;
  'update-not-available': (info: { version: string }) => void;
  'download-progress': (info: { percent: number }) => void;
  'update-downloaded': (info: { version: string }) => void;
  error: (error: Error, message?: string) => void;
}

/** The part of electron-updater's `autoUpdater` the controller uses (tests pass a fake). */
export interface AutoUpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void } | null;
  checkForUpdates(): Promise<unknown>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'checking-for-update', listener: UpdaterEvents['checking-for-update']): unknown;
  on(event: 'update-available', listener: UpdaterEvents['update-available']): unknown;
  on(event: 'update-not-available', listener: UpdaterEvents['update-not-available']): unknown;
  on(event: 'download-progress', listener: UpdaterEvents['download-progress']): unknown;
  on(event: 'update-downloaded', listener: UpdaterEvents['update-downloaded']): unknown;
  on(event: 'error', listener: UpdaterEvents['error']): unknown;
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface UpdateControllerOptions {
  /** null: this build does not update itself (development); `disabledReason` says why. */
  updater: AutoUpdaterLike | null;
  disabledReason?: string;
  /** The user's "Download updates automatically" setting, read at each check. */
  autoDownload: () => boolean;
  /** Make everything durable before the restart (the core's close: queue and sync stop, SQLite holds the rest). */
  flush: () => Promise<void>;
  /** Back up the database before a new version runs; failing stops "Restart to update" (it still installs on quit). */
  beforeInstall?: () => Promise<void>;
  /** The install could not start after the flush: the host brings the app back (relaunch). */
  onInstallFailed?: () => void;
  logger: Logger;
  now?: () => number;
  timers?: Timers;
  /** How often to look for updates (a day). */
  intervalMs?: number;
  /** How often to see whether a check is due; the clock decides, so a sleeping machine catches up. */
  tickMs?: number;
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function messageOf(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  // electron-updater errors can carry whole HTTP responses; the first line says what happened.
  return (text.split('\n')[0] ?? '').slice(0, 300) || 'The update failed.';
}

/**
 * The update state machine around electron-updater:
 * idle → checking → available → downloading → ready, or up-to-date, or error.
 * Checks when started and once a day; a failure only changes the state (the running version keeps
 * working) and the next daily check tries again. A downloaded update installs when the app quits
 * (autoInstallOnAppQuit) or now on the user's "Restart to update", after `flush`.
 */
export class UpdateController implements Updates {
  private current: UpdateStatus;
  private readonly listeners = new Set<(status: UpdateStatus) => void>();
  private lastAttemptAt: number | null = null;
  private lastCheckedAt: string | null = null;
  private version = '';
  private timer: unknown = null;
  private readonly now: () => number;
  private readonly timers: Timers;

  constructor(private readonly options: UpdateControllerOptions) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? {
      setInterval: (fn, ms) => setInterval(fn, ms).unref(),
      clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
    };
    const { updater } = options;
    if (!updater) {
      this.current = { state: 'disabled', reason: options.disabledReason ?? 'This build does not update itself.' };
      return;
    }
    this.current = { state: 'idle', lastCheckedAt: null };
    updater.autoInstallOnAppQuit = true;
    const log = options.logger;
    updater.logger = {
      info: (m) => log.info(`updater: ${String(m)}`),
      warn: (m) => log.warn(`updater: ${String(m)}`),
      error: (m) => log.error(`updater: ${String(m)}`),
    };
    updater.on('checking-for-update', () => this.set({ state: 'checking', lastCheckedAt: this.lastCheckedAt }));
    updater.on('update-available', (info) => {
      this.version = info.version;
      this.lastCheckedAt = new Date(this.now()).toISOString();
      this.set(
        updater.autoDownload
          ? { state: 'downloading', version: info.version, percent: 0, lastCheckedAt: this.lastCheckedAt }
          : { state: 'available', version: info.version, lastCheckedAt: this.lastCheckedAt },
      );
    });
    updater.on('update-not-available', () => {
      this.lastCheckedAt = new Date(this.now()).toISOString();
      this.set({ state: 'up-to-date', lastCheckedAt: this.lastCheckedAt });
    });
    updater.on('download-progress', (p) => {
      const percent = Math.max(0, Math.min(100, Math.floor(Number.isFinite(p.percent) ? p.percent : 0)));
      this.set({ state: 'downloading', version: this.version, percent, lastCheckedAt: this.lastCheckedAt });
    });
    updater.on('update-downloaded', (info) => {
      this.version = info.version || this.version;
      log.info('update downloaded and verified', { version: this.version });
      this.set({ state: 'ready', version: this.version, message: null, lastCheckedAt: this.lastCheckedAt });
    });
    updater.on('error', (e) => this.failed(e));
  }

  /** Check now and then once a day. */
  start(): void {
    if (!this.options.updater || this.timer !== null) return;
    void this.check();
    this.timer = this.timers.setInterval(() => {
      if (this.lastAttemptAt === null || this.now() - this.lastAttemptAt >= (this.options.intervalMs ?? DAY))
        void this.check();
    }, this.options.tickMs ?? HOUR);
  }

  stop(): void {
    if (this.timer !== null) this.timers.clearInterval(this.timer);
    this.timer = null;
  }

  status(): UpdateStatus {
    return this.current;
  }

  onChange(listener: (status: UpdateStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async check(): Promise<UpdateStatus> {
    const { updater } = this.options;
    // Busy, or a verified update already waits for the restart.
    if (!updater || ['checking', 'downloading', 'ready'].includes(this.current.state)) return this.current;
    this.lastAttemptAt = this.now();
    updater.autoDownload = this.options.autoDownload();
    this.set({ state: 'checking', lastCheckedAt: this.lastCheckedAt });
    try {
      await updater.checkForUpdates();
      // No events at all: the updater is inactive (no update configuration in this build).
      if (this.current.state === 'checking') this.set({ state: 'idle', lastCheckedAt: this.lastCheckedAt });
    } catch (e) {
      this.failed(e);
    }
    return this.current;
  }

  async download(): Promise<UpdateStatus> {
    const { updater } = this.options;
    if (!updater || this.current.state !== 'available') return this.current;
    this.set({ state: 'downloading', version: this.current.version, percent: 0, lastCheckedAt: this.lastCheckedAt });
    try {
      await updater.downloadUpdate();
    } catch (e) {
      this.failed(e);
    }
    return this.current;
  }

  async install(): Promise<UpdateStatus> {
    const { updater } = this.options;
    if (!updater || this.current.state !== 'ready') return this.current;
    const { version } = this.current;
    try {
      await this.options.beforeInstall?.();
    } catch (e) {
      this.options.logger.error('could not back up before installing the update', { error: e });
      this.set({
        state: 'ready',
        version,
        message:
          `Atelier could not back up its database before restarting (${messageOf(e)}). Nothing was installed; ` +
          `try again, or the update installs when you quit.`,
        lastCheckedAt: this.lastCheckedAt,
      });
      return this.current;
    }
    try {
      await this.options.flush();
    } catch (e) {
      // Nothing is installed over data that may not be on disk; the update still installs on quit.
      this.options.logger.error('could not save before installing the update', { error: e });
      this.set({
        state: 'ready',
        version,
        message:
          `Atelier could not save its work before restarting (${messageOf(e)}). ` +
          `The update installs when you quit.`,
        lastCheckedAt: this.lastCheckedAt,
      });
      return this.current;
    }
    try {
      this.options.logger.info('restarting to install the update', { version });
      updater.quitAndInstall();
    } catch (e) {
      this.failed(e);
      this.options.onInstallFailed?.();
    }
    return this.current;
  }

  private failed(e: unknown): void {
    const message = messageOf(e);
    // electron-updater both emits 'error' and rejects: log the failure once.
    if (this.current.state !== 'error' || this.current.message !== message) {
      this.options.logger.warn('update failed; the current version keeps running', { error: message });
    }
    // A verified download is not lost to a later error (a failed background check).
    if (this.current.state === 'ready') this.set({ ...this.current, message });
    else this.set({ state: 'error', message, lastCheckedAt: this.lastCheckedAt });
  }

  private set(next: UpdateStatus): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    for (const listener of this.listeners) {
      try {
        listener(next);
      } catch (e) {
        this.options.logger.warn('update listener failed', { error: e });
      }
    }
  }
}
