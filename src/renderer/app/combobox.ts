import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';

const types = useCombobox.stateChangeTypes;

/**
 * The rule every combobox of the app follows on Downshift: the list opens only when the user asks
 * (typing, the arrow keys, a toggle), not on a click in the box; leaving the box never picks the
 * highlighted entry in place of what was typed.
 */
export function openOnlyWhenAsked<T>(
  state: UseComboboxState<T>,
  { type, changes }: Pick<UseComboboxStateChangeOptions<T>, 'type' | 'changes'>,
) {
  if (type === types.InputClick) return { ...changes, isOpen: state.isOpen, highlightedIndex: state.highlightedIndex };
  if (type === types.InputBlur) return { ...changes, inputValue: state.inputValue, selectedItem: state.selectedItem };
  return changes;
}

/** Keys that stay with the text box rather than the list: Home and End, and Escape while the list is closed. */
export function keepKeyInBox(e: { key: string; nativeEvent: Event }, open: boolean): boolean {
  const keep = e.key === 'Home' || e.key === 'End' || (e.key === 'Escape' && !open);
  if (keep) Object.assign(e.nativeEvent, { preventDownshiftDefault: true });
  return keep;
}
