import { useState } from 'react';
import { snippetKindLabels, type Snippet } from '../../../shared/snippets';
import { QueryError } from '../../sync/QueryError';
import { ItemList } from '../ItemList';
import type { OpenRequest } from '../tabs';
import { NEW } from '../use-list-editor';
import { useSelected } from '../use-open-request';
import { SnippetEditor } from './SnippetEditor';
import { usesLine, useSnippetEvents, useSnippets } from './use-snippets';

/** Issue 19: saved snippets (hashtag sets, signatures, calls to action), most used first, and the editor of one. */
export function SnippetsPanel({ request }: { request: OpenRequest | null }) {
  useSnippetEvents();
  const list = useSnippets();
  const [selected, setSelected] = useSelected(request);
  const [fresh, setFresh] = useState<{ snippet: Snippet; notice: string } | null>(null);
  const [newEditor, setNewEditor] = useState(0);
  const snippets = list.data ?? [];
  const chosen =
    selected && selected !== NEW
      ? (snippets.find((s) => s.id === selected) ?? (fresh?.snippet.id === selected ? fresh.snippet : null))
      : null;
  const select = (id: string) => {
    if (id === NEW) setNewEditor((n) => n + 1);
    setSelected(id);
  };
  const missing = selected !== null && selected !== NEW && chosen === null && list.data !== undefined;
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
          <SnippetEditor
            key={chosen ? chosen.id : `new-${newEditor}`}
            snippet={chosen}
            notice={fresh && chosen && fresh.snippet.id === chosen.id ? fresh.notice : null}
            onSaved={(snippet, notice) => {
              setFresh({ snippet, notice });
              setSelected(snippet.id);
            }}
            onDeleted={() => setSelected(null)}
          />
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
