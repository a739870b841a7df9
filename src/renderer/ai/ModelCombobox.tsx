import { useId, useState, type KeyboardEvent } from 'react';
import { filterModels, type ModelOption } from './models';

interface Props {
  options: ModelOption[];
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** The model: pick one of the profile's (recent ones first, marked) or type any model ID. */
export function ModelCombobox({ options, value, error, onChange }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  // What was typed since the list opened; the list shows everything until the user types.
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const shown = filterModels(options, query);
  const expanded = open && shown.length > 0;

  const show = (at: number) => {
    setOpen(true);
    setQuery('');
    setActive(at);
  };
  const pick = (o: ModelOption) => {
    onChange(o.id);
    setOpen(false);
    setQuery('');
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const down = e.key === 'ArrowDown';
      if (!expanded) return show(down ? 0 : options.length - 1);
      setActive((a) => (down ? Math.min(a + 1, shown.length - 1) : Math.max(a - 1, 0)));
    } else if (e.key === 'Enter' && expanded && shown[active]) {
      e.preventDefault();
      pick(shown[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };
  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className="field model-field">
      <label htmlFor={id}>Model</label>
      <div className="combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          data-testid="ai-model"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <button type="button" className="combobox-toggle" tabIndex={-1} aria-label="Show models" onMouseDown={(e) => e.preventDefault()} onClick={() => (expanded ? setOpen(false) : show(-1))}>
          ▾
        </button>
        <ul id={listId} role="listbox" aria-label="Models" className="combobox-list" hidden={!expanded}>
          {shown.map((o, i) => (
            <li
              key={o.id}
              id={optionId(i)}
              role="option"
              aria-selected={o.id === value}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o)}
            >
              <span className="mono">{o.id}</span>
              {o.recent && <span className="model-recent">Recent</span>}
            </li>
          ))}
        </ul>
      </div>
      <span id={`${id}-hint`} className="field-hint">
        {options.length ? 'Pick one (your recent models come first) or type any model ID.' : 'Type the model ID to use.'}
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
