import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { snippetKindLabels, type Snippet, type SnippetUse } from '../../../shared/snippets';
import { ErrorNote } from '../../account/Field';
import { paletteMove } from '../../app/palette-keys';
import { QueryError } from '../../sync/QueryError';
import { matchSnippets } from './SnippetPicker';
import { usesLine, useSnippetAction, useSnippets } from './use-snippets';

interface Props {
  /** The opener closes the dialog itself before moving the focus (a modal dialog makes the page inert). */
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** A snippet was chosen: its body (variables left as {{name}} and listed) and its name. */
  onChoose(filled: SnippetUse, name: string): void;
  onClose(): void;
}

/** What the palette says under its list: how many match, none, or that there are none yet. */
function status(list: readonly Snippet[] | undefined, shown: number, query: string): string {
  if (!list) return 'Loading snippets…';
  if (list.length === 0) return 'No snippets yet: make them in the Planner’s Snippets tab.';
  if (shown === 0) return `No snippet matches “${query}”.`;
  return `${shown} ${shown === 1 ? 'snippet' : 'snippets'}`;
}

/** The palette's listbox of snippets: name, kind and uses; the pointer chooses too. */
function SnippetOptions({
  listId,
  shown,
  at,
  optionId,
  onHover,
  onChoose,
}: {
  listId: string;
  shown: readonly Snippet[];
  at: number;
  optionId(s: Snippet): string;
  onHover(index: number): void;
  onChoose(s: Snippet): void;
}) {
  return (
    <ul role="listbox" id={listId} aria-label="Snippets" className="palette-list">
      {shown.map((s, i) => (
        <li
          key={s.id}
          id={optionId(s)}
          role="option"
          aria-selected={i === at}
          className={`palette-option${i === at ? ' is-active' : ''}`}
          data-testid={`snippet-palette-option-${s.id}`}
          // Keep the keyboard in the input while the pointer chooses.
          onMouseDown={(e) => e.preventDefault()}
          onMouseMove={() => i !== at && onHover(i)}
          onClick={() => onChoose(s)}
        >
          <span className="palette-label">{s.name}</span>
          <span className="snippet-palette-meta">
            {snippetKindLabels[s.kind]} · {usesLine(s)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The palette's combobox: what is typed filters the snippets it controls. */
function SnippetSearch(p: {
  inputRef: RefObject<HTMLInputElement | null>;
  listId: string;
  expanded: boolean;
  activeId: string | undefined;
  query: string;
  onQuery(query: string): void;
  onKeyDown(e: KeyboardEvent): void;
}) {
  return (
    <input
      ref={p.inputRef}
      className="palette-input"
      type="text"
      role="combobox"
      aria-label="Search snippets"
      aria-autocomplete="list"
      aria-expanded={p.expanded}
      aria-controls={p.listId}
      aria-activedescendant={p.activeId}
      data-testid="snippet-palette-input"
      placeholder="Insert snippet: type its name…"
      autoComplete="off"
      spellCheck={false}
      value={p.query}
      onChange={(e) => p.onQuery(e.target.value)}
      onKeyDown={p.onKeyDown}
    />
  );
}

/**
 * The palette's second step, "Insert snippet…": the snippets by name, most used first; typing filters,
 * the arrows choose, Enter inserts (one counted use), Escape closes. Variables are left for the person to fill.
 */
export function SnippetPalette({ dialogRef: dialog, onChoose, onClose }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useSnippets();
  const use = useSnippetAction('snippets.use');
  const shown = useMemo(() => matchSnippets(list.data ?? [], query), [list.data, query]);
  const at = Math.min(active, shown.length - 1);
  const current = at >= 0 ? shown[at] : undefined;
  const optionId = (s: Snippet) => `${id}-snippet-${s.id}`;
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    input.current?.focus();
  }, []);
  const choose = (s: Snippet) =>
    use.mutate({ id: s.id, values: {} }, { onSuccess: (filled) => onChoose(filled, s.name) });
  const onKeyDown = (e: KeyboardEvent) => {
    const next = paletteMove(e.key, at, shown.length);
    if (next !== null) setActive(next);
    else if (e.key === 'Enter') {
      if (current && !use.isPending) choose(current);
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
      data-testid="snippet-palette"
      onClick={(e) => e.target === dialog.current && onClose()}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <div className="palette-box">
        <h2 id={`${id}-title`} className="sr-only">
          Insert snippet
        </h2>
        <SnippetSearch
          inputRef={input}
          listId={`${id}-list`}
          expanded={shown.length > 0}
          activeId={current ? optionId(current) : undefined}
          query={query}
          onQuery={(q) => {
            setQuery(q);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        {shown.length > 0 && (
          <SnippetOptions
            listId={`${id}-list`}
            shown={shown}
            at={at}
            optionId={optionId}
            onHover={setActive}
            onChoose={choose}
          />
        )}
        <p role="status" className={shown.length ? 'sr-only' : 'palette-empty'}>
          {status(list.data, shown.length, query)}
        </p>
        <QueryError error={list.error} />
        {use.error && <ErrorNote error={use.error} />}
        <p className="palette-hint" aria-hidden="true">
          ↑ ↓ choose · Enter insert · Esc close
        </p>
      </div>
    </dialog>
  );
}
