import { usePaletteAsset } from '../app/palette-open';
import { useRef, useState } from 'react';
import { useSearchTask, useTask } from '../app/use-task';
import { DetailPanel } from './DetailPanel';
import { DropOverlay } from './DropOverlay';
import { isFiltered } from './filters';
import { plural } from './format';
import { splitTags } from './import-tags';
import { LibraryResults } from './LibraryResults';
import { LibraryStatus } from './LibraryStatus';
import { LibraryToolbar } from './LibraryToolbar';
import { TrashBar } from './TrashBar';
import { useFileDrop } from './use-file-drop';
import { useImport } from './use-import';
import { useLibraryCollection } from './use-library-collection';
import { useLibraryEvents } from './use-library-events';
import { useLibraryFilters } from './use-library-filters';

/** C1–C4: import, browse 100,000 assets, search, tag, trash, and see where each asset is used. */
export function LibrarySection() {
  useLibraryEvents();
  const f = useLibraryFilters();
  const panelRef = useRef<HTMLElement>(null);
  const { pages, selection, actions, viewProps, requestFocus } = useLibraryCollection(f.input, f.trash, panelRef);
  const { sel, clearSelection } = selection;
  // An asset chosen in the command palette shows in the detail panel.
  const shown = usePaletteAsset(sel.activeId, panelRef);
  const total = pages.total;
  const [importTags, setImportTags] = useState('');
  const imports = useImport(splitTags(importTags));
  const drop = useFileDrop(imports.fromDrop, imports.progress === null);
  // The search and import commands (Ctrl/Cmd+F, Ctrl/Cmd+I, the palette, the desktop menu).
  const searchRef = useSearchTask();
  const pickerRef = useRef<HTMLInputElement>(null);
  useTask('import', () => {
    if (imports.progress !== null) return;
    if (imports.usesUploads) pickerRef.current?.click();
    else void imports.fromDialog();
  });
  const { trash } = f;
  const empty = trash ? 'trash' : isFiltered(f.filters) ? 'results' : 'library';
  return (
    <section className="library" aria-label={trash ? 'Library trash' : 'Library'} {...drop.handlers}>
      <LibraryToolbar
        {...f.toolbar}
        {...{
          searchRef,
          pickerRef,
          importTags,
          onImportTags: setImportTags,
          importing: imports.progress !== null,
          usesUploads: imports.usesUploads,
          listed: total !== undefined,
        }}
        onImportDialog={() => void imports.fromDialog()}
        onImportFiles={imports.fromFiles}
      />
      {trash && (
        <TrashBar
          selected={sel.ids.size}
          total={total ?? 0}
          busy={actions.busy}
          onRestore={() => void actions.restore([...sel.ids])}
          onEmpty={() => void actions.emptyTrash()}
        />
      )}
      <LibraryStatus
        {...{ progress: imports.progress, report: imports.report, importError: imports.error, notice: actions.notice }}
        onCancelImport={imports.cancel}
        onDismissImport={imports.dismiss}
        onDismissNotice={actions.dismiss}
      />
      <p className="library-count muted">
        {total === undefined
          ? ''
          : `${plural(total, trash ? 'asset in the trash' : 'asset', trash ? 'assets in the trash' : 'assets')}`}
        {sel.ids.size > 0 && ` · ${sel.ids.size.toLocaleString()} selected`}
      </p>
      <div className="library-body">
        <div className="library-results">
          <LibraryResults
            {...{ total, error: pages.error, refreshing: pages.refreshing, empty, view: f.view, viewProps }}
            onRetry={pages.retry}
            onClearFilters={f.clear}
          />
        </div>
        <DetailPanel
          {...{ id: shown, panelRef, busy: actions.busy }}
          onTrash={(ids) => void actions.trash(ids)}
          onRestore={(ids) => void actions.restore(ids)}
          onBack={requestFocus}
          onClose={clearSelection}
        />
      </div>
      {drop.dragging && <DropOverlay usesUploads={imports.usesUploads} />}
    </section>
  );
}
