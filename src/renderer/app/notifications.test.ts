import { describe, expect, it } from 'vitest';
import { shouldShow } from './use-notifications';

describe('shouldShow', () => {
  it('shows a "when unfocused" notification only while the page is hidden or not focused', () => {
    expect(shouldShow({ whenUnfocused: true }, { hidden: false, focused: true })).toBe(false);
    expect(shouldShow({ whenUnfocused: true }, { hidden: true, focused: true })).toBe(true);
    expect(shouldShow({ whenUnfocused: true }, { hidden: false, focused: false })).toBe(true);
    expect(shouldShow({}, { hidden: false, focused: true })).toBe(true);
  });
});
