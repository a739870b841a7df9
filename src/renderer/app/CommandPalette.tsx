import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CommandId } from '../../shared/commands';
import { paletteItems, type PaletteItem } from './palette-items';
import { paletteMove } from './palette-keys';
import { actFor, actLabel, openFor, type PaletteOpen } from './palette-open';
import { usePaletteSearch } from './palette-search';
import { PaletteOptions, PaletteStatus } from './PaletteOptions';

interface Props {
  /** The opener closes the dialog itself before moving the focus (a modal dialog makes the page inert). */
  dialogRef: RefObject<HTMLDialogElement | null>;
  isMac: boolean;
  onRun(id: CommandId): void;
  /** Open a found record or settings part, or act on it (without it, only commands can be chosen). */
  onOpen?(open: PaletteOpen): void;
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
      aria-label="Search commands and records"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={activeId}
      data-testid="command-input"
      placeholder="Type a command, or search posts, media, results…"
      autoComplete="off"
      spellCheck={false}
      value={query}
      onChange={(e) => onQuery(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}

/** Enter (act: with the modifier) on a line: a command runs, anything else opens or acts. */
function chooseLine(item: PaletteItem, act: boolean, onRun: Props['onRun'], onOpen: Props['onOpen']) {
  const open = (act && actFor(item)) || openFor(item);
  if (open.kind === 'command') onRun(open.id);
  else onOpen?.(open);
}

/** The dialog shows as modal once mounted, with the keyboard in its input. */
function useDialogOpen(dialog: RefObject<HTMLDialogElement | null>, input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    input.current?.focus();
  }, []);
}

/**
 * The command palette: a modal dialog with a combobox over the app's commands, and the records and
 * settings parts matching what is typed, in groups. The arrow keys go through every group, Enter
 * opens, Ctrl/⌘+Enter acts (the footer says how), Escape closes (the opener puts focus back).
 */
export function CommandPalette({ dialogRef: dialog, isMac, onRun, onOpen, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const found = usePaletteSearch(query, onOpen !== undefined);
  const shown = useMemo(() => paletteItems(query, found.hits), [query, found.hits]);
  const at = Math.min(active, shown.length - 1);
  const current = at >= 0 ? shown[at] : undefined;
  const optionId = (item: PaletteItem) => `${id}-option-${item.key}`;
  const listId = `${id}-list`;
  const choose = (item: PaletteItem, act: boolean) => chooseLine(item, act, onRun, onOpen);

  useDialogOpen(dialog, input);
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = paletteMove(e.key, at, shown.length);
    if (next !== null) setActive(next);
    else if (e.key === 'Enter') {
      if (current) choose(current, isMac ? e.metaKey : e.ctrlKey);
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
          activeId={current ? optionId(current) : undefined}
          query={query}
          onQuery={(q) => (setQuery(q), setActive(0))}
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
            onChoose={choose}
          />
        )}
        <PaletteStatus
          count={shown.length}
          query={query}
          searching={found.searching}
          error={found.error}
          act={actLabel(current)}
          isMac={isMac}
        />
      </div>
    </dialog>
  );
}
