import { useMemo, useState } from 'react';
import type { AssetKind } from '../../shared/records';
import { defaultFilters, filterInput, sortOptions, type SortId } from './filters';
import { useDebouncedValue } from './use-debounced-value';
import { useStoredState } from './use-stored-state';
import { libraryViews } from './ViewToggle';

const SEARCH_DEBOUNCE_MS = 200;
export const sortIds = sortOptions.map((s) => s.id);
/** Where the chosen sort is kept (the first page asked for at start reads it too). */
export const SORT_STORAGE_KEY = 'atelier.library.sort';

/** What the toolbar chooses (search, kind, tag, sort, trash, view), the query it makes, and clearing it. */
export function useLibraryFilters() {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<AssetKind | 'all'>(defaultFilters.kind);
  const [tag, setTag] = useState('');
  const [trash, setTrash] = useState(false);
  const [sort, setSort] = useStoredState<SortId>(SORT_STORAGE_KEY, sortIds, defaultFilters.sort);
  const [view, setView] = useStoredState('atelier.library.view', libraryViews, 'grid');
  const searched = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const filters = useMemo(() => ({ text: searched, kind, tag, sort, trash }), [searched, kind, tag, sort, trash]);
  const input = useMemo(() => filterInput(filters), [filters]);
  const clear = () => {
    setText('');
    setKind('all');
    setTag('');
  };
  // Shaped as the toolbar's props, so the section hands them over as they are.
  const toolbar = {
    text,
    kind,
    tag,
    sort,
    trash,
    view,
    onText: setText,
    onKind: setKind,
    onTag: setTag,
    onSort: setSort,
    onTrash: setTrash,
    onView: setView,
  };
  return { filters, input, trash, view, clear, toolbar };
}
