import type { CommandId } from '../../shared/commands';
import type { PaletteEntry } from './palette-filter';
import { ariaKeyShortcut, shortcutLabel } from './platform';

interface Props {
  listId: string;
  shown: readonly PaletteEntry[];
  at: number;
  isMac: boolean;
  optionId(command: CommandId): string;
  onHover(index: number): void;
  onRun(id: CommandId): void;
}

/** The palette's listbox: the matching commands with their keys; the pointer chooses and runs. */
export function PaletteOptions({ listId, shown, at, isMac, optionId, onHover, onRun }: Props) {
  return (
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
            onMouseMove={() => i !== at && onHover(i)}
            onClick={() => onRun(entry.id)}
          >
            <span className="palette-label">{entry.label}</span>
            {keys && <kbd className="palette-keys">{keys}</kbd>}
          </li>
        );
      })}
    </ul>
  );
}

/** How many commands match (for screen readers), or that none does; and the keys, for the eyes. */
export function PaletteStatus({ count, query }: { count: number; query: string }) {
  return (
    <>
      <p role="status" className={count ? 'sr-only' : 'palette-empty'}>
        {count ? `${count} ${count === 1 ? 'command' : 'commands'}` : `No command matches “${query}”.`}
      </p>
      <p className="palette-hint" aria-hidden="true">
        ↑ ↓ choose · Enter run · Esc close
      </p>
    </>
  );
}
