import path from 'node:path';
import { createCore, type Core } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import type { Sandbox } from '../../src/sandbox';

/** A core on a data folder in `dir`, started and signed in to the sandbox, its sync left idle. */
export async function signedInCore(sandbox: Sandbox, dir: string): Promise<Core> {
  const deps = nodeDeps({
    dataDir: path.join(dir, 'data'),
    host: 'test',
    quiet: true,
    embeddedSandbox: async () => ({ url: sandbox.url, demo: sandbox.demo, stop: async () => undefined }),
  });
  deps.sync = { autoStart: false };
  const core = createCore(deps);
  try {
    await core.start();
    const signedIn = await core.dispatch('connection.useSandbox', {});
    if (!signedIn.ok) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.error)}`);
    return core;
  } catch (e) {
    await core.close();
    throw e;
  }
}
