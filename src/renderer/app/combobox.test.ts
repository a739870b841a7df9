import { describe, expect, it } from 'vitest';
import { useCombobox, type UseComboboxState } from 'downshift';
import type { ModelOption } from '../ai/models';
import { keepKeyInBox, openOnlyWhenAsked } from './combobox';

const types = useCombobox.stateChangeTypes;
const closed: UseComboboxState<ModelOption> = {
  isOpen: false,
  highlightedIndex: -1,
  inputValue: 'paint-1',
  selectedItem: null,
};
const open = { ...closed, isOpen: true, highlightedIndex: 0 };
const option = { id: 'zoom-1', recent: false };

describe('openOnlyWhenAsked', () => {
  it('does not open the list on a click in the box', () => {
    const next = openOnlyWhenAsked(closed, {
      type: types.InputClick,
      changes: { ...closed, isOpen: true, highlightedIndex: 0 },
    });
    expect(next.isOpen).toBe(false);
    expect(next.highlightedIndex).toBe(-1);
  });

  it('opens it when the user types, presses ArrowDown or the toggle', () => {
    for (const type of [types.InputChange, types.InputKeyDownArrowDown, types.ToggleButtonClick]) {
      expect(openOnlyWhenAsked(closed, { type, changes: { ...closed, isOpen: true } }).isOpen).toBe(true);
    }
  });

  it('keeps what was typed when the box loses the focus with a model highlighted', () => {
    const next = openOnlyWhenAsked(open, {
      type: types.InputBlur,
      changes: { ...open, isOpen: false, inputValue: 'zoom-1', selectedItem: option },
    });
    expect(next).toMatchObject({ isOpen: false, inputValue: 'paint-1', selectedItem: null });
  });

  it('takes a clicked model', () => {
    const next = openOnlyWhenAsked(open, {
      type: types.ItemClick,
      changes: { ...open, isOpen: false, inputValue: 'zoom-1', selectedItem: option },
    });
    expect(next).toMatchObject({ isOpen: false, inputValue: 'zoom-1' });
  });
});

describe('keepKeyInBox', () => {
  const key = (k: string) => ({ key: k, nativeEvent: new Event('keydown') });

  it('keeps Home and End for the text, and Escape while the list is closed', () => {
    for (const k of ['Home', 'End']) {
      const e = key(k);
      expect(keepKeyInBox(e, true)).toBe(true);
      expect(e.nativeEvent).toHaveProperty('preventDownshiftDefault', true);
    }
    expect(keepKeyInBox(key('Escape'), false)).toBe(true);
  });

  it('leaves Escape to the list while it is open, and the arrows always', () => {
    const e = key('Escape');
    expect(keepKeyInBox(e, true)).toBe(false);
    expect(e.nativeEvent).not.toHaveProperty('preventDownshiftDefault');
    expect(keepKeyInBox(key('ArrowDown'), false)).toBe(false);
  });
});
