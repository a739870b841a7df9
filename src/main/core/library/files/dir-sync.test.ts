import { describe, expect, it } from 'vitest';
import { DirSyncs } from './dir-sync';

/** A sync the test finishes by hand, recording when each started. */
function manualSyncs() {
  const started: { dir: string; finish(): void }[] = [];
  const sync = (dir: string) => new Promise<void>((resolve) => started.push({ dir, finish: resolve }));
  return { started, syncs: new DirSyncs(sync) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('DirSyncs', () => {
  it('answers a caller only with a sync that started after it asked; callers meanwhile share one', async () => {
    const { started, syncs } = manualSyncs();
    const done: string[] = [];
    void syncs.request('a').then(() => done.push('first'));
    await tick();
    expect(started.map((s) => s.dir)).toEqual(['a']);
    // These arrive while the first sync runs: it may have begun before their renames.
    void syncs.request('a').then(() => done.push('second'));
    void syncs.request('a').then(() => done.push('third'));
    started[0]?.finish();
    await tick();
    expect(done).toEqual(['first']);
    expect(started).toHaveLength(2);
    started[1]?.finish();
    await tick();
    expect(done).toEqual(['first', 'second', 'third']);
    expect(started).toHaveLength(2);
  });

  it('syncs different folders independently', async () => {
    const { started, syncs } = manualSyncs();
    const a = syncs.request('a');
    const b = syncs.request('b');
    await tick();
    expect(started.map((s) => s.dir)).toEqual(['a', 'b']);
    for (const s of started) s.finish();
    await expect(Promise.all([a, b])).resolves.toEqual([undefined, undefined]);
    // Nothing runs any more: the next request starts a sync of its own at once.
    void syncs.request('a');
    await tick();
    expect(started).toHaveLength(3);
  });
});
