import type { QueryClient } from '@tanstack/react-query';
import type { AtelierApi } from '../../shared/backend';
import { call } from '../backend/call';
import { defaultFilters, filterInput, pageInput, pageKey, type SortId } from './filters';
import { SORT_STORAGE_KEY, sortIds } from './use-library-filters';

function storedSort(): SortId {
  try {
    const stored = localStorage.getItem(SORT_STORAGE_KEY);
    return sortIds.find((id) => id === stored) ?? defaultFilters.sort;
  } catch {
    return defaultFilters.sort;
  }
}

/**
 * Ask for the library's first page as the app starts, before the screens know which section is
 * shown: the query runs while the page paints its first frame, and the grid finds the answer in the
 * cache under the same key it asks with (the filters a library opens with, the sort kept here).
 */
export function prefetchFirstPage(client: QueryClient, api: AtelierApi): void {
  const input = filterInput({ ...defaultFilters, sort: storedSort() });
  void client.prefetchQuery({
    queryKey: pageKey(input, 0),
    queryFn: () => call(api, 'library.query', pageInput(input, 0)),
  });
}
