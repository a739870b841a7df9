import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import type { CommandId } from '../../shared/commands';
import { paletteEntries, rankEntries } from './palette-filter';
import { ariaKeyShortcut, shortcutLabel } from './platform';

interface Props {
  /** The opener closes the dialog itself before moving the focus (a modal dialog makes the page inert). */
  dialogRef: RefObject<HTMLDialogElement | null>;
  isMac: boolean;
  onRun(id: CommandId): void;
  onClose(): void;
}

/**
 * The command palette: a modal dialog with a combobox over the app's commands. Typing filters by
 * label and keywords, the arrow keys choose, Enter runs, Escape closes (the opener puts focus back).
 */
export function CommandPalette({ dialogRef: dialog, isMac, onRun, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const shown = useMemo(() => rankEntries(paletteEntries, query), [query]);
  const at = Math.min(active, shown.length - 1);
  const current = at >= 0 ? shown[at] : undefined;
  const optionId = (command: CommandId) => `${id}-option-${command}`;
  const listId = `${id}-list`;

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (current) document.getElementById(`${id}-option-${current.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [current, id]);

  const onKeyDown = (e: KeyboardEvent) => {
    const n = shown.length;
    let handled = true;
    if (e.key === 'ArrowDown') setActive(n ? (at + 1) % n : 0);
    else if (e.key === 'ArrowUp') setActive(n ? (at - 1 + n) % n : 0);
    else if (e.key === 'PageDown') setActive(Math.min(n - 1, at + 5));
    else if (e.key === 'PageUp') setActive(Math.max(0, at - 5));
    else if (e.key === 'Enter') {
      if (current) onRun(current.id);
    } else if (e.key === 'Escape') onClose();
    else handled = false;
    if (handled) e.preventDefault();
  };
  // A click on the backdrop (outside the box) closes, like Escape.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === dialog.current) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="palette"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      data-testid="command-palette"
      onClick={onClick}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="palette-box">
        <h2 id={`${id}-title`} className="sr-only">
          Command palette
        </h2>
        <input
          ref={input}
          className="palette-input"
          type="text"
          role="combobox"
          aria-label="Search commands"
          aria-autocomplete="list"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-activedescendant={current ? optionId(current.id) : undefined}
          data-testid="command-input"
          placeholder="Type a command…"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {shown.length > 0 && (
          <ul role="listbox" id={listId} aria-label="Commands" className="palette-list">
            {shown.map((entry, i) => {
              const keys = shortcutLabel(entry.id, isMac);
              return (
                <li
                  key={entry.id}
                  id={optionId(entry.id)}
                  role="option"
                  aria-selected={i === at}
                  aria-keyshortcuts={ariaKeyShortcut(entry.id, isMac)}
                  className={`palette-option${i === at ? ' is-active' : ''}`}
                  data-testid={`command-option-${entry.id}`}
                  // Keep the keyboard in the input while the pointer chooses.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => i !== at && setActive(i)}
                  onClick={() => onRun(entry.id)}
                >
                  <span className="palette-label">{entry.label}</span>
                  {keys && <kbd className="palette-keys">{keys}</kbd>}
                </li>
              );
            })}
          </ul>
        )}
        <p role="status" className={shown.length ? 'sr-only' : 'palette-empty'}>
          {shown.length ? `${shown.length} ${shown.length === 1 ? 'command' : 'commands'}` : `No command matches “${query}”.`}
        </p>
        <p className="palette-hint" aria-hidden="true">
          ↑ ↓ choose · Enter run · Esc close
        </p>
      </div>
    </dialog>
  );
}
