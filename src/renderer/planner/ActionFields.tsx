import { useId, useState } from 'react';
import type { AutomationAction } from '../../shared/automations';
import type { AiOperation } from '../../shared/profile';
import { operationLabels, operationOrder } from '../ai/labels';
import { ActionChannels } from './ActionChannels';
import { textToValues, valuesToText } from './action-list';
import type { TemplateView } from './fields';

interface Props {
  action: AutomationAction;
  templates: readonly TemplateView[];
  problem: string | undefined;
  onChange(a: AutomationAction): void;
}

/** "name = value" lines, kept as typed while the values they give are passed on. */
function ValuesField({
  id,
  values,
  onChange,
}: {
  id: string;
  values: Record<string, string>;
  onChange(v: Record<string, string>): void;
}) {
  const [text, setText] = useState(() => valuesToText(values));
  return (
    <div className="field">
      <label htmlFor={id}>
        Values (one “name = value” a line; {'{{asset_name}}'}, {'{{prompt}}'}, {'{{date}}'} come from the event)
      </label>
      <textarea
        id={id}
        className="mono"
        data-testid="action-values"
        rows={3}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onChange(textToValues(e.target.value));
        }}
      />
    </div>
  );
}

type Of<T extends AutomationAction['type']> = Extract<AutomationAction, { type: T }>;

interface FieldsProps<T extends AutomationAction['type']> {
  id: string;
  action: Of<T>;
  invalid: true | undefined;
  onChange(a: AutomationAction): void;
}

/** A post made from a template: which template, the channels, and the values it fills in. */
function PostFromTemplateFields({
  id,
  action: a,
  templates,
  invalid,
  onChange,
}: FieldsProps<'post_from_template'> & { templates: readonly TemplateView[] }) {
  return (
    <div className="planner-fields">
      <div className="field">
        <label htmlFor={`${id}-template`}>Template</label>
        <select
          id={`${id}-template`}
          data-testid="action-template"
          aria-invalid={invalid}
          value={a.template_id}
          onChange={(e) => onChange({ ...a, template_id: e.target.value })}
        >
          <option value="">Choose…</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name || 'Untitled'}
            </option>
          ))}
        </select>
      </div>
      <ActionChannels
        value={a}
        onChange={({ channel_ids, channel }) => {
          const { channel_ids: _ids, channel: _label, ...rest } = a;
          onChange({
            ...rest,
            ...(channel_ids !== undefined && channel_ids.length > 0 && { channel_ids }),
            ...(channel !== undefined && { channel }),
          });
        }}
      />
      <ValuesField id={`${id}-values`} values={a.values} onChange={(values) => onChange({ ...a, values })} />
    </div>
  );
}

/** An AI job: operation, model and prompt. */
function RunAiFields({ id, action: a, invalid, onChange }: FieldsProps<'run_ai'>) {
  return (
    <div className="planner-fields">
      <div className="field">
        <label htmlFor={`${id}-op`}>Operation</label>
        <select
          id={`${id}-op`}
          value={a.operation}
          onChange={(e) => onChange({ ...a, operation: e.target.value as AiOperation })}
        >
          {operationOrder.map((op) => (
            <option key={op} value={op}>
              {operationLabels[op]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <input
          id={`${id}-model`}
          maxLength={200}
          aria-invalid={invalid}
          value={a.model_id}
          onChange={(e) => onChange({ ...a, model_id: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-prompt`}>Prompt (optional; {'{{prompt}}'} and the like are filled from the event)</label>
        <textarea
          id={`${id}-prompt`}
          rows={2}
          maxLength={4000}
          value={a.prompt ?? ''}
          onChange={(e) => onChange({ ...a, prompt: e.target.value })}
        />
      </div>
    </div>
  );
}

/** The settings of one action, by its type. */
export function ActionFields({ action: a, templates, problem, onChange }: Props) {
  const id = useId();
  const invalid = problem ? true : undefined;
  switch (a.type) {
    case 'add_tag':
      return (
        <div className="field">
          <label htmlFor={`${id}-tag`}>Tag</label>
          <input
            id={`${id}-tag`}
            maxLength={200}
            aria-invalid={invalid}
            value={a.tag}
            onChange={(e) => onChange({ ...a, tag: e.target.value })}
          />
        </div>
      );
    case 'add_to_queue':
      return (
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input
            id={`${id}-note`}
            maxLength={10_000}
            value={a.note ?? ''}
            onChange={(e) => onChange({ ...a, note: e.target.value })}
          />
        </div>
      );
    case 'post_from_template':
      return <PostFromTemplateFields id={id} action={a} templates={templates} invalid={invalid} onChange={onChange} />;
    case 'run_ai':
      return <RunAiFields id={id} action={a} invalid={invalid} onChange={onChange} />;
  }
}
