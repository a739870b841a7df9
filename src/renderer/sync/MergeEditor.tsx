import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ConflictView } from '../../shared/sync';
import { QueryError } from './QueryError';
import { fieldError } from '../backend/use-action';
import { buildMerge, display, initialChoices, toText, type FieldChoice, type Pick } from './merge';
import { useSyncAction } from './use-sync';

const pickLabels: Record<Pick, string> = { local: 'On this computer', remote: 'On the platform', edited: 'Edited' };

function sideText(value: unknown): string {
  return value === undefined ? 'not set' : display(value);
}

/** The field's two sides to take, and "Edited" for a value typed below. */
function SidePicks({
  conflict: c,
  name,
  group,
  choice,
  onTake,
  onChange,
}: {
  conflict: ConflictView;
  name: string;
  group: string;
  choice: FieldChoice;
  onTake(pick: Exclude<Pick, 'edited'>): void;
  onChange(next: FieldChoice): void;
}) {
  return (
    <div className="sync-merge-picks">
      {(['local', 'remote'] as const).map((pick) => (
        <label key={pick} className="radio">
          <input type="radio" name={group} value={pick} checked={choice.pick === pick} onChange={() => onTake(pick)} />
          <span>
            {pickLabels[pick]}:{' '}
            <span className="sync-pick-value">
              {sideText(pick === 'local' ? c.local.fields[name] : c.remote.fields[name])}
            </span>
          </span>
        </label>
      ))}
      <label className="radio">
        <input
          type="radio"
          name={group}
          value="edited"
          checked={choice.pick === 'edited'}
          onChange={() => onChange({ ...choice, pick: 'edited' })}
        />
        {pickLabels.edited}
      </label>
    </div>
  );
}

/** One differing field: take a side, or edit the value (JSON for anything that is not text). */
function FieldMerge({
  conflict: c,
  name,
  choice,
  error,
  onChange,
}: {
  conflict: ConflictView;
  name: string;
  choice: FieldChoice;
  error: string | undefined;
  onChange: (next: FieldChoice) => void;
}) {
  const id = useId();
  const valueId = `${id}-value`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const take = (pick: Exclude<Pick, 'edited'>) =>
    onChange({
      ...choice,
      pick,
      text: toText(pick === 'local' ? c.local.fields[name] : c.remote.fields[name], choice.mode),
    });
  return (
    <fieldset className="sync-merge-field" data-field={name}>
      <legend className="mono">{name}</legend>
      <SidePicks conflict={c} name={name} group={`${id}-pick`} choice={choice} onTake={take} onChange={onChange} />
      <label htmlFor={valueId} className="sync-merge-label">
        Merged value of {name}
      </label>
      <textarea
        id={valueId}
        className={choice.mode === 'json' ? 'mono' : undefined}
        rows={choice.mode === 'json' || choice.text.length > 80 || choice.text.includes('\n') ? 4 : 2}
        value={choice.text}
        onChange={(e) => onChange({ ...choice, pick: 'edited', text: e.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
        spellCheck={choice.mode === 'text'}
      />
      <span id={hintId} className="field-hint">
        {choice.mode === 'json'
          ? 'JSON value: numbers, true/false, [lists], {objects} or "text". Leave empty to remove the field.'
          : 'Text, as it will be saved.'}
      </span>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * The merge editor: this computer's version, with each differing field chosen or edited,
 * then saved as the new version.
 */
export function MergeEditor({ conflict: c, onClose }: { conflict: ConflictView; onClose: () => void }) {
  const resolve = useSyncAction('sync.resolve');
  const [choices, setChoices] = useState<Record<string, FieldChoice>>(() => initialChoices(c));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const merged = buildMerge(c, choices);
    setErrors(merged.errors);
    if (Object.keys(merged.errors).length > 0) {
      // Take the keyboard to the first field that needs fixing.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    resolve.mutate({ group: c.group, id: c.id, keep: 'merged', fields: merged.fields }, { onSuccess: onClose });
  };
  const server = resolve.error?.error.code === 'validation' ? resolve.error : null;
  const otherErrors = Object.entries(errors).filter(([name]) => !c.differing.includes(name));
  return (
    <form
      ref={formRef}
      className="form sync-merge"
      noValidate
      onSubmit={submit}
      aria-labelledby={titleId}
      data-testid="merge-editor"
    >
      <h3 id={titleId} ref={titleRef} tabIndex={-1}>
        Edit a merge of {c.label}
      </h3>
      <p className="muted">
        Fields that are the same on both sides keep their value. For each field that differs, take one side or edit the
        value; then save the merge.
      </p>
      {c.differing.map((name) => {
        const choice = choices[name];
        if (!choice) return null;
        return (
          <FieldMerge
            key={name}
            conflict={c}
            name={name}
            choice={choice}
            error={errors[name] ?? fieldError(server, `fields.${name}`) ?? fieldError(server, name)}
            onChange={(next) => {
              setChoices((all) => ({ ...all, [name]: next }));
              setErrors(({ [name]: _fixed, ...rest }) => rest);
            }}
          />
        );
      })}
      {otherErrors.length > 0 && (
        <div className="error-note" role="alert">
          <strong>The merged record is not valid yet:</strong>
          <ul>
            {otherErrors.map(([name, message]) => (
              <li key={name}>
                {name ? <span className="mono">{name}</span> : 'Record'}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <QueryError error={resolve.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={resolve.isPending}>
          {resolve.isPending ? 'Saving…' : 'Save merge'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
