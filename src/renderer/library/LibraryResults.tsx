import { AssetGrid } from './AssetGrid';
import { AssetList } from './AssetList';
import type { CollectionViewProps } from './collection';
import { LibraryEmpty } from './LibraryEmpty';
import { LibraryError } from './LibraryError';
import type { LibraryView } from './ViewToggle';

interface Props {
  total: number | undefined;
  error: Error | null;
  refreshing: boolean;
  /** What an empty answer means: an empty trash, no match for the filters, or an empty library. */
  empty: 'trash' | 'results' | 'library';
  view: LibraryView;
  viewProps: CollectionViewProps;
  onRetry(): void;
  onClearFilters(): void;
}

/** The assets as a grid or a list, or why there are none: loading, an error, or nothing to show. */
export function LibraryResults({ total, error, refreshing, empty, view, viewProps, onRetry, onClearFilters }: Props) {
  if (total === undefined)
    return error ? (
      <LibraryError error={error} onRetry={onRetry} />
    ) : (
      <p className="muted library-loading">Loading the library…</p>
    );
  if (total === 0 && !refreshing) return <LibraryEmpty kind={empty} onClearFilters={onClearFilters} />;
  return (
    <>
      {error && <LibraryError error={error} onRetry={onRetry} />}
      {view === 'grid' ? <AssetGrid {...viewProps} /> : <AssetList {...viewProps} />}
    </>
  );
}
