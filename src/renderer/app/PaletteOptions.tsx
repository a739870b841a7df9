import type { CommandId } from '../../shared/commands';
import { useBackend } from '../backend/context';
import { groupLabels, type PaletteGroup, type PaletteItem } from './palette-items';
import { ariaKeyShortcut, shortcutLabel } from './platform';

interface Props {
  listId: string;
  shown: readonly PaletteItem[];
  at: number;
  isMac: boolean;
  optionId(item: PaletteItem): string;
  onHover(index: number): void;
  onChoose(item: PaletteItem, act: boolean): void;
}

/** The test id of a line: commands keep theirs from before records were listed. */
export function optionTestId(item: PaletteItem): string {
  return item.group === 'commands' ? `command-option-${item.command}` : `palette-option-${item.key}`;
}

/** A day and time, short, in the person's own locale. */
function when(iso: string | null): string | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return null;
  return new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A found record's picture (when it has one), title, first words and time. */
function RecordLine({ item }: { item: Extract<PaletteItem, { hit: unknown }> }) {
  const { media } = useBackend();
  const { hit } = item;
  const at = when(hit.at);
  return (
    <>
      {hit.thumbSha ? <img className="palette-thumb" src={media.url(hit.thumbSha)} alt="" draggable={false} /> : null}
      <span className="palette-record">
        <span className="palette-label">{item.title}</span>
        {(hit.preview || at) && (
          <span className="palette-preview">
            {hit.preview}
            {hit.preview && at ? ' · ' : ''}
            {at && <time dateTime={hit.at ?? undefined}>{at}</time>}
          </span>
        )}
      </span>
    </>
  );
}

/** One line: a command with its keys, a settings part, or a found record. */
function Line({ item, isMac }: { item: PaletteItem; isMac: boolean }) {
  if (item.group === 'commands') {
    const keys = shortcutLabel(item.command, isMac);
    return (
      <>
        <span className="palette-label">{item.title}</span>
        {keys && <kbd className="palette-keys">{keys}</kbd>}
      </>
    );
  }
  if (item.group === 'settings') return <span className="palette-label">{item.title}</span>;
  return <RecordLine item={item} />;
}

/** Consecutive lines of the same group, with where each starts in the whole list. */
function runs(shown: readonly PaletteItem[]): { group: PaletteGroup; start: number; items: PaletteItem[] }[] {
  const out: { group: PaletteGroup; start: number; items: PaletteItem[] }[] = [];
  shown.forEach((item, i) => {
    const last = out[out.length - 1];
    if (last && last.group === item.group) last.items.push(item);
    else out.push({ group: item.group, start: i, items: [item] });
  });
  return out;
}

/**
 * The palette's listbox: the lines in groups under their names; the arrow keys go through all of them,
 * the pointer chooses (with Ctrl/⌘ held, it acts).
 */
export function PaletteOptions({ listId, shown, at, isMac, optionId, onHover, onChoose }: Props) {
  return (
    <div role="listbox" id={listId} aria-label="Commands and records" className="palette-list">
      {runs(shown).map((run) => (
        <div key={run.group} role="group" aria-labelledby={`${listId}-${run.group}`} className="palette-group">
          <span id={`${listId}-${run.group}`} className="palette-group-title" role="presentation">
            {groupLabels[run.group]}
          </span>
          {run.items.map((item, j) => {
            const i = run.start + j;
            const command: CommandId | undefined = item.group === 'commands' ? item.command : undefined;
            return (
              <div
                key={item.key}
                id={optionId(item)}
                role="option"
                aria-selected={i === at}
                aria-keyshortcuts={command ? ariaKeyShortcut(command, isMac) : undefined}
                className={`palette-option${i === at ? ' is-active' : ''}`}
                data-testid={optionTestId(item)}
                data-group={item.group}
                // Keep the keyboard in the input while the pointer chooses.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => i !== at && onHover(i)}
                onClick={(e) => onChoose(item, isMac ? e.metaKey : e.ctrlKey)}
              >
                <Line item={item} isMac={isMac} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** How many lines match (for screen readers), or that none does; and the keys, for the eyes. */
export function PaletteStatus(props: {
  count: number;
  query: string;
  searching: boolean;
  error: string | null;
  act: string | null;
  isMac: boolean;
}) {
  const { count, query, searching, error, act, isMac } = props;
  const said = count
    ? `${count} ${count === 1 ? 'match' : 'matches'}${searching ? ', still searching records…' : ''}`
    : `No command matches “${query}”${searching ? '; searching records…' : ', and no record or setting either.'}`;
  return (
    <>
      <p role="status" className={count ? 'sr-only' : 'palette-empty'}>
        {said}
      </p>
      {error && (
        <p className="palette-empty" role="alert">
          Records could not be searched: {error}
        </p>
      )}
      <p className="palette-hint" data-testid="palette-hint">
        ↑ ↓ choose · Enter open{act ? ` · ${isMac ? '⌘' : 'Ctrl'}+Enter ${act.toLowerCase()}` : ''} · Esc close
      </p>
    </>
  );
}
