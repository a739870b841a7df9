import { isSnippetFields } from '../../shared/snippets';
import { templateOf } from './fields';
import { ListEditorSplit } from './ListEditorSplit';
import type { OpenRequest } from './tabs';
import { TemplateEditor } from './TemplateEditor';
import { variablesOf } from './template-vars';
import { useListEditor } from './use-list-editor';

/** D4: media templates with {{variables}}, and the editor of one (preview, records from values or CSV). */
export function TemplatesPanel({ request }: { request: OpenRequest | null }) {
  const le = useListEditor('mediaTemplates', request);
  // Snippets are media template records too; they have their own tab.
  const views = le.records.filter((r) => !isSnippetFields(r.fields)).map(templateOf);
  return (
    <ListEditorSplit
      le={le}
      title="Templates"
      noun="template"
      items={views.map((t) => {
        const vars = variablesOf(t.body);
        return {
          id: t.id,
          label: t.name,
          meta: `Makes ${t.target}${vars.length ? ` · ${vars.map((v) => `{{${v}}}`).join(' ')}` : ''}`,
        };
      })}
      editor={
        <TemplateEditor
          key={le.editorKey}
          record={le.record}
          notice={le.notice}
          onSaved={le.saved}
          onDeleted={le.deleted}
        />
      }
      hint="Choose a template to edit it and make posts or creatives from it, or make a new one."
    />
  );
}
