import { useState, type KeyboardEvent } from 'react';
import { useCombobox } from 'downshift';
import { keepKeyInBox, openOnlyWhenAsked } from '../app/combobox';

const MAX_TAG = 200;
const types = useCombobox.stateChangeTypes;

/** The known tags not on the asset yet that contain what is typed. */
export function tagSuggestions(known: readonly string[], tags: readonly string[], text: string): string[] {
  const q = text.trim().toLowerCase();
  return known.filter((t) => !tags.includes(t) && t.toLowerCase().includes(q));
}

/**
 * The tag box, a combobox over the known tags: Enter or comma adds what is typed (or the known tag
 * chosen with the arrows), a pasted "a, b, c" becomes tags at once, Backspace in the empty box
 * removes the last tag, and leaving the box adds what is left in it.
 */
export function useTagInput(tags: string[], known: readonly string[], save: (next: string[]) => void) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const fresh = raw
      .split(',')
      .map((t) => t.trim().slice(0, MAX_TAG))
      .filter((t, i, all) => t && !tags.includes(t) && all.indexOf(t) === i);
    if (fresh.length) save([...tags, ...fresh]);
  };
  const remove = (tag: string) => save(tags.filter((t) => t !== tag));
  const commit = (raw: string) => {
    add(raw);
    setText('');
  };
  const typed = (value: string) => {
    // What follows the last comma stays in the box.
    const cut = value.lastIndexOf(',');
    if (cut < 0) return setText(value);
    add(value.slice(0, cut));
    setText(value.slice(cut + 1).trimStart());
  };
  const items = tagSuggestions(known, tags, text);
  const box = useCombobox<string>({
    items,
    inputValue: text,
    selectedItem: null,
    stateReducer: openOnlyWhenAsked,
    onInputValueChange: ({ type, inputValue }) => type === types.InputChange && typed(inputValue),
    onSelectedItemChange: ({ selectedItem }) => selectedItem && commit(selectedItem),
  });
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const shown = box.isOpen && items.length > 0;
    const chosen = shown && box.highlightedIndex >= 0;
    if ((e.key === 'Enter' && !chosen) || e.key === ',') {
      e.preventDefault();
      Object.assign(e.nativeEvent, { preventDownshiftDefault: true });
      commit(text);
      box.closeMenu();
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault();
      remove(tags[tags.length - 1]!);
    } else if (keepKeyInBox(e, shown) && e.key === 'Escape' && text !== '') {
      e.stopPropagation();
      setText('');
      box.closeMenu();
    } else if (e.key === 'Escape' && shown) e.stopPropagation();
  };
  const onBlur = () => {
    if (text.trim()) commit(text);
  };
  return { box, items, remove, onKeyDown, onBlur };
}
