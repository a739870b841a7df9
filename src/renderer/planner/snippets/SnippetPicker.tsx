import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { snippetKindLabels, type Snippet, type SnippetKind } from '../../../shared/snippets';
import { ErrorNote } from '../../account/Field';
import { QueryError } from '../../sync/QueryError';
import { PickerCombobox, type PickerOption } from '../PickerCombobox';
import { caretOf, insertAtCaret, type Caret } from './insert-text';
import { usesLine, useSnippetAction, useSnippets } from './use-snippets';

interface Props {
  /** The text field the snippet goes into (at the caret it had when the picker opened). */
  target(): HTMLTextAreaElement | null;
  /** Values the post already knows ({{date}}, {{channel}}), offered for the variables of those names. */
  known?: Readonly<Record<string, string>>;
  /** Names the field in the button's accessible name ("Insert snippet… into the text for Shop"). */
  fieldName?: string;
  testId?: string;
}

const kindMarks: Record<SnippetKind, string> = { hashtags: '#', signature: '✎', cta: '→', other: '¶' };

interface Option extends PickerOption {
  snippet: Snippet;
}

/** Snippets whose name or text holds every typed word, most used first (as listed). */
export function matchSnippets(snippets: readonly Snippet[], query: string): Snippet[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return snippets.filter((s) => words.every((w) => `${s.name}\n${s.body}`.toLowerCase().includes(w)));
}

/** Step one: search the snippets and choose one (arrows and Enter, or a click). */
function SnippetChoice({ onPick }: { onPick(s: Snippet): void }) {
  const [text, setText] = useState('');
  const list = useSnippets();
  const options = useMemo<Option[]>(
    () =>
      matchSnippets(list.data ?? [], text).map((s) => ({
        key: s.id,
        testId: `snippet-option-${s.id}`,
        name: s.name,
        meta: `${snippetKindLabels[s.kind]} · ${usesLine(s)} · ${s.body.slice(0, 60)}`,
        thumb: <span aria-hidden="true">{kindMarks[s.kind]}</span>,
        snippet: s,
      })),
    [list.data, text],
  );
  const status = list.error ? (
    <QueryError error={list.error} />
  ) : list.data && options.length === 0 ? (
    <p className="muted">
      {list.data.length === 0
        ? 'No snippets yet: make them in the Planner’s Snippets tab.'
        : `No snippet matches “${text}”.`}
    </p>
  ) : null;
  return (
    <PickerCombobox
      searchLabel="Search snippets"
      placeholder="Search snippets by name or text…"
      listLabel="Snippets"
      text={text}
      onText={setText}
      options={options}
      busy={list.isFetching}
      onPick={(o) => onPick(o.snippet)}
      status={status}
    />
  );
}

/** Step two, for a snippet with {{variables}}: a value for each (blank ones stay for the person to fill). */
function SnippetValues({
  snippet,
  known,
  busy,
  onBack,
  onInsert,
}: {
  snippet: Snippet;
  known: Readonly<Record<string, string>>;
  busy: boolean;
  onBack(): void;
  onInsert(values: Record<string, string>): void;
}) {
  const id = useId();
  const [values, setValues] = useState(() => Object.fromEntries(snippet.variables.map((v) => [v, known[v] ?? ''])));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // React events cross the portal: the post's own form around the picker must not submit too.
    e.stopPropagation();
    onInsert(values);
  };
  return (
    <form className="form" onSubmit={submit} data-testid="snippet-values">
      <p className="muted">
        {snippet.name}: fill in its parts. One left empty stays as {'{{name}}'} for you to write in the post.
      </p>
      {snippet.variables.map((v, i) => (
        <div className="field" key={v}>
          <label htmlFor={`${id}-${i}`}>{`{{${v}}}`}</label>
          <input
            id={`${id}-${i}`}
            data-autofocus={i === 0 ? true : undefined}
            autoFocus={i === 0}
            maxLength={5_000}
            value={values[v] ?? ''}
            onChange={(e) => setValues((now) => ({ ...now, [v]: e.target.value }))}
          />
        </div>
      ))}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Insert
        </button>
        <button type="button" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}

