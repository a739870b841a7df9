/**
 * One core process for the backup crash test.
 *
 *   backup-child.ts --data DIR
 *
 * Opens the core on DIR, prints "backing up", takes a backup and prints "done". The test kills it
 * (SIGKILL) at random moments in between.
 */
import { createCore } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';

function print(line: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${line}\n`, () => resolve()));
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--data');
  const data = i >= 0 ? process.argv[i + 1] : undefined;
  if (!data) throw new Error('usage: backup-child.ts --data DIR');
  const deps = nodeDeps({ dataDir: data, host: 'test', quiet: true });
  deps.backups = { autoStart: false };
  deps.sync = { autoStart: false };
  deps.ai = { autoStart: false };
  const core = createCore(deps);
  await print('backing up');
  const view = await core.backups.take('manual');
  await print(`done ${view.id} ${view.ok}`);
  await core.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
