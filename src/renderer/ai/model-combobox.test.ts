import { describe, expect, it } from 'vitest';
import { useCombobox, type UseComboboxState } from 'downshift';
import { modelReducer } from './ModelCombobox';
import type { ModelOption } from './models';

const types = useCombobox.stateChangeTypes;
const closed: UseComboboxState<ModelOption> = { isOpen: false, highlightedIndex: -1, inputValue: 'paint-1', selectedItem: null };
const open = { ...closed, isOpen: true, highlightedIndex: 0 };
const option = { id: 'zoom-1', recent: false };

describe('modelReducer', () => {
  it('does not open the list on a click in the box', () => {
    const next = modelReducer(closed, { type: types.InputClick, changes: { ...closed, isOpen: true, highlightedIndex: 0 } });
    expect(next.isOpen).toBe(false);
    expect(next.highlightedIndex).toBe(-1);
  });

  it('opens it when the user types, presses ArrowDown or the toggle', () => {
    for (const type of [types.InputChange, types.InputKeyDownArrowDown, types.ToggleButtonClick]) {
      expect(modelReducer(closed, { type, changes: { ...closed, isOpen: true } }).isOpen).toBe(true);
    }
  });

  it('keeps what was typed when the box loses the focus with a model highlighted', () => {
    const next = modelReducer(open, { type: types.InputBlur, changes: { ...open, isOpen: false, inputValue: 'zoom-1', selectedItem: option } });
    expect(next).toMatchObject({ isOpen: false, inputValue: 'paint-1', selectedItem: null });
  });

  it('takes a clicked model', () => {
    const next = modelReducer(open, { type: types.ItemClick, changes: { ...open, isOpen: false, inputValue: 'zoom-1', selectedItem: option } });
    expect(next).toMatchObject({ isOpen: false, inputValue: 'zoom-1' });
  });
});
