import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CommandId } from '../../shared/commands';
import { paletteEntries, rankEntries } from './palette-filter';
import { paletteMove } from './palette-keys';
import { PaletteOptions, PaletteStatus } from './PaletteOptions';

interface Props {
  /** The opener closes the dialog itself before moving the focus (a modal dialog makes the page inert). */
  dialogRef: RefObject<HTMLDialogElement | null>;
  isMac: boolean;
  onRun(id: CommandId): void;
  onClose(): void;
}

interface InputProps {
  inputRef: RefObject<HTMLInputElement | null>;
  listId: string;
  expanded: boolean;
  /** The id of the option the arrow keys chose, if any. */
  activeId: string | undefined;
  query: string;
  onQuery(query: string): void;
  onKeyDown(e: KeyboardEvent): void;
}

/** The palette's combobox: what is typed filters the list it controls. */
function PaletteInput({ inputRef, listId, expanded, activeId, query, onQuery, onKeyDown }: InputProps) {
  return (
    <input
      ref={inputRef}
      className="palette-input"
      type="text"
      role="combobox"
      aria-label="Search commands"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={activeId}
      data-testid="command-input"
      placeholder="Type a command…"
      autoComplete="off"
      spellCheck={false}
      value={query}
      onChange={(e) => onQuery(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
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
    const next = paletteMove(e.key, at, shown.length);
    if (next !== null) setActive(next);
    else if (e.key === 'Enter') {
      if (current) onRun(current.id);
    } else if (e.key === 'Escape') onClose();
    else return;
    e.preventDefault();
  };

  return (
    <dialog
      ref={dialog}
      className="palette"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      data-testid="command-palette"
      // A click on the backdrop (outside the box) closes, like Escape.
      onClick={(e) => e.target === dialog.current && onClose()}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="palette-box">
        <h2 id={`${id}-title`} className="sr-only">
          Command palette
        </h2>
        <PaletteInput
          inputRef={input}
          listId={listId}
          expanded={shown.length > 0}
          activeId={current ? optionId(current.id) : undefined}
          query={query}
          onQuery={(q) => {
            setQuery(q);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {shown.length > 0 && (
          <PaletteOptions
            listId={listId}
            shown={shown}
            at={at}
            isMac={isMac}
            optionId={optionId}
            onHover={setActive}
            onRun={onRun}
          />
        )}
        <PaletteStatus count={shown.length} query={query} />
      </div>
    </dialog>
  );
}
