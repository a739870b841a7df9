import fs from 'node:fs';
import path from 'node:path';
import { openCoreHost } from '../core/backup/core-host';
import { installErrorNet } from '../core/error-net';
import { AppException } from '../core/errors';
import { tightenFiles } from '../core/fs/private-folder';
import { nodeDeps } from '../core/node-deps';
import { embeddedSandbox } from '../embedded-sandbox';
import { defaultDataDir } from './data-dir';
import { startWebHost } from './server';

// Everything this process creates (the database and its -wal and -shm, which SQLite creates
// itself, media, uploads, logs) is readable by this user only.
if (process.platform !== 'win32') process.umask(0o077);

/** `npm run start:web`: the whole app in a browser, the core in this Node process. */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dataDir = path.resolve(flag('--data') ?? process.env.ATELIER_DATA_DIR ?? defaultDataDir());
  const port = Number(flag('--port') ?? process.env.ATELIER_WEB_PORT ?? 0);
  const rendererDir = path.resolve(flag('--renderer') ?? path.join(__dirname, '..', '..', '..', 'out', 'renderer'));
  const version = (
    JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const deps = nodeDeps({
    dataDir,
    host: 'web',
    version,
    embeddedSandbox: embeddedSandbox(path.join(dataDir, 'sandbox')),
  });
  let core;
  try {
    // A damaged database opens the recovery screen instead; a restore reopens the core in-process.
    core = openCoreHost(deps);
  } catch (e) {
    console.error(
      e instanceof AppException
        ? `${e.error.message}\n${e.error.hint ?? ''}`
        : `Atelier could not open its data folder: ${e instanceof Error ? e.message : String(e)}`,
    );
    process.exit(1);
  }
  const host = core;
  // A database created by an earlier version under a looser umask is tightened too.
  tightenFiles(['', '-wal', '-shm'].map((suffix) => `${deps.paths.dbFile}${suffix}`));
  installErrorNet(deps.logger, (message) => {
    console.error(message);
    host.events.emit('app.error', { message });
  });
  await host.start();
  const web = await startWebHost({ core: host, logger: deps.logger, rendererDir, port, media: host.media });
  console.log(`Atelier (browser mode) is running. Open this address in your browser:

  ${web.url}
`);
  console.log(`Data folder: ${dataDir}`);
  const stop = async () => {
    await web.close();
    await host.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
