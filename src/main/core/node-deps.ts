import path from 'node:path';
import { migrationsDir } from './db/migrations-dir';
import { makeDataFolderPrivate } from './fs/private-folder';
import { localKeyCipher } from './secrets/cipher';
import { PersistentSecretStore } from './secrets/secret-store';
import { consoleSink, createLogger, fileSink, type LogSink } from './logger';
import type { Clock, CoreDeps, Notifier } from './ports';
import { SecretRegistry } from './redact';
import { FileSettingsStore } from './settings/file-settings-store';

/** Where the numbered migrations are, from source or from the bundle. */
export const defaultMigrationsDir = migrationsDir;

export interface NodeDepsOptions {
  dataDir: string;
  host: CoreDeps['host'];
  version?: string;
  clock?: Clock;
  notifier?: Notifier;
  extraSinks?: LogSink[];
  quiet?: boolean;
  migrationsDir?: string;
  embeddedSandbox?: CoreDeps['embeddedSandbox'];
  fetch?: typeof fetch;
  faultPoint?: (name: string) => void;
}

/** Ports for a plain Node host (browser mode, tests, benchmarks): files under one data folder. */
export function nodeDeps(options: NodeDepsOptions): CoreDeps & { registry: SecretRegistry } {
  const { dataDir } = options;
  const registry = new SecretRegistry();
  const clock = options.clock ?? { now: () => Date.now() };
  const logsDir = path.join(dataDir, 'logs');
  const sinks: LogSink[] = [fileSink(logsDir), ...(options.extraSinks ?? [])];
  if (!options.quiet) sinks.push(consoleSink('warn'));
  const logger = createLogger(sinks, registry, clock);
  // At start, before the database opens: the data folder is this user's alone.
  makeDataFolderPrivate(dataDir, logger);
  const settings = new FileSettingsStore(path.join(dataDir, 'settings.json'), logger);
  const secrets = new PersistentSecretStore({
    file: path.join(dataDir, 'secrets.bin'),
    cipher: localKeyCipher(path.join(dataDir, 'secrets.key')),
    registry,
    weakConsent: () => settings.get().allowWeakSecretStorage,
    logger,
  });
  return {
    host: options.host,
    version: options.version ?? '0.0.0',
    paths: {
      dataDir,
      dbFile: path.join(dataDir, 'atelier.db'),
      logsDir,
      migrationsDir: options.migrationsDir ?? defaultMigrationsDir,
    },
    clock,
    logger,
    secrets,
    settings,
    notifier: options.notifier ?? { notify: (n) => logger.info('notification', { title: n.title, route: n.route }) },
    validateOutputs: true,
    embeddedSandbox: options.embeddedSandbox,
    fetch: options.fetch,
    faultPoint: options.faultPoint,
    registry,
  };
}
