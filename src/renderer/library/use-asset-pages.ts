import { useCallback, useState } from 'react';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetView, LibraryPage } from '../../shared/library';
import { call } from '../backend/call';
import { useBackend } from '../backend/context';
import { PAGE_SIZE, pageInput, pageKey, type FilterInput } from './filters';
import { useThrottledValue } from './use-throttled-value';

/** Items beyond the visible ones whose page is fetched ahead, so scrolling on rarely waits. */
const AHEAD = 60;
/** How often the fetch window follows the scroll position. */
const FETCH_EVERY_MS = 120;
/** Pages scrolled away are dropped from memory after this long (a fling through 100,000 assets passes 500). */
const PAGE_GC_MS = 60_000;

export interface AssetPages {
  /** How many assets match; undefined until the first page has arrived. */
  total: number | undefined;
  /** The filters changed and their first page is on its way (the previous results are shown). */
  refreshing: boolean;
  error: Error | null;
  /** The input whose results are shown (it lags `input` while new results load). */
  shown: FilterInput;
  itemAt(index: number): AssetView | undefined;
  /** Loaded items with an index in [from, to], in order (for ranges and "select all"). */
  loadedBetween(from: number, to: number): AssetView[];
  retry(): void;
}

/**
 * The library as pages of PAGE_SIZE rows fetched by offset: only the pages around the visible
 * window are observed (React Query caches each page under its own key), so 100,000 assets cost
 * what a screenful costs.
 */
export function useAssetPages(input: FilterInput, visible: { start: number; end: number }): AssetPages {
  const api = useBackend();
  const client = useQueryClient();
  const key = JSON.stringify(input);

  // Page 0 carries the total; it keeps the previous results on screen while new filters load.
  const head = useQuery({
    queryKey: pageKey(input, 0),
    queryFn: () => call(api, 'library.query', pageInput(input, 0)),
    placeholderData: keepPreviousData,
  });
  const [shown, setShown] = useState(input);
  if (head.data && !head.isPlaceholderData && JSON.stringify(shown) !== key) setShown(input);
  const effective = head.isPlaceholderData ? shown : input;

  const firstPage = Math.floor(Math.max(0, visible.start - AHEAD) / PAGE_SIZE);
  const lastPage = Math.floor(Math.max(0, visible.end + AHEAD) / PAGE_SIZE);
  const span = useThrottledValue(`${firstPage}:${lastPage}`, FETCH_EVERY_MS);
  const [from, to] = span.split(':').map(Number) as [number, number];
  const pages: number[] = [];
  const total = head.data?.total;
  const lastExisting = total === undefined ? 0 : Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  for (let p = Math.max(1, from); p <= Math.min(to, lastExisting); p++) pages.push(p);

  const rest = useQueries({
    queries: pages.map((p) => ({
      queryKey: pageKey(effective, p),
      queryFn: () => call(api, 'library.query', pageInput(effective, p)),
      enabled: total !== undefined,
      gcTime: PAGE_GC_MS,
    })),
  });

  // React Query re-renders only for result fields that were read: reading each page's update time
  // makes an arriving page render, and gives the readers below a new identity when one does.
  const arrivals = head.dataUpdatedAt + rest.reduce((sum, q) => sum + q.dataUpdatedAt, 0);
  const pageData = useCallback(
    (p: number) => client.getQueryData<LibraryPage>(pageKey(effective, p)),
    // `arrivals` is not read inside: it is there so each arriving page gives new readers.
    [client, effective, arrivals],
  );

  // Reading from the cache (not only from the observed pages) keeps a page on screen the moment it
  // is known; the observers above make this component render again when one arrives.
  const itemAt = useCallback(
    (index: number): AssetView | undefined =>
      index < 0 ? undefined : pageData(Math.floor(index / PAGE_SIZE))?.items[index % PAGE_SIZE],
    [pageData],
  );

  const loadedBetween = useCallback(
    (a: number, b: number): AssetView[] => {
      const lo = Math.max(0, Math.min(a, b));
      const hi = Math.max(a, b);
      const out: AssetView[] = [];
      for (let p = Math.floor(lo / PAGE_SIZE); p <= Math.floor(hi / PAGE_SIZE); p++) {
        const data = pageData(p);
        if (!data) continue;
        data.items.forEach((item, i) => {
          const index = p * PAGE_SIZE + i;
          if (index >= lo && index <= hi) out.push(item);
        });
      }
      return out;
    },
    [pageData],
  );

  const error = head.error ?? rest.find((q) => q.error)?.error ?? null;
  return {
    total,
    refreshing: head.isPlaceholderData,
    error,
    shown: effective,
    itemAt,
    loadedBetween,
    retry: () => void client.invalidateQueries({ queryKey: ['library.query'] }),
  };
}