/** The picker's state: open or not, the snippet chosen, the caret kept, and the insert (one counted use). */
function usePickerState(target: () => HTMLTextAreaElement | null) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Snippet | null>(null);
  const [said, setSaid] = useState('');
  const caret = useRef<Caret | null>(null);
  const inserted = useRef(false);
  const use = useSnippetAction('snippets.use');
  const start = () => {
    const el = target();
    caret.current = el ? caretOf(el) : null;
    inserted.current = false;
    setChosen(null);
    setSaid('');
    use.reset();
    setOpen(true);
  };
  const insert = (s: Snippet, values: Record<string, string>) =>
    use.mutate(
      { id: s.id, values },
      {
        onSuccess: (filled) => {
          const el = target();
          if (!el) return;
          insertAtCaret(el, filled.text, caret.current ?? undefined);
          inserted.current = true;
          setSaid(filled.missing.length ? `Still to fill: ${filled.missing.map((m) => `{{${m}}}`).join(', ')}` : '');
          setOpen(false);
        },
      },
    );
  const pick = (s: Snippet) => (s.variables.length === 0 ? insert(s, {}) : setChosen(s));
  return { open, setOpen, chosen, setChosen, said, inserted, use, start, insert, pick };
}

/**
 * "Insert snippet…" beside a post's text: search, choose, fill its {{variables}} (the post's known values
 * offered), and it goes in at the caret, counted as one use. The keyboard alone does all of it.
 */
export function SnippetPicker({ target, known = {}, fieldName, testId = 'snippet-picker' }: Props) {
  const p = usePickerState(target);
  const { chosen, use } = p;
  return (
    <span className="snippet-picker">
      <Dialog.Root open={p.open} onOpenChange={p.setOpen}>
        <Dialog.Trigger
          type="button"
          className="lib-small"
          data-testid={testId}
          aria-label={fieldName ? `Insert snippet… into ${fieldName}` : undefined}
          onClick={(e) => {
            e.preventDefault();
            p.start();
          }}
        >
          Insert snippet…
        </Dialog.Trigger>
        <Dialog.Portal>
          <div className="modal-overlay" />
          <Dialog.Content
            className="picker"
            data-testid="snippet-picker-dialog"
            aria-describedby={undefined}
            onPointerDownOutside={(e) => e.preventDefault()}
            // The search box takes the keyboard, not the close button before it.
            onOpenAutoFocus={(e) => {
              if (!(e.target instanceof HTMLElement)) return;
              e.preventDefault();
              e.target.querySelector<HTMLElement>('input')?.focus();
            }}
            // After an insert the keyboard goes back to the text, after the snippet; else to the button.
            onCloseAutoFocus={(e) => {
              const el = target();
              if (!p.inserted.current || !el) return;
              e.preventDefault();
              el.focus();
            }}
          >
            <div className="picker-head">
              <Dialog.Title>{chosen ? `Insert “${chosen.name}”` : 'Insert a snippet'}</Dialog.Title>
              <Dialog.Close className="lib-small picker-close" aria-label="Close">
                ×
              </Dialog.Close>
            </div>
            {chosen ? (
              <SnippetValues
                snippet={chosen}
                known={known}
                busy={use.isPending}
                onBack={() => p.setChosen(null)}
                onInsert={(values) => p.insert(chosen, values)}
              />
            ) : (
              <SnippetChoice onPick={p.pick} />
            )}
            {use.error && <ErrorNote error={use.error} />}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {/* A live region, not role=status: the form around it has its own status line. */}
      <span aria-live="polite" className="muted" data-testid={`${testId}-said`}>
        {p.said}
      </span>
    </span>
  );
}
