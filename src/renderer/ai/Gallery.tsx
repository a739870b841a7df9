import { useEffect, useMemo, useState } from 'react';
import { useChannel } from '../backend/context';
import { plural } from '../library/format';
import { useDebouncedValue } from '../library/use-debounced-value';
import { QueryError } from '../sync/QueryError';
import { useNow } from '../sync/use-sync';
import {
  GALLERY_MAX,
  GALLERY_PAGE,
  galleryInput,
  isGalleryFiltered,
  noGalleryFilters,
  type GalleryFilters,
} from './gallery-filters';
import { GalleryFilterBar } from './GalleryFilterBar';
import { GalleryGrid } from './GalleryGrid';

const SEARCH_DEBOUNCE_MS = 250;

/** Results, newest first, filtered; choosing one opens its detail. */
export function Gallery({ selected, onSelect }: { selected: string | null; onSelect(id: string): void }) {
  const [filters, setFilters] = useState<GalleryFilters>(noGalleryFilters);
  const [limit, setLimit] = useState(GALLERY_PAGE);
  const text = useDebouncedValue(filters.text, SEARCH_DEBOUNCE_MS);
  const settled = useMemo(() => ({ ...filters, text }), [filters, text]);
  const input = useMemo(() => galleryInput(settled, limit), [settled, limit]);
  const page = useChannel('ai.gallery', input, { placeholderData: (prev) => prev });
  const now = useNow(30_000);
  const filterKey = JSON.stringify(settled);
  useEffect(() => setLimit(GALLERY_PAGE), [filterKey]);

  const items = page.data?.items ?? [];
  const total = page.data?.total ?? 0;
  return (
    <section className="card studio-gallery" aria-labelledby="ai-gallery-title" data-testid="ai-gallery">
      <h2 id="ai-gallery-title">Results</h2>
      <GalleryFilterBar value={filters} models={page.data?.models ?? []} onChange={setFilters} />
      <QueryError error={page.error} />
      <p className="muted gallery-count" role="status">
        {!page.data
          ? 'Loading results…'
          : items.length < total
            ? `Showing ${items.length.toLocaleString()} of ${plural(total, 'result')}`
            : plural(total, 'result')}
      </p>
      {page.data && items.length === 0 && (
        <div className="library-empty">
          <p className="muted">
            {isGalleryFiltered(settled)
              ? 'No result matches these filters.'
              : 'No results yet: run an operation above and its result appears here.'}
          </p>
          {isGalleryFiltered(settled) && (
            <button type="button" onClick={() => setFilters(noGalleryFilters)}>
              Clear filters
            </button>
          )}
        </div>
      )}
      {items.length > 0 && (
        <GalleryGrid
          key={filterKey}
          items={items}
          selected={selected}
          busy={page.isFetching}
          now={now}
          onSelect={onSelect}
        />
      )}
      {items.length < total && (
        <div className="row">
          {limit < GALLERY_MAX ? (
            <button
              type="button"
              onClick={() => setLimit((l) => Math.min(GALLERY_MAX, l + GALLERY_PAGE))}
              disabled={page.isFetching}
            >
              Show more
            </button>
          ) : (
            <span className="muted">Narrow the filters to see older results.</span>
          )}
        </div>
      )}
    </section>
  );
}
