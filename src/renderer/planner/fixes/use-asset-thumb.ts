import { useBackend, useChannel } from '../../backend/context';

/**
 * The library's record of an asset and the address of its thumbnail (a video's poster frame), as the previews
 * use them; null while there is none. Shares the cache of every other `library.get`.
 */
export function useAssetThumb(assetId: string) {
  const { media } = useBackend();
  const asset = useChannel('library.get', { id: assetId }, { staleTime: 30_000 });
  const sha = asset.data?.thumb.state === 'ready' ? asset.data.thumb.sha256 : null;
  return { asset: asset.data ?? null, url: sha ? media.url(sha) : null };
}
