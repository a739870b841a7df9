import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import type { ConflictView } from '../../shared/sync';
import { QueryError } from './QueryError';
import { fieldError } from '../backend/use-action';
import { useZodForm } from '../forms/use-zod-form';
import { buildMerge, display, initialChoices, toText, type FieldChoice, type Pick } from './merge';
import { useSyncAction } from './use-sync';

const pickLabels: Record<Pick, string> = { local: 'On this computer', remote: 'On the platform', edited: 'Edited' };

function sideText(value: unknown): string {
  return value === undefined ? 'not set' : display(value);
}

// Record field names are arbitrary (dots, digits, empty), so the form holds the differing fields by
// their index in `differing`, and names the other errors by a hex key that no path syntax can break.
interface MergeValues {
  fields: FieldChoice[];
  /** Never edited: only where the errors of the other fields are kept. */
  others?: Record<string, string>;
}
const MergeValues = z.object({
  fields: z.array(
    z.object({ pick: z.enum(['local', 'remote', 'edited']), text: z.string(), mode: z.enum(['text', 'json']) }),
  ),
  others: z.record(z.string(), z.string()).optional(),
});
const otherKey = (name: string) =>
  `n${Array.from(new TextEncoder().encode(name), (b) => b.toString(16).padStart(2, '0')).join('')}`;
const otherName = (key: string) =>
  new TextDecoder().decode(Uint8Array.from(key.slice(1).match(/../g) ?? [], (h) => parseInt(h, 16)));

const choicesOf = (c: ConflictView, values: MergeValues): Record<string, FieldChoice> =>
  Object.fromEntries(c.differing.flatMap((name, i) => (values.fields[i] ? [[name, values.fields[i]]] : [])));

/** The merge's errors as form paths: beside a differing field's value, or in the list of the others. */
function mergeErrors(c: ConflictView, values: MergeValues): Record<string, string> {
  const { errors } = buildMerge(c, choicesOf(c, values));
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => {
      const i = c.differing.indexOf(name);
      return [i >= 0 ? `fields.${i}.text` : `others.${otherKey(name)}`, message];
    }),
  );
}

/** One differing field: take a side, or edit the value (JSON for anything that is not text). */
function FieldMerge({
  conflict: c,
  index,
  form,
  error,
}: {
  conflict: ConflictView;
  index: number;
  form: UseFormReturn<MergeValues>;
  error: string | undefined;
}) {
  const id = useId();
  const valueId = `${id}-value`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const name = c.differing[index] ?? '';
  const at = `fields.${index}` as const;
  const choice = form.watch(at);
  const side = (pick: Exclude<Pick, 'edited'>) => (pick === 'local' ? c.local.fields[name] : c.remote.fields[name]);
  // Taking a side shows its value in the box; typing in the box makes the value an edit.
  const pickField = form.register(`${at}.pick`, {
    onChange: (e: { target: { value: string } }) => {
      if (e.target.value === 'local' || e.target.value === 'remote')
        form.setValue(`${at}.text`, toText(side(e.target.value), choice.mode));
    },
  });
  const textField = form.register(`${at}.text`, { onChange: () => form.setValue(`${at}.pick`, 'edited') });
  return (
    <fieldset className="sync-merge-field" data-field={name}>
      <legend className="mono">{name}</legend>
      <div className="sync-merge-picks">
        {(['local', 'remote'] as const).map((pick) => (
          <label key={pick} className="radio">
            <input type="radio" {...pickField} value={pick} />
            <span>
              {pickLabels[pick]}: <span className="sync-pick-value">{sideText(side(pick))}</span>
            </span>
          </label>
        ))}
        <label className="radio">
          <input type="radio" {...pickField} value="edited" />
          {pickLabels.edited}
        </label>
      </div>
      <label htmlFor={valueId} className="sync-merge-label">
        Merged value of {name}
      </label>
      <textarea
        id={valueId}
        {...textField}
        className={choice.mode === 'json' ? 'mono' : undefined}
        rows={choice.mode === 'json' || choice.text.length > 80 || choice.text.includes('\n') ? 4 : 2}
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

/** The errors of fields that do not differ (or of the whole record), listed under the fields. */
function OtherErrors({ errors }: { errors: [string, string][] }) {
  if (errors.length === 0) return null;
  return (
    <div className="error-note" role="alert">
      <strong>The merged record is not valid yet:</strong>
      <ul>
        {errors.map(([name, message]) => (
          <li key={name}>
            {name ? <span className="mono">{name}</span> : 'Record'}: {message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The merge editor: this computer's version, with each differing field chosen or edited, then saved as the new version.
 */
export function MergeEditor({ conflict: c, onClose }: { conflict: ConflictView; onClose: () => void }) {
  const resolve = useSyncAction('sync.resolve');
  const { form, onSubmit, errorOf } = useZodForm<MergeValues, void>({
    schema: MergeValues,
    defaultValues: {
      fields: c.differing.map((name) => initialChoices(c)[name] ?? { pick: 'local', text: '', mode: 'text' }),
    },
    check: (values) => mergeErrors(c, values),
    send: async (values) => {
      await resolve.mutateAsync({
        group: c.group,
        id: c.id,
        keep: 'merged',
        fields: buildMerge(c, choicesOf(c, values)).fields,
      });
      onClose();
    },
    // The core's refusal is shown as it comes (below, and beside the field it names), not through the form's own
    // fields.
    fields: [],
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  const titleId = useId();
  const server = resolve.error?.error.code === 'validation' ? resolve.error : null;
  const others = Object.entries(form.formState.errors.others ?? {}).flatMap(([key, e]): [string, string][] =>
    e && typeof e === 'object' && 'message' in e && typeof e.message === 'string' ? [[otherName(key), e.message]] : [],
  );
  return (
    <form
      className="form sync-merge"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
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
      {c.differing.map((name, i) => (
        <FieldMerge
          key={i}
          conflict={c}
          index={i}
          form={form}
          error={errorOf(`fields.${i}.text`) ?? fieldError(server, `fields.${name}`) ?? fieldError(server, name)}
        />
      ))}
      <OtherErrors errors={others} />
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
