import { useId, useState, type KeyboardEvent } from 'react';
import { useCombobox } from 'downshift';
import { keepKeyInBox, openOnlyWhenAsked } from '../app/combobox';
import { filterModels, type ModelOption } from './models';

interface Props {
  options: ModelOption[];
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

const types = useCombobox.stateChangeTypes;

/** What may open the list: the person typing, the arrow keys or the toggle. */
const opensList: ReadonlySet<string> = new Set([
  types.InputChange,
  types.InputKeyDownArrowDown,
  types.InputKeyDownArrowUp,
  types.ToggleButtonClick,
]);

/** The shared rules, and never opening by itself (a value set on load, a draft restored). */
export function modelListReducer(
  state: Parameters<typeof openOnlyWhenAsked<ModelOption>>[0],
  options: Parameters<typeof openOnlyWhenAsked<ModelOption>>[1],
) {
  const changes = openOnlyWhenAsked(state, options);
  return changes.isOpen && !state.isOpen && !opensList.has(options.type) ? { ...changes, isOpen: false } : changes;
}

/** The model: pick one of the profile's (recent ones first, marked) or type any model ID. */
export function ModelCombobox({ options, value, error, onChange }: Props) {
  // What was typed since the list opened; the list shows everything until the user types.
  const [query, setQuery] = useState('');
  const shown = filterModels(options, query);
  const box = useCombobox<ModelOption>({
    items: shown,
    inputValue: value,
    selectedItem: null,
    itemToString: (o) => o?.id ?? '',
    stateReducer: modelListReducer,
    onInputValueChange: ({ type, inputValue }) => {
      setQuery(type === types.InputChange ? inputValue : '');
      onChange(inputValue);
    },
    onIsOpenChange: ({ type, isOpen }) => {
      if (isOpen && type !== types.InputChange) setQuery('');
    },
  });
  const expanded = box.isOpen && shown.length > 0;
  const hintId = `${useId()}-hint`;
  // Home and End stay with the text; Escape closes an open list and is left to the page otherwise.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!keepKeyInBox(e, expanded) && e.key === 'Escape') e.stopPropagation();
  };
  return (
    <div className="field model-field">
      <label {...box.getLabelProps()}>Model</label>
      <div className="combobox">
        <input
          {...box.getInputProps({ onKeyDown })}
          type="text"
          data-testid="ai-model"
          aria-expanded={expanded}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${hintId}${error ? ` ${hintId}-error` : ''}`}
          spellCheck={false}
          maxLength={200}
        />
        <button
          {...box.getToggleButtonProps({ onMouseDown: (e) => e.preventDefault() })}
          type="button"
          className="combobox-toggle"
          aria-label="Show models"
        >
          ▾
        </button>
        <ul {...box.getMenuProps({ 'aria-label': 'Models' })} className="combobox-list" hidden={!expanded}>
          {box.isOpen &&
            shown.map((o, i) => (
              <li
                key={o.id}
                {...box.getItemProps({ item: o, index: i })}
                className={o.id === value ? 'is-current' : undefined}
              >
                <span className="mono">{o.id}</span>
                {o.recent && <span className="model-recent">Recent</span>}
              </li>
            ))}
        </ul>
      </div>
      <span id={hintId} className="field-hint">
        {options.length
          ? 'Pick one (your recent models come first) or type any model ID.'
          : 'Type the model ID to use.'}
      </span>
      {error && (
        <span id={`${hintId}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
