import { useQueries } from '@tanstack/react-query';
import { useBackend } from '../../backend/context';
import { call } from '../../backend/call';
import type { PreviewMedia } from './types';

/** A post's media as it keeps it: asset ids, with alt text when written. */
export interface MediaRef {
  assetId: string;
  alt?: string | null;
}

/**
 * The facts a preview frames media with (kind, size, duration, thumbnail), read from the library for a post
 * that keeps only asset ids. The queries share the cache of every other `library.get`, so typing asks nothing
 * again; an asset not yet known shows as an image without a size (the feed's default frame) until it is.
 */
export function usePreviewMedia(refs: readonly MediaRef[]): PreviewMedia[] {
  const api = useBackend();
  const answers = useQueries({
    queries: refs.map((ref) => ({
      queryKey: ['library.get', { id: ref.assetId }],
      queryFn: () => call(api, 'library.get', { id: ref.assetId }),
      staleTime: 30_000,
    })),
  });
  return refs.map((ref, index) => {
    const asset = answers[index]?.data;
    const sha = asset?.thumb.state === 'ready' ? asset.thumb.sha256 : null;
    return {
      assetId: ref.assetId,
      kind: asset?.kind ?? 'image',
      width: asset?.width ?? null,
      height: asset?.height ?? null,
      durationMs: asset?.durationMs ?? null,
      thumbUrl: sha ? api.media.url(sha) : null,
      // The post's own words first, else what the library keeps for the media.
      alt: ref.alt ?? (asset?.altText || null),
    };
  });
}
