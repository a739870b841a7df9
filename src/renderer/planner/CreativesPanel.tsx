import { aspectLabels } from './aspect';
import { CreativeEditor } from './CreativeEditor';
import { creativeOf } from './fields';
import { ListEditorSplit } from './ListEditorSplit';
import type { OpenRequest } from './tabs';
import { useListEditor } from './use-list-editor';

/** D3: creatives (a picture, overlay text and caption in an aspect ratio) and the editor of one. */
export function CreativesPanel({ request }: { request: OpenRequest | null }) {
  const le = useListEditor('creatives', request);
  const views = le.records.map(creativeOf);
  return (
    <ListEditorSplit
      le={le}
      title="Creatives"
      noun="creative"
      items={views.map((c) => ({
        id: c.id,
        label: c.name,
        meta: `${aspectLabels[c.aspectRatio]} · ${c.assetIds.length} ${c.assetIds.length === 1 ? 'asset' : 'assets'}`,
      }))}
      editor={
        <CreativeEditor
          key={le.editorKey}
          record={le.record}
          notice={le.notice}
          onSaved={le.saved}
          onDeleted={le.deleted}
        />
      }
      hint="Choose a creative to edit it, or make a new one."
    />
  );
}
