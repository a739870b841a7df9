import { describe, expect, it } from 'vitest';
import { tagSuggestions } from './use-tag-input';

describe('tagSuggestions', () => {
  const known = ['alps', 'Beach', 'sunset', 'summer'];

  it('offers the known tags the asset does not have yet, all of them while nothing is typed', () => {
    expect(tagSuggestions(known, ['sunset'], '')).toEqual(['alps', 'Beach', 'summer']);
  });

  it('keeps those containing what is typed, whatever the case and the spaces around it', () => {
    expect(tagSuggestions(known, [], ' SU ')).toEqual(['sunset', 'summer']);
    expect(tagSuggestions(known, [], 'bea')).toEqual(['Beach']);
    expect(tagSuggestions(known, ['alps'], 'alp')).toEqual([]);
  });
});
