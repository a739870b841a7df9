import { useId, useState } from 'react';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { RecordDelete } from '../forms/RecordDelete';
import { useRecordForm } from '../forms/use-record-form';
import { CreateFromTemplate } from './CreateFromTemplate';
import { templateOf } from './fields';
import { TemplatePreviewBox } from './TemplatePreviewBox';
import { keepValues, variablesOf } from './template-vars';

interface Props {
  record: RecordView | null;
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
}

interface Values {
  name: string;
  body: string;
  target: 'posts' | 'creatives';
}

function load(record: RecordView | null): Values {
  const t = record ? templateOf(record) : null;
  return { name: t?.name ?? '', body: t?.body ?? '', target: t?.target ?? 'posts' };
}
const fields = (v: Values) => ({ name: v.name.trim(), body: v.body, target: v.target, variables: variablesOf(v.body) });

/** D4: a template's name, body with {{variables}} and what it makes; its preview; records made from it. */
export function TemplateEditor({ record, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const { form, onSubmit, attempt, errorOf, saved, failure, busy, dirty } = useRecordForm({
    group: 'mediaTemplates',
    record,
    load,
    fields,
    created: 'Template created.',
    notice,
    onSaved,
  });
  const { body, target } = form.watch();
  const variables = variablesOf(body);
  const samples = keepValues(variables, values);
  return (
    <div className="planner-editor-stack">
      <form
        className="card form planner-editor"
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={onSubmit}
        data-testid="template-editor"
      >
        <h2 id={`${id}-title`}>{record ? 'Edit template' : 'New template'}</h2>
        <div className="planner-fields">
          <FormField label="Name" error={errorOf('name')}>
            {(c) => <input {...c} data-testid="template-name" maxLength={500} {...form.register('name')} />}
          </FormField>
          <FormField label="Makes">
            {(c) => (
              <select {...c} data-testid="template-target" {...form.register('target')}>
                <option value="posts">Posts</option>
                <option value="creatives">Creatives</option>
              </select>
            )}
          </FormField>
        </div>
        <FormField
          label="Body"
          error={errorOf('body')}
          hint={
            <>
              Write {'{{name}}'} where a value goes.{' '}
              {variables.length ? `Variables: ${variables.join(', ')}.` : 'No variables yet.'}
            </>
          }
        >
          {(c) => (
            <textarea {...c} data-testid="template-body" rows={6} maxLength={100_000} {...form.register('body')} />
          )}
        </FormField>
        <SubmitError error={failure} fields={[]} />
        <div className="row">
          <button type="submit" className="primary" data-testid="template-save" disabled={busy}>
            {busy ? 'Saving…' : record ? 'Save' : 'Create template'}
          </button>
          <RecordDelete group="mediaTemplates" record={record} what="this template" busy={busy} onDeleted={onDeleted} />
          <span role="status" className="muted" data-testid="template-saved">
            {saved ?? (record && dirty ? 'Unsaved changes' : '')}
          </span>
        </div>
      </form>
      <div className="card">
        <TemplatePreviewBox
          body={body}
          variables={variables}
          values={samples}
          onValue={(name, v) => setValues((all) => ({ ...all, [name]: v }))}
        />
      </div>
      <div className="card">
        <CreateFromTemplate target={target} body={body} variables={variables} values={samples} ensureSaved={attempt} />
      </div>
    </div>
  );
}
