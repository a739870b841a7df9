import os from 'node:os';
import type { AppInfo } from '../../../shared/contract';
import type { CoreDeps } from '../ports';

/**
 * What app.info answers: the app, the machine it runs on and its data folder, with what is known of
 * the database (the recovery screen knows less than a running core) and any versions beyond the host's.
 */
export function appInfoOf(
  deps: Pick<CoreDeps, 'version' | 'host' | 'paths' | 'versions'>,
  database: Omit<AppInfo['database'], 'path'>,
  versions: Record<string, string> = {},
) {
  return {
    name: 'Atelier',
    version: deps.version,
    host: deps.host,
    platform: `${process.platform}-${process.arch} (${os.release()})`,
    dataDir: deps.paths.dataDir,
    database: { path: deps.paths.dbFile, ...database },
    versions: { node: process.versions.node, ...versions, ...deps.versions },
  } satisfies AppInfo;
}
