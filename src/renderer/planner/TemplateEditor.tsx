import { useId, useState, type FormEvent } from 'react';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { toAppError } from '../library/app-error';
import { CreateFromTemplate } from './CreateFromTemplate';
import { DeleteButton } from './DeleteButton';
import { patchOf, templateOf } from './fields';
import { TemplatePreviewBox } from './TemplatePreviewBox';
import { keepValues, variablesOf } from './template-vars';
import { usePlannerAction } from './use-records';
import { useRecordSave } from './use-record-save';

interface Props {
  record: RecordView | null;
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
}

interface Draft {
  name: string;
  body: string;
  target: 'posts' | 'creatives';
}

/** D4: a template's name, body with {{variables}} and what it makes; its preview; records made from it. */
export function TemplateEditor({ record, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => {
    const t = record ? templateOf(record) : null;
    return { name: t?.name ?? '', body: t?.body ?? '', target: t?.target ?? 'posts' };
  });
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { save, saved, setSaved, failure, busy: saving } = useRecordSave('mediaTemplates', 'Template created.', notice, onSaved);
  const remove = usePlannerAction('records.delete');
  const busy = saving || remove.isPending;
  const variables = variablesOf(draft.body);
  const fields = { name: draft.name.trim(), body: draft.body, target: draft.target, variables };
  const dirty = !record || Object.keys(patchOf(record.fields, fields)).length > 0;

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(null);
  };

  /** Save when there are changes; the template's id, or null (with the reason shown) when it could not be saved. */
  const persist = async (): Promise<string | null> => {
    if (!draft.name.trim()) {
      setProblem('Enter a name.');
      return null;
    }
    setProblem(null);
    return save(record, fields);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (record && !dirty) return setSaved('Nothing changed.');
    void persist();
  };

  return (
    <div className="planner-editor-stack">
      <form className="card form planner-editor" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} data-testid="template-editor">
        <h2 id={`${id}-title`}>{record ? 'Edit template' : 'New template'}</h2>
        <div className="planner-fields">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} data-testid="template-name" maxLength={500} aria-invalid={problem ? true : undefined} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
            {problem && (
              <span className="field-error" role="alert">
                {problem}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-target`}>Makes</label>
            <select id={`${id}-target`} data-testid="template-target" value={draft.target} onChange={(e) => set({ target: e.target.value as Draft['target'] })}>
              <option value="posts">Posts</option>
              <option value="creatives">Creatives</option>
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-body`}>Body</label>
          <textarea id={`${id}-body`} data-testid="template-body" rows={6} maxLength={100_000} aria-describedby={`${id}-vars`} value={draft.body} onChange={(e) => set({ body: e.target.value })} />
          <span id={`${id}-vars`} className="field-hint">
            Write {'{{name}}'} where a value goes. {variables.length ? `Variables: ${variables.join(', ')}.` : 'No variables yet.'}
          </span>
        </div>
        <SubmitError error={failure ? toAppError(failure) : (remove.error?.error ?? null)} fields={[]} />
        <div className="row">
          <button type="submit" className="primary" data-testid="template-save" disabled={busy}>
            {busy ? 'Saving…' : record ? 'Save' : 'Create template'}
          </button>
          {record && <DeleteButton what="this template" busy={busy} onDelete={() => remove.mutate({ group: 'mediaTemplates', id: record.id }, { onSuccess: onDeleted })} />}
          <span role="status" className="muted" data-testid="template-saved">
            {saved ?? (record && dirty ? 'Unsaved changes' : '')}
          </span>
        </div>
      </form>
      <div className="card">
        <TemplatePreviewBox body={draft.body} variables={variables} values={keepValues(variables, values)} onValue={(name, v) => setValues((all) => ({ ...all, [name]: v }))} />
      </div>
      <div className="card">
        <CreateFromTemplate target={draft.target} variables={variables} values={keepValues(variables, values)} ensureSaved={persist} />
      </div>
    </div>
  );
}
