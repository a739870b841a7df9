import type { SecretsStatus } from '../../shared/contract';
import type { AppNotification } from '../../shared/events';
import type { Settings } from '../../shared/settings';
import type { UpdateStatus } from '../../shared/updates';
import type { MediaTools } from './media/media-tools';
import type { SecretRegistry } from './redact';

/** What only a host (Electron, the Node web host, a test) can provide to the core. */

export interface Clock {
  now(): number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Secrets (tokens, keys, client secret). Values never leave the main process. */
export interface SecretStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
  status(): SecretsStatus;
  /** Re-evaluate whether secrets may be persisted (after the user's consent changed). */
  refreshPersistence?(): Promise<void>;
}

export interface SettingsStore {
  get(): Settings;
  set(next: Settings): void;
}

/** Defined once, with the push event that carries it to a browser-mode page. */
export type { AppNotification };

export interface Notifier {
  notify(notification: AppNotification): void;
}

/** System dialogs (the desktop app has them; browser mode does not). */
export interface Dialogs {
  /** Files and folders to import; empty when the user cancelled. */
  chooseImport(): Promise<string[]>;
  /** A folder to write into (exports); null when the user cancelled. */
  chooseFolder(title: string): Promise<string | null>;
}

/** Application updates (the desktop app's updater); absent: updates are not this host's job. */
export interface Updates {
  status(): UpdateStatus;
  /** Look for a newer version now. */
  check(): Promise<UpdateStatus>;
  /** Download the version found (when automatic download is off). */
  download(): Promise<UpdateStatus>;
  /** Save everything, then quit and install the downloaded version. */
  install(): Promise<UpdateStatus>;
  onChange(listener: (status: UpdateStatus) => void): () => void;
}

export interface Paths {
  dataDir: string;
  dbFile: string;
  logsDir: string;
  migrationsDir: string;
}

/** Starts a platform inside this process (the built-in sandbox), when the host offers one. */
export type EmbeddedStarter = () => Promise<{
  url: string;
  demo: { username: string; password: string; clientId: string; clientSecret: string };
  stop(): Promise<void>;
}>;

export interface CoreDeps {
  host: 'electron' | 'web' | 'test';
  version: string;
  paths: Paths;
  clock: Clock;
  logger: Logger;
  secrets: SecretStore;
  settings: SettingsStore;
  notifier: Notifier;
  /** Extra version strings to report (electron, chrome…). */
  versions?: Record<string, string>;
  /** Validate handler outputs too (development and tests). */
  validateOutputs?: boolean;
  /** The built-in sandbox, for the Sandbox connection. */
  embeddedSandbox?: EmbeddedStarter;
  /** The network (tests may wrap the real client to count or break calls). */
  fetch?: typeof fetch;
  dialogs?: Dialogs;
  /** The updater; absent (browser mode, tests), updates report `disabled`. */
  updates?: Updates;
  /** The registry the logger redacts with; diagnostics exports run through it too. */
  registry?: SecretRegistry;
  /** ffmpeg/ffprobe lookup (tests force them absent). */
  mediaTools?: () => Promise<MediaTools>;
  /** Sync tuning (tests use small values). */
  sync?: { concurrency?: number; pullIntervalMs?: number; autoStart?: boolean };
  /** The AI job queue starts by itself unless told not to (tests that stage a restart). */
  ai?: { autoStart?: boolean };
  /** Test hook at named points of the refresh path. */
  faultPoint?: (name: string) => void;
  /**
   * Open Atelier again after its database file was replaced (a restore or a rescue), the core
   * already closed: the desktop app relaunches; browser mode creates the core again in-process.
   */
  restart?: () => Promise<void> | void;
  /** Show a folder in the system's file manager; false where the host cannot (browser mode). */
  revealFolder?: (folder: string) => Promise<boolean>;
  /** Backups: the daily schedule (tests turn it off or shorten its first wait) and the open check's budget. */
  backups?: { autoStart?: boolean; startDelayMs?: number; checkWaitMs?: number };
}
