// Shared setup of the sync suites (src/main/core/sync/*.test.ts): the outbox as the database holds
// it, and two cores signed in to one account on one sandbox.
import { harnesses, remoteAll, signInDemo, type coreWithSandbox, type Harness } from './core-with-sandbox';

/** The outbox's rows, oldest first, read straight from the database (what the tests assert on). */
export const outboxRows = (h: Harness) =>
  h.core.db.prepare('SELECT * FROM outbox ORDER BY seq').all() as {
    op: string;
    state: string;
    grp: string;
    attempts: number;
    last_error: string | null;
  }[];

/** Two computers on one account: both signed in, sharing one sandbox. */
export async function pairOf(
  harness: (opts?: Parameters<typeof coreWithSandbox>[0]) => Promise<Harness>,
): Promise<{ a: Harness; b: Harness }> {
  const a = await harness();
  const b = await harness({ reuse: a.sandbox });
  await signInDemo(a);
  await signInDemo(b);
  return { a, b };
}

/** Harnesses for one sync test file (each stopped after its test), and the same signed in to the demo account. */
export function syncHarnesses(): { harness: ReturnType<typeof harnesses>; signedIn: ReturnType<typeof harnesses> } {
  const harness = harnesses();
  return {
    harness,
    signedIn: async (opts) => {
      const h = await harness(opts);
      await signInDemo(h);
      return h;
    },
  };
}

/** Deletes every live record of a sandbox collection on the platform, as another client would. */
export async function deleteAllRemote(h: Harness, path: string): Promise<void> {
  for (const r of await remoteAll(h, path))
    await h.core.session.request({ method: 'DELETE', url: `${h.sandbox.url}${path}/${String(r.id)}` });
}
