import { describe, expect, it } from 'vitest';
import { emptyQueueAdd, missingSource, queueAddInput, queueAddSchema } from './queue-add';

describe('queue form', () => {
  it('asks for what is missing in words, by kind of source', () => {
    expect(missingSource(emptyQueueAdd('assets'))).toBe('Choose an asset.');
    expect(missingSource(emptyQueueAdd('posts'))).toBe('Choose a post.');
    expect(missingSource(emptyQueueAdd('creatives'))).toBe('Choose a creative.');
    expect(missingSource({ ...emptyQueueAdd('posts'), source: { group: 'posts', id: 'p1' } })).toBeUndefined();
  });

  it('makes the request: the time in UTC, a trimmed note, empty ones left out', () => {
    const v = {
      source: { group: 'assets' as const, id: 'a1' },
      assetName: 'Fox',
      scheduledAt: '2026-05-04T09:00',
      note: '  soon ',
    };
    expect(queueAddInput(v, 'UTC')).toEqual({
      source: { group: 'assets', id: 'a1' },
      scheduledAt: '2026-05-04T09:00:00.000Z',
      note: 'soon',
    });
    expect(queueAddInput({ ...v, scheduledAt: '', note: ' ' }, 'UTC')).toEqual({
      source: { group: 'assets', id: 'a1' },
    });
  });

  it('checks the values with the request’s schema, named as the request names them', () => {
    const bad = queueAddSchema(() => 'UTC').safeParse({ ...emptyQueueAdd('assets'), note: 'x'.repeat(10_001) });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['source.id', 'note']);
  });
});
