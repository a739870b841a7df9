import { QueryError } from '../sync/QueryError';
import { aspectLabels } from './aspect';
import { CreativeEditor } from './CreativeEditor';
import { creativeOf } from './fields';
import { ItemList } from './ItemList';
import type { OpenRequest } from './tabs';
import { NEW, useListEditor } from './use-list-editor';

/** D3: creatives (a picture, overlay text and caption in an aspect ratio) and the editor of one. */
const assetCount = (n: number) => `${n} ${n === 1 ? 'asset' : 'assets'}`;

export function CreativesPanel({ request }: { request: OpenRequest | null }) {
  const le = useListEditor('creatives', request);
  const views = le.records.map(creativeOf);
  return (
    <div className="planner-split">
      <section className="card planner-list-card" aria-labelledby="creatives-title">
        <div className="planner-list-head">
          <h2 id="creatives-title">Creatives</h2>
          <button type="button" className="primary" data-testid="creative-new" onClick={() => le.select(NEW)}>
            New creative
          </button>
        </div>
        <ItemList
          label="Creatives"
          items={views.map((c) => ({
            id: c.id,
            label: c.name,
            meta: `${aspectLabels[c.aspectRatio]} · ${assetCount(c.assetIds.length)}`,
          }))}
          selected={le.selected}
          testId={(id) => `creative-row-${id}`}
          empty="No creatives yet."
          onSelect={le.select}
        />
      </section>
      <div className="planner-detail">
        <QueryError error={le.list.error} />
        {le.isNew || le.record ? (
          <CreativeEditor
            key={le.editorKey}
            record={le.record}
            notice={le.notice}
            onSaved={le.saved}
            onDeleted={le.deleted}
          />
        ) : (
          <p className="card muted planner-hint">
            {le.missing ? 'This creative no longer exists.' : 'Choose a creative to edit it, or make a new one.'}
          </p>
        )}
      </div>
    </div>
  );
}
