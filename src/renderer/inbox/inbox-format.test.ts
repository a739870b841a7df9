import { describe, expect, it } from 'vitest';
import { InboxKind } from '../../shared/inbox';
import { actionLabel, agoWords, kindInfo, nextIndex } from './inbox-format';

describe('inbox words', () => {
  it('names every kind in words, not by its glyph alone', () => {
    for (const kind of InboxKind.options) expect(kindInfo[kind].words.length, kind).toBeGreaterThan(3);
    expect(new Set(InboxKind.options.map((k) => kindInfo[k].words)).size).toBe(InboxKind.options.length - 0);
  });

  it('says how long ago, then the date', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(agoWords('2026-11-25T11:59:30Z', now)).toBe('just now');
    expect(agoWords('2026-11-25T11:45:00Z', now)).toBe('15 min ago');
    expect(agoWords('2026-11-25T09:00:00Z', now)).toBe('3 h ago');
    expect(agoWords('2026-11-20T09:00:00Z', now)).toMatch(/2026/);
    expect(agoWords('not a time', now)).toBe('');
  });

  it('labels each action and moves within the list bounds', () => {
    expect(actionLabel({ kind: 'retry_change', seq: 1 })).toBe('Retry');
    expect(actionLabel({ kind: 'resolve', group: 'posts', id: 'p' })).toBe('Resolve…');
    expect(actionLabel({ kind: 'sign_in' })).toBe('Sign in…');
    expect(nextIndex('ArrowDown', 2, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
    expect(nextIndex('a', 0, 3)).toBeNull();
    expect(nextIndex('ArrowDown', 0, 0)).toBeNull();
  });
});
