import { useChannel } from '../backend/context';
import { AssetThumb } from '../library/AssetThumb';

/** An asset's thumbnail when only its id is known (posts, creatives and queue items keep ids). */
export function AssetThumbById({ id }: { id: string }) {
  const asset = useChannel('library.get', { id }, { staleTime: 30_000 });
  if (asset.data) return <AssetThumb asset={asset.data} />;
  return (
    <span className="thumb-placeholder">
      <span className="thumb-glyph" aria-hidden="true">
        {asset.isError ? '⚠' : '…'}
      </span>
      {asset.isError && <span className="thumb-label">Not in the library</span>}
    </span>
  );
}

/** The asset's name for labels ("Remove beach.png"). */
export function useAssetName(id: string): string {
  const asset = useChannel('library.get', { id }, { staleTime: 30_000 });
  return asset.data?.name ?? 'asset';
}
