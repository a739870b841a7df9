// Shared setup of the sync suites (src/main/core/sync/*.test.ts): the outbox as the database holds
// it, and two cores signed in to one account on one sandbox.
import { signInDemo, type coreWithSandbox, type Harness } from './core-with-sandbox';

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
