import { useMemo } from 'react';
import { QueryError } from '../sync/QueryError';
import { triggerLabels, triggerDraft } from './action-list';
import { AutomationEditor } from './AutomationEditor';
import { str, templateOf } from './fields';
import { ItemList } from './ItemList';
import { RunLog } from './RunLog';
import type { OpenRequest } from './tabs';
import { NEW, useListEditor } from './use-list-editor';
import { useRecords } from './use-records';
import { AutomationTrigger } from '../../shared/planner';
import { isSnippetFields } from '../../shared/snippets';

/** D6: local rules ("when … then …"), the editor of one, and the run log. */
export function AutomationsPanel({ request }: { request: OpenRequest | null }) {
  const le = useListEditor('automations', request);
  const templates = useRecords('mediaTemplates');
  // Snippets are media template records too, but no automation makes posts from one.
  const templateViews = useMemo(
    () => (templates.data?.items ?? []).filter((r) => !isSnippetFields(r.fields)).map(templateOf),
    [templates.data],
  );
  return (
    <div className="planner-automations">
      <div className="planner-split">
        <section className="card planner-list-card" aria-labelledby="automations-title">
          <div className="planner-list-head">
            <h2 id="automations-title">Automations</h2>
            <button type="button" className="primary" data-testid="automation-new" onClick={() => le.select(NEW)}>
              New automation
            </button>
          </div>
          <ItemList
            label="Automations"
            items={le.records.map((r) => {
              const t = AutomationTrigger.safeParse(r.fields.trigger);
              const on = r.fields.enabled !== false;
              return {
                id: r.id,
                label: str(r.fields, 'name'),
                meta: triggerLabels[triggerDraft(t.success ? t.data : undefined).type],
                badge: (
                  <span className={`planner-status ${on ? 'status-ready' : 'status-draft'}`}>{on ? 'On' : 'Off'}</span>
                ),
              };
            })}
            selected={le.selected}
            testId={(id) => `automation-row-${id}`}
            empty="No automations yet."
            onSelect={le.select}
          />
        </section>
        <div className="planner-detail">
          <QueryError error={le.list.error ?? templates.error} />
          {le.isNew || le.record ? (
            <AutomationEditor
              key={le.editorKey}
              record={le.record}
              templates={templateViews}
              notice={le.notice}
              onSaved={le.saved}
              onDeleted={le.deleted}
            />
          ) : (
            <p className="card muted planner-hint">
              {le.missing
                ? 'This automation no longer exists.'
                : 'Choose an automation to edit or run it, or make a new one.'}
            </p>
          )}
        </div>
      </div>
      <RunLog automationId={le.record?.id ?? null} />
    </div>
  );
}
