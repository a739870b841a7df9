import { useQueries } from '@tanstack/react-query';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';

/** The library's records of these assets, one query each, shared with the thumbnails' cache (same key). */
export function useAssetRecords(ids: readonly string[]) {
  const api = useBackend();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['library.get', { id }],
      queryFn: () => call(api, 'library.get', { id }),
      staleTime: 30_000,
    })),
  });
}
