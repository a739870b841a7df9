import { snippetKindLabels } from '../../../shared/snippets';
import { QueryError } from '../../sync/QueryError';
import { ItemList } from '../ItemList';
import type { OpenRequest } from '../tabs';
import { useChosenItem } from '../use-chosen-item';
import { NEW } from '../use-list-editor';
import { SnippetEditor } from './SnippetEditor';
import { usesLine, useSnippetEvents, useSnippets } from './use-snippets';

/** Saved snippets (hashtag sets, signatures, calls to action), most used first, and the editor of one. */
export function SnippetsPanel({ request }: { request: OpenRequest | null }) {
  useSnippetEvents();
  const list = useSnippets();
  const snippets = list.data ?? [];
  const { selected, chosen, editorKey, missing, notice, select, saved, close } = useChosenItem(request, list.data);
  return (
    <div className="planner-split">
      <section className="card planner-list-card" aria-labelledby="snippets-title">
        <div className="planner-list-head">
          <h2 id="snippets-title">Snippets</h2>
          <button type="button" className="primary" data-testid="snippet-new" onClick={() => select(NEW)}>
            New snippet
          </button>
        </div>
        <ItemList
          label="Snippets"
          items={snippets.map((s) => ({
            id: s.id,
            label: s.name,
            meta: `${snippetKindLabels[s.kind]} · ${usesLine(s)}`,
          }))}
          selected={selected}
          testId={(id) => `snippet-row-${id}`}
          empty="No snippets yet. Save the hashtags, signatures and calls to action you add to posts again and again."
          onSelect={select}
        />
      </section>
      <div className="planner-detail">
        <QueryError error={list.error} />
        {selected === NEW || chosen ? (
          <SnippetEditor key={editorKey} snippet={chosen} notice={notice} onSaved={saved} onDeleted={close} />
        ) : (
          <p className="card muted planner-hint">
            {missing
              ? 'This snippet no longer exists.'
              : 'Choose a snippet to edit it, or make a new one. ' +
                'Insert them from a post’s text with “Insert snippet…”.'}
          </p>
        )}
      </div>
    </div>
  );
}
