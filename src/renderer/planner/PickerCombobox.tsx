import type { KeyboardEvent, ReactNode } from 'react';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';

/** One entry of a picker: a thumbnail, a name and a line about it; disabled ones cannot be chosen. */
export interface PickerOption {
  key: string;
  testId: string;
  name: string;
  meta: string;
  thumb: ReactNode;
  disabled?: boolean;
}

interface Props<T extends PickerOption> {
  searchLabel: string;
  placeholder: string;
  listLabel: string;
  text: string;
  onText(text: string): void;
  options: readonly T[];
  busy: boolean;
  onPick(option: T): void;
  /** Shown between the box and the results: errors, an empty list's words. */
  status?: ReactNode;
}

const types = useCombobox.stateChangeTypes;

// The results are the dialog's content, so the list stays shown (it never pops open over anything),
// and choosing leaves the search text as typed rather than writing the name into the box.
function stayShown<T>(
  state: UseComboboxState<T>,
  { type, changes }: Pick<UseComboboxStateChangeOptions<T>, 'type' | 'changes'>,
) {
  return { ...changes, isOpen: true, inputValue: type === types.InputChange ? changes.inputValue : state.inputValue };
}

// Escape belongs to the dialog (it closes it); Home and End move in the text.
function leaveKeysToBox(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === 'Escape' || e.key === 'Home' || e.key === 'End')
    Object.assign(e.nativeEvent, { preventDownshiftDefault: true });
}

/** A picker's search box and results on Downshift: typing filters, the arrows move, Enter or a click picks. */
export function PickerCombobox<T extends PickerOption>({
  searchLabel,
  placeholder,
  listLabel,
  text,
  onText,
  options,
  busy,
  onPick,
  status,
}: Props<T>) {
  const box = useCombobox<T>({
    items: [...options],
    isOpen: true,
    inputValue: text,
    selectedItem: null,
    itemToString: (o) => o?.name ?? '',
    isItemDisabled: (o) => o.disabled === true,
    stateReducer: stayShown,
    onInputValueChange: ({ inputValue }) => onText(inputValue),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onPick(selectedItem);
    },
  });
  return (
    <>
      <label {...box.getLabelProps()} className="sr-only">
        {searchLabel}
      </label>
      <input
        {...box.getInputProps({ onKeyDown: leaveKeysToBox })}
        type="search"
        className="library-search"
        placeholder={placeholder}
        maxLength={500}
      />
      {status}
      <ul {...box.getMenuProps({ 'aria-label': listLabel })} className="plain picker-list" aria-busy={busy}>
        {options.map((o, index) => (
          <li key={o.key} {...box.getItemProps({ item: o, index })} className="picker-item" data-testid={o.testId}>
            <span className="picker-thumb">{o.thumb}</span>
            <span className="picker-name">{o.name}</span>
            <span className="muted picker-meta">{o.meta}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
