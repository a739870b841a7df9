import { useCoalescedRefresh } from '../backend/use-coalesced-refresh';

/** Refresh the library's queries when assets change, here or from a pull. */
export function useLibraryEvents(): void {
  useCoalescedRefresh({
    event: 'records.changed',
    ids: (change) => (change.group === 'assets' ? change.ids : undefined),
    lists: ['library.query', 'library.tags'],
    detail: 'library.get',
  });
}
