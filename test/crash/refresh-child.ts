/**
 * One short-lived core process for the refresh crash tests.
 *
 *   refresh-child.ts --data DIR --sandbox URL --do sign-in|request[,…] [--crash-at POINT] [--kill-after]
 *
 * Builds a core on DIR (secrets persisted with the user's consent) connected to the sandbox at
 * URL, performs the actions in order and prints one JSON line:
 *   {"ok": true|false, "code"?: string, "steps": [...], "initial": SessionView, "session": SessionView, "prompts": n}
 * `--crash-at POINT` kills the process hard (SIGKILL) when the refresh path reaches POINT.
 * `--kill-after` kills it hard right after printing, instead of closing the core.
 */
import { createCore } from '../../src/main/core/app';
import { AppException } from '../../src/main/core/errors';
import { nodeDeps } from '../../src/main/core/node-deps';
import { DEMO } from '../../src/sandbox/demo';

type Action = 'sign-in' | 'request';

interface Step {
  action: Action;
  ok: boolean;
  code?: string;
}

function parseArgs(argv: string[]): {
  data: string;
  sandbox: string;
  actions: Action[];
  crashAt: string | null;
  killAfter: boolean;
} {
  const value = (flag: string): string | null => {
    const i = argv.indexOf(flag);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1]! : null;
  };
  const data = value('--data');
  const sandbox = value('--sandbox');
  const actions = (value('--do') ?? '').split(',').filter(Boolean);
  if (!data || !sandbox || actions.length === 0 || actions.some((a) => a !== 'sign-in' && a !== 'request')) {
    throw new Error(
      'usage: refresh-child.ts --data DIR --sandbox URL --do sign-in|request[,…] [--crash-at POINT] [--kill-after]',
    );
  }
  return {
    data,
    sandbox,
    actions: actions as Action[],
    crashAt: value('--crash-at'),
    killAfter: argv.includes('--kill-after'),
  };
}

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL to oneself is delivered before kill() returns; this line is never reached.
  throw new Error('still alive after SIGKILL');
}

function print(line: unknown): Promise<void> {
  return new Promise((resolve) => process.stdout.write(`${JSON.stringify(line)}\n`, () => resolve()));
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const deps = nodeDeps({
    dataDir: args.data,
    host: 'test',
    // Warnings go to stderr, which the test scans for leaked tokens.
    quiet: false,
    embeddedSandbox: async () => ({ url: args.sandbox, demo: DEMO, stop: async () => undefined }),
    faultPoint: (name) => {
      if (name === args.crashAt) die();
    },
  });
  deps.settings.set({ ...deps.settings.get(), allowWeakSecretStorage: true });
  const core = createCore(deps);
  let prompts = 0;
  core.events.subscribe((event, payload) => {
    if (event === 'session.changed' && (payload as { state?: string }).state === 'needs_sign_in') prompts += 1;
  });
  await core.start();
  const initial = await core.dispatch('session.get', {});

  const steps: Step[] = [];
  for (const action of args.actions) {
    if (action === 'sign-in') {
      const result = await core.dispatch('connection.useSandbox', {});
      steps.push(result.ok ? { action, ok: true } : { action, ok: false, code: result.error.code });
    } else {
      try {
        await core.session.request({ method: 'GET', url: `${args.sandbox}/v2/assets?limit=1` });
        steps.push({ action, ok: true });
      } catch (e) {
        steps.push({ action, ok: false, code: e instanceof AppException ? e.error.code : 'thrown' });
      }
    }
  }
  const last = steps[steps.length - 1]!;
  const session = await core.dispatch('session.get', {});
  await print({
    ok: steps.every((s) => s.ok),
    ...(last.code ? { code: last.code } : {}),
    steps,
    initial: initial.ok ? initial.data : initial.error,
    session: session.ok ? session.data : session.error,
    prompts,
  });
  if (args.killAfter) die();
  await core.close();
  process.exit(0);
}

main().catch((e: unknown) => {
  process.stderr.write(`refresh-child failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(2);
});
