import { useId, useState } from 'react';
import { AutomationAction, AutomationTrigger, type AutomationRun } from '../../shared/planner';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { useAction } from '../backend/use-action';
import { FormField } from '../forms/FormField';
import { RecordDelete } from '../forms/RecordDelete';
import { useRecordForm } from '../forms/use-record-form';
import { toAppError } from '../library/app-error';
import { actionProblems, cleanAction, triggerDraft, triggerOf, type TriggerDraft } from './action-list';
import { ActionList, keyed, type KeyedAction } from './ActionList';
import { str, type TemplateView } from './fields';
import { OutcomeBadge } from './RunLog';
import { TriggerFields } from './TriggerFields';

interface Props {
  record: RecordView | null;
  templates: readonly TemplateView[];
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
}

interface Values {
  name: string;
  enabled: boolean;
  trigger: TriggerDraft;
  actions: KeyedAction[];
}

/** Stored fields read leniently: a trigger or action this version does not know is dropped from the editor. */
function load(record: RecordView | null): Values {
  const f = record?.fields ?? {};
  const trigger = AutomationTrigger.safeParse(f.trigger);
  const actions = Array.isArray(f.actions)
    ? f.actions.map((a) => AutomationAction.safeParse(a)).flatMap((r) => (r.success ? [r.data] : []))
    : [];
  return {
    name: str(f, 'name'),
    enabled: f.enabled !== false,
    trigger: triggerDraft(trigger.success ? trigger.data : undefined),
    actions: actions.map(keyed),
  };
}
const fields = (v: Values) => ({
  name: v.name.trim(),
  enabled: v.enabled,
  trigger: triggerOf(v.trigger),
  actions: v.actions.map((i) => cleanAction(i.action)),
});
const check = (v: Values) => ({
  actions:
    actionProblems(v.actions.map((i) => i.action)).size > 0 ? 'Some actions are not complete (see below).' : undefined,
});

/** Save, run now, delete, and what happened last (the run's outcome, or whether the form is saved). */
function EditorButtons({
  record,
  state,
  ran,
  saved,
  onRun,
  onDeleted,
}: {
  record: RecordView | null;
  state: { busy: boolean; saving: boolean; running: boolean; dirty: boolean };
  ran: AutomationRun | null;
  saved: string | null;
  onRun(): void;
  onDeleted(): void;
}) {
  return (
    <div className="row">
      <button type="submit" className="primary" data-testid="automation-save" disabled={state.busy}>
        {state.saving ? 'Saving…' : record ? 'Save' : 'Create automation'}
      </button>
      {record && (
        <button type="button" data-testid={`automation-run-${record.id}`} disabled={state.busy} onClick={onRun}>
          {state.running ? 'Running…' : state.dirty ? 'Save and run now' : 'Run now'}
        </button>
      )}
      <RecordDelete
        group="automations"
        record={record}
        what="this automation"
        busy={state.busy}
        onDeleted={onDeleted}
      />
      <span role="status" className="muted" data-testid="automation-saved">
        {ran ? (
          <span data-testid="automation-ran">
            Ran: <OutcomeBadge outcome={ran.outcome} /> {ran.message}
          </span>
        ) : (
          (saved ?? (record && state.dirty ? 'Unsaved changes' : ''))
        )}
      </span>
    </div>
  );
}

/** D6: an automation's name, on/off, trigger and ordered actions; save, run now, delete. */
export function AutomationEditor({ record, templates, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const [ran, setRan] = useState<AutomationRun | null>(null);
  const {
    form,
    onSubmit,
    attempt,
    errorOf,
    saved,
    failure,
    setFailure,
    busy: saving,
    dirty,
  } = useRecordForm({
    group: 'automations',
    record,
    load,
    fields,
    check,
    created: 'Automation created.',
    notice,
    onSaved,
  });
  const run = useAction('automations.run', ['automations.runs', 'records.list', 'planner.calendar', 'planner.queue']);
  const busy = saving || run.isPending;
  const { trigger, actions } = form.watch();
  const runNow = async () => {
    setRan(null);
    const target = await attempt();
    if (target) await run.mutateAsync({ id: target }).then(setRan, (e: unknown) => setFailure(toAppError(e)));
  };
  return (
    <form
      className="card form planner-editor"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="automation-editor"
    >
      <h2 id={`${id}-title`}>{record ? 'Edit automation' : 'New automation'}</h2>
      <div className="planner-fields">
        <FormField label="Name" error={errorOf('name')}>
          {(c) => <input {...c} data-testid="automation-name" maxLength={500} {...form.register('name')} />}
        </FormField>
        <label className="checkbox automation-enabled">
          <input type="checkbox" data-testid="automation-enabled" {...form.register('enabled')} />
          Enabled (runs by itself when its trigger happens)
        </label>
      </div>
      <TriggerFields value={trigger} onChange={(t) => form.setValue('trigger', t)} />
      <ActionList
        items={actions}
        templates={templates}
        problems={actionProblems(actions.map((i) => i.action))}
        onChange={(next) => form.setValue('actions', next, { shouldValidate: form.formState.isSubmitted })}
      />
      {errorOf('actions') && (
        <p className="field-error" role="alert">
          {errorOf('actions')}
        </p>
      )}
      <SubmitError error={failure} fields={[]} />
      <EditorButtons
        record={record}
        state={{ busy, saving, running: run.isPending, dirty }}
        ran={ran}
        saved={saved}
        onRun={() => void runNow()}
        onDeleted={onDeleted}
      />
    </form>
  );
}
