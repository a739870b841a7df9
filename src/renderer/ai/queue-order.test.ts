import { describe, expect, it } from 'vitest';
import { dropTarget } from './queue-order';

describe('dropping a row on another', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('takes the place of the row it is dropped on, the others shifting', () => {
    expect(dropTarget(ids, 'a', 'c')).toEqual({ before: 'd' });
    expect(dropTarget(ids, 'd', 'b')).toEqual({ before: 'b' });
    expect(dropTarget(ids, 'c', 'a')).toEqual({ before: 'a' });
    expect(dropTarget(ids, 'b', 'd')).toEqual({ before: null });
  });
  it('moves nothing onto itself or with ids it does not know', () => {
    expect(dropTarget(ids, 'b', 'b')).toBeUndefined();
    expect(dropTarget(ids, 'x', 'b')).toBeUndefined();
    expect(dropTarget(ids, 'b', 'x')).toBeUndefined();
  });
});
