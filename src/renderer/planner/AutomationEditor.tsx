import { useId, useState, type FormEvent } from 'react';
import { AutomationAction, AutomationTrigger, type AutomationRun } from '../../shared/planner';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { useAction } from '../backend/use-action';
import { toAppError } from '../library/app-error';
import { actionProblems, cleanAction, triggerDraft, triggerOf, type TriggerDraft } from './action-list';
import { ActionList, keyed, type KeyedAction } from './ActionList';
import { DeleteButton } from './DeleteButton';
import { patchOf, str, type TemplateView } from './fields';
import { OutcomeBadge } from './RunLog';
import { TriggerFields } from './TriggerFields';
import { usePlannerAction } from './use-records';
import { useRecordSave } from './use-record-save';

interface Props {
  record: RecordView | null;
  templates: readonly TemplateView[];
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
}

/** Stored fields read leniently: a trigger or action this version does not know is dropped from the editor. */
function startOf(record: RecordView | null) {
  const f = record?.fields ?? {};
  const trigger = AutomationTrigger.safeParse(f.trigger);
  const actions = Array.isArray(f.actions) ? f.actions.map((a) => AutomationAction.safeParse(a)).flatMap((r) => (r.success ? [r.data] : [])) : [];
  return {
    name: str(f, 'name'),
    enabled: f.enabled !== false,
    trigger: triggerDraft(trigger.success ? trigger.data : undefined),
    actions: actions.map(keyed),
  };
}

/** D6: an automation's name, on/off, trigger and ordered actions; save, run now, delete. */
export function AutomationEditor({ record, templates, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const [start] = useState(() => startOf(record));
  const [name, setName] = useState(start.name);
  const [enabled, setEnabled] = useState(start.enabled);
  const [trigger, setTrigger] = useState<TriggerDraft>(start.trigger);
  const [items, setItems] = useState<KeyedAction[]>(start.actions);
  const [problem, setProblem] = useState<string | null>(null);
  const [ran, setRan] = useState<AutomationRun | null>(null);
  const { save, saved, setSaved, failure, setFailure, busy: saving } = useRecordSave('automations', 'Automation created.', notice, onSaved);
  const remove = usePlannerAction('records.delete');
  const run = useAction('automations.run', ['automations.runs', 'records.list', 'planner.calendar', 'planner.queue']);
  const busy = saving || remove.isPending || run.isPending;
  const problems = actionProblems(items.map((i) => i.action));
  const fields = { name: name.trim(), enabled, trigger: triggerOf(trigger), actions: items.map((i) => cleanAction(i.action)) };
  const dirty = !record || Object.keys(patchOf(record.fields, fields)).length > 0;
  const touched = () => setSaved(null);

  const persist = async (): Promise<string | null> => {
    if (!name.trim()) {
      setProblem('Enter a name.');
      return null;
    }
    if (problems.size > 0) {
      setProblem('Some actions are not complete (see below).');
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
  const runNow = async () => {
    setRan(null);
    const target = await persist();
    if (!target) return;
    try {
      setRan(await run.mutateAsync({ id: target }));
    } catch (e) {
      setFailure(e);
    }
  };

  return (
    <form className="card form planner-editor" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} data-testid="automation-editor">
      <h2 id={`${id}-title`}>{record ? 'Edit automation' : 'New automation'}</h2>
      <div className="planner-fields">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            data-testid="automation-name"
            maxLength={500}
            aria-invalid={problem && !name.trim() ? true : undefined}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              touched();
            }}
          />
        </div>
        <label className="checkbox automation-enabled">
          <input
            type="checkbox"
            data-testid="automation-enabled"
            checked={enabled}
            onChange={(e) => {
              setEnabled(e.target.checked);
              touched();
            }}
          />
          Enabled (runs by itself when its trigger happens)
        </label>
      </div>
      <TriggerFields
        value={trigger}
        onChange={(t) => {
          setTrigger(t);
          touched();
        }}
      />
      <ActionList
        items={items}
        templates={templates}
        problems={problems}
        onChange={(next) => {
          setItems(next);
          touched();
        }}
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <SubmitError error={failure ? toAppError(failure) : (remove.error?.error ?? null)} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="automation-save" disabled={busy}>
          {saving ? 'Saving…' : record ? 'Save' : 'Create automation'}
        </button>
        {record && (
          <button type="button" data-testid={`automation-run-${record.id}`} disabled={busy} onClick={() => void runNow()}>
            {run.isPending ? 'Running…' : dirty ? 'Save and run now' : 'Run now'}
          </button>
        )}
        {record && <DeleteButton what="this automation" busy={busy} onDelete={() => remove.mutate({ group: 'automations', id: record.id }, { onSuccess: onDeleted })} />}
        <span role="status" className="muted" data-testid="automation-saved">
          {ran ? (
            <span data-testid="automation-ran">
              Ran: <OutcomeBadge outcome={ran.outcome} /> {ran.message}
            </span>
          ) : (
            (saved ?? (record && dirty ? 'Unsaved changes' : ''))
          )}
        </span>
      </div>
    </form>
  );
}
