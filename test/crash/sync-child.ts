/**
 * One core process for the sync crash test.
 *
 *   sync-child.ts --data DIR --sandbox URL --seed N --round R [--die-at POINT:COUNT]
 *
 * Applies round R's edits (from sync-script.ts) to the local records, prints "draining", then
 * syncs until the outbox is empty and prints "done". `--die-at sync.before-ack:7` kills the
 * process hard (SIGKILL) the 7th time the drain reaches that point; the test may also kill it
 * at any moment after "draining".
 */
import { createCore } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import { DEMO } from '../../src/sandbox/demo';
import { expectedState, roundEdits } from './sync-script';

function arg(flag: string): string | null {
  const i = process.argv.indexOf(flag);
  return i >= 0 && i + 1 < process.argv.length ? (process.argv[i + 1] ?? null) : null;
}

function print(line: string): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${line}\n`, () => resolve()));
}

async function main(): Promise<void> {
  const data = arg('--data');
  const sandbox = arg('--sandbox');
  const seed = Number(arg('--seed'));
  const round = Number(arg('--round'));
  if (!data || !sandbox || !Number.isInteger(seed) || !Number.isInteger(round))
    throw new Error('usage: sync-child.ts --data DIR --sandbox URL --seed N --round R [--die-at POINT:COUNT]');
  const [dieAt, dieCount] = (arg('--die-at') ?? ':').split(':');
  let hits = 0;
  const deps = nodeDeps({
    dataDir: data,
    host: 'test',
    quiet: true,
    embeddedSandbox: async () => ({ url: sandbox, demo: DEMO, stop: async () => undefined }),
    faultPoint: (name) => {
      if (name === dieAt && ++hits === Number(dieCount)) process.kill(process.pid, 'SIGKILL');
    },
  });
  deps.settings.set({ ...deps.settings.get(), allowWeakSecretStorage: true });
  deps.sync = { autoStart: false };
  const core = createCore(deps);
  await core.start();

  if (round >= 0) {
    const state = expectedState(seed, round);
    const account = core.workspace.account();
    for (const edit of roundEdits(seed, round, state)) {
      const table = edit.group === 'posts' ? 'posts' : 'assets';
      const row = core.db
        .prepare(`SELECT id FROM ${table} WHERE json_extract(data, '$.key') = ? AND deleted = 0`)
        .get(edit.key) as { id: string } | undefined;
      if (!row) throw new Error(`record ${edit.key} is missing locally`);
      if (edit.kind === 'delete') core.store.remove(edit.group, account, row.id);
      else
        core.store.update(
          edit.group,
          account,
          row.id,
          edit.group === 'posts' ? { text: edit.value } : { name: edit.value },
        );
    }
  }
  await print('draining');
  for (let i = 0; i < 50; i++) {
    await core.sync.run();
    const left = (core.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
    if (left === 0) break;
    // Backoffs from an earlier crash must not make the test wait.
    core.db.prepare("UPDATE outbox SET next_attempt_at = 0 WHERE state = 'pending'").run();
  }
  const status = core.sync.status();
  await print(`done ${JSON.stringify({ phase: status.phase, totals: status.totals })}`);
  await core.close();
  process.exit(0);
}

main().catch((e: unknown) => {
  process.stderr.write(`sync-child failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
