import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  SNIPPET_BODY_MAX,
  SNIPPET_NAME_MAX,
  SnippetFields,
  snippetKindLabels,
  snippetKinds,
  type Snippet,
  type SnippetKind,
} from '../../../shared/snippets';
import { SubmitError } from '../../ai/SubmitError';
import { ErrorNote } from '../../account/Field';
import { FormField } from '../../forms/FormField';
import { useZodForm } from '../../forms/use-zod-form';
import { variablesOf } from '../template-vars';
import { useSnippetAction } from './use-snippets';

interface Props {
  /** The snippet being edited; null for a new one. */
  snippet: Snippet | null;
  notice: string | null;
  onSaved(snippet: Snippet, notice: string): void;
  onDeleted(): void;
}

interface Values {
  name: string;
  body: string;
  kind: SnippetKind;
}

const valuesOf = (s: Snippet | null): Values => ({
  name: s?.name ?? '',
  body: s?.body ?? '',
  kind: s?.kind ?? 'hashtags',
});

/** Delete, asked once more in place (the snippet goes on every computer it synced to). */
function SnippetDelete({ snippet, busy, onDeleted }: { snippet: Snippet; busy: boolean; onDeleted(): void }) {
  const [asking, setAsking] = useState(false);
  const remove = useSnippetAction('snippets.remove');
  if (!asking)
    return (
      <button
        type="button"
        className="danger"
        data-testid="snippet-delete"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        Delete…
      </button>
    );
  return (
    <span className="planner-inline" role="group" aria-label={`Delete ${snippet.name}?`}>
      <button
        type="button"
        className="danger"
        data-testid="snippet-delete-confirm"
        disabled={remove.isPending}
        onClick={() => remove.mutate({ id: snippet.id }, { onSuccess: onDeleted })}
      >
        Delete “{snippet.name}”
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep it
      </button>
      {remove.error && <ErrorNote error={remove.error} />}
    </span>
  );
}

/** The snippet's text, the variables it will ask for, and how often it was used here. */
function SnippetBody({
  form,
  error,
  snippet,
}: {
  form: UseFormReturn<Values, unknown, Values>;
  error: string | undefined;
  snippet: Snippet | null;
}) {
  const vars = variablesOf(form.watch('body'));
  return (
    <>
      <FormField
        label="Text"
        hint={
          vars.length > 0
            ? `Asked for when inserted: ${vars.map((v) => `{{${v}}}`).join(' ')}`
            : 'Write {{name}} for a part to fill in when it is inserted, such as {{date}} or {{channel}}.'
        }
        error={error}
      >
        {(c) => (
          <textarea
            {...c}
            data-testid="snippet-body"
            rows={5}
            maxLength={SNIPPET_BODY_MAX}
            {...form.register('body')}
          />
        )}
      </FormField>
      {snippet && (
        <p className="muted" data-testid="snippet-uses">
          {snippet.uses === 0
            ? 'Not used yet on this computer.'
            : `Used ${snippet.uses} ${snippet.uses === 1 ? 'time' : 'times'} on this computer.`}
        </p>
      )}
    </>
  );
}

/** A snippet's name, kind and text with its {{variables}}; save and delete. */
export function SnippetEditor({ snippet, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const create = useSnippetAction('snippets.create');
  const update = useSnippetAction('snippets.update');
  const z = useZodForm<Values, Snippet>({
    schema: SnippetFields,
    defaultValues: valuesOf(snippet),
    notice,
    send: async (fields) => {
      const next = snippet
        ? await update.mutateAsync({ id: snippet.id, fields })
        : await create.mutateAsync({ fields });
      const said = snippet ? 'Saved.' : 'Snippet created.';
      z.form.reset(valuesOf(next));
      // The same editor stays for a saved snippet: it says so itself (a new one's editor gets the notice).
      z.setSaved(said);
      onSaved(next, said);
      return next;
    },
  });
  const { form, onSubmit, errorOf, saved, failure, busy } = z;
  return (
    <form
      className="card form planner-editor"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="snippet-editor"
    >
      <h2 id={`${id}-title`}>{snippet ? `Edit ${snippet.name}` : 'New snippet'}</h2>
      <div className="planner-fields">
        <FormField label="Name" error={errorOf('name')}>
          {(c) => <input {...c} data-testid="snippet-name" maxLength={SNIPPET_NAME_MAX} {...form.register('name')} />}
        </FormField>
        <FormField label="Kind" error={errorOf('kind')}>
          {(c) => (
            <select {...c} data-testid="snippet-kind" {...form.register('kind')}>
              {snippetKinds.map((k) => (
                <option key={k} value={k}>
                  {snippetKindLabels[k]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <SnippetBody form={form} error={errorOf('body')} snippet={snippet} />
      <SubmitError error={failure} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="snippet-save" disabled={busy}>
          {busy ? 'Saving…' : snippet ? 'Save' : 'Create snippet'}
        </button>
        {snippet && <SnippetDelete snippet={snippet} busy={busy} onDeleted={onDeleted} />}
        <span role="status" className="muted" data-testid="snippet-saved">
          {saved ?? ''}
        </span>
      </div>
    </form>
  );
}
