import { QueryError } from '../sync/QueryError';
import { templateOf } from './fields';
import { ItemList } from './ItemList';
import type { OpenRequest } from './tabs';
import { TemplateEditor } from './TemplateEditor';
import { variablesOf } from './template-vars';
import { NEW, useListEditor } from './use-list-editor';

/** D4: media templates with {{variables}}, and the editor of one (preview, records from values or CSV). */
export function TemplatesPanel({ request }: { request: OpenRequest | null }) {
  const le = useListEditor('mediaTemplates', request);
  const views = le.records.map(templateOf);
  return (
    <div className="planner-split">
      <section className="card planner-list-card" aria-labelledby="templates-title">
        <div className="planner-list-head">
          <h2 id="templates-title">Templates</h2>
          <button type="button" className="primary" data-testid="template-new" onClick={() => le.select(NEW)}>
            New template
          </button>
        </div>
        <ItemList
          label="Templates"
          items={views.map((t) => {
            const vars = variablesOf(t.body);
            return {
              id: t.id,
              label: t.name,
              meta: `Makes ${t.target}${vars.length ? ` · ${vars.map((v) => `{{${v}}}`).join(' ')}` : ''}`,
            };
          })}
          selected={le.selected}
          testId={(id) => `template-row-${id}`}
          empty="No templates yet."
          onSelect={le.select}
        />
      </section>
      <div className="planner-detail">
        <QueryError error={le.list.error} />
        {le.isNew || le.record ? (
          <TemplateEditor
            key={le.editorKey}
            record={le.record}
            notice={le.notice}
            onSaved={le.saved}
            onDeleted={le.deleted}
          />
        ) : (
          <p className="card muted planner-hint">
            {le.missing
              ? 'This template no longer exists.'
              : 'Choose a template to edit it and make posts or creatives from it, or make a new one.'}
          </p>
        )}
      </div>
    </div>
  );
}
