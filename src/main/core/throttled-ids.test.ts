import { afterEach, describe, expect, it, vi } from 'vitest';
import { throttledIds } from './throttled-ids';

afterEach(() => vi.useRealTimers());

describe('throttledIds', () => {
  it('sends the ids of a burst once, says when only progress moved, and null for "many"', () => {
    vi.useFakeTimers();
    const sent: [string[] | null, boolean][] = [];
    const push = throttledIds(200, (ids, progressOnly) => sent.push([ids, progressOnly]));
    push(['a'], true);
    push(['b'], true);
    push(['a'], true);
    vi.advanceTimersByTime(200);
    push(['a'], true);
    push(['a']);
    vi.advanceTimersByTime(200);
    push(null, true);
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([
      [['a', 'b'], true],
      [['a'], false],
      [null, true],
    ]);
    push(['x']);
    push.cancel();
    vi.advanceTimersByTime(500);
    expect(sent).toHaveLength(3);
  });
});
