import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { AssetKind } from '../../shared/records';
import { useTask } from '../app/use-task';
import { AssetGrid } from './AssetGrid';
import { AssetList } from './AssetList';
import { collectionAction, type CollectionShape } from './collection-keys';
import type { CollectionViewProps } from './collection';
import { DetailPanel } from './DetailPanel';
import { DropOverlay } from './DropOverlay';
import { defaultFilters, filterInput, isFiltered, sortOptions, type SortId } from './filters';
import { plural } from './format';
import { LibraryEmpty } from './LibraryEmpty';
import { LibraryError } from './LibraryError';
import { LibraryStatus } from './LibraryStatus';
import { LibraryToolbar } from './LibraryToolbar';
import { TrashBar } from './TrashBar';
import { useAssetPages } from './use-asset-pages';
import { useDebouncedValue } from './use-debounced-value';
import { useFileDrop } from './use-file-drop';
import { splitTags } from './import-tags';
import { useImport } from './use-import';
import { useLibraryEvents } from './use-library-events';
import { useSelection } from './use-selection';
import { useStoredState } from './use-stored-state';
import { useTrashActions } from './use-trash-actions';
import { libraryViews } from './ViewToggle';

const SEARCH_DEBOUNCE_MS = 200;
const sortIds = sortOptions.map((s) => s.id);

/** C1–C4: import, browse 100,000 assets, search, tag, trash, and see where each asset is used. */
export function LibrarySection() {
  useLibraryEvents();
  const [text, setText] = useState('');
  const [kind, setKind] = useState<AssetKind | 'all'>(defaultFilters.kind);
  const [tag, setTag] = useState('');
  const [trash, setTrash] = useState(false);
  const [sort, setSort] = useStoredState<SortId>('atelier.library.sort', sortIds, defaultFilters.sort);
  const [view, setView] = useStoredState('atelier.library.view', libraryViews, 'grid');
  const searched = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const filters = useMemo(() => ({ text: searched, kind, tag, sort, trash }), [searched, kind, tag, sort, trash]);
  const input = useMemo(() => filterInput(filters), [filters]);

  const [range, setRange] = useState({ start: 0, end: 0 });
  const onRange = useCallback((start: number, end: number) => setRange((r) => (r.start === start && r.end === end ? r : { start, end })), []);
  const pages = useAssetPages(input, range);
  const { total, itemAt, loadedBetween } = pages;
  const { sel, pick, selectAll, focusAt, arrived, clearSelection, reset } = useSelection(loadedBetween);
  const resetKey = JSON.stringify(pages.shown);
  useEffect(() => reset(), [resetKey, reset]);

  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = useCallback(() => setFocusRequest((n) => n + 1), []);
  const focused = sel.focus === null ? undefined : itemAt(sel.focus);
  useEffect(() => {
    if (sel.awaiting && focused) arrived(focused);
  }, [sel.awaiting, focused, arrived]);

  const actions = useTrashActions(clearSelection);
  const [importTags, setImportTags] = useState('');
  const imports = useImport(splitTags(importTags));
  const drop = useFileDrop(imports.fromDrop, imports.progress === null);
  const searchRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  // The search and import commands (Ctrl/Cmd+F, Ctrl/Cmd+I, the palette, the desktop menu).
  useTask('search', () => {
    searchRef.current?.focus();
    searchRef.current?.select();
  });
  useTask('import', () => {
    if (imports.progress !== null) return;
    if (imports.usesUploads) pickerRef.current?.click();
    else void imports.fromDialog();
  });

  const selectedIds = useCallback((): string[] => {
    if (sel.ids.size) return [...sel.ids];
    return focused ? [focused.id] : [];
  }, [sel.ids, focused]);

  const onKey = (e: KeyboardEvent, shape: Omit<CollectionShape, 'total'>) => {
    const action = collectionAction(e, sel.focus, { ...shape, total: total ?? 0 });
    if (!action) return;
    e.preventDefault();
    switch (action.type) {
      case 'move':
        pick(action.to, itemAt(action.to), { shift: action.shift, toggle: !action.select }, action.select);
        requestFocus();
        break;
      case 'select':
        if (sel.focus !== null) pick(sel.focus, focused, { shift: false, toggle: action.toggle });
        break;
      case 'open':
        if (focused && sel.activeId !== focused.id) pick(sel.focus ?? 0, focused, { shift: false, toggle: false });
        if (focused || sel.activeId) panelRef.current?.focus();
        break;
      case 'delete': {
        const ids = selectedIds();
        if (!trash && ids.length) void actions.trash(ids);
        break;
      }
      case 'selectAll':
        selectAll(loadedBetween(0, (total ?? 0) - 1));
        break;
      case 'clear':
        selectAll([]);
        break;
    }
  };

  const clearFilters = () => {
    setText('');
    setKind('all');
    setTag('');
  };

  const viewProps: CollectionViewProps = {
    total: total ?? 0,
    itemAt,
    sel,
    busy: pages.refreshing,
    resetKey,
    focusRequest,
    onRange,
    onPick: pick,
    onFocusAt: focusAt,
    onOpen: () => panelRef.current?.focus(),
    onKey,
  };

  let results;
  if (total === undefined) {
    results = pages.error ? <LibraryError error={pages.error} onRetry={pages.retry} /> : <p className="muted library-loading">Loading the library…</p>;
  } else if (total === 0 && !pages.refreshing) {
    results = <LibraryEmpty kind={trash ? 'trash' : isFiltered(filters) ? 'results' : 'library'} onClearFilters={clearFilters} />;
  } else {
    results = (
      <>
        {pages.error && <LibraryError error={pages.error} onRetry={pages.retry} />}
        {view === 'grid' ? <AssetGrid {...viewProps} /> : <AssetList {...viewProps} />}
      </>
    );
  }

  return (
    <section className="library" aria-label={trash ? 'Library trash' : 'Library'} {...drop.handlers}>
      <LibraryToolbar
        text={text}
        kind={kind}
        tag={tag}
        sort={sort}
        trash={trash}
        view={view}
        searchRef={searchRef}
        pickerRef={pickerRef}
        importing={imports.progress !== null}
        usesUploads={imports.usesUploads}
        onText={setText}
        onKind={setKind}
        onTag={setTag}
        onSort={setSort}
        onTrash={setTrash}
        onView={setView}
        onImportDialog={() => void imports.fromDialog()}
        onImportFiles={imports.fromFiles}
        importTags={importTags}
        onImportTags={setImportTags}
      />
      {trash && <TrashBar selected={sel.ids.size} total={total ?? 0} busy={actions.busy} onRestore={() => void actions.restore([...sel.ids])} onEmpty={() => void actions.emptyTrash()} />}
      <LibraryStatus
        progress={imports.progress}
        report={imports.report}
        importError={imports.error}
        notice={actions.notice}
        onCancelImport={imports.cancel}
        onDismissImport={imports.dismiss}
        onDismissNotice={actions.dismiss}
      />
      <p className="library-count muted">
        {total === undefined ? '' : `${plural(total, trash ? 'asset in the trash' : 'asset', trash ? 'assets in the trash' : 'assets')}`}
        {sel.ids.size > 0 && ` · ${sel.ids.size.toLocaleString()} selected`}
      </p>
      <div className="library-body">
        <div className="library-results">{results}</div>
        <DetailPanel
          id={sel.activeId}
          panelRef={panelRef}
          busy={actions.busy}
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

