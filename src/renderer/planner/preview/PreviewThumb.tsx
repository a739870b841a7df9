import { useBackend, useChannel } from '../../backend/context';
import { kindGlyphs } from '../../library/format';
import type { AssetKind } from '../../../shared/records';

interface Props {
  /** A thumbnail the caller already has; without it the asset's library thumbnail is looked up. */
  url?: string | null | undefined;
  assetId: string | null;
  kind: AssetKind;
  alt: string;
  className: string;
}

function Placeholder({ kind, className, alt }: Pick<Props, 'kind' | 'className' | 'alt'>) {
  return (
    <span className={`${className} feed-thumb-missing`} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
      <span aria-hidden="true">{kindGlyphs[kind]}</span>
    </span>
  );
}

/** The library's thumbnail of an asset (kept by the query cache, so typing does not look it up again). */
function LibraryThumb({ assetId, kind, alt, className }: Omit<Props, 'url' | 'assetId'> & { assetId: string }) {
  const { media } = useBackend();
  const asset = useChannel('library.get', { id: assetId }, { staleTime: 30_000 });
  const sha = asset.data?.thumb.state === 'ready' ? asset.data.thumb.sha256 : null;
  if (!sha) return <Placeholder kind={kind} className={className} alt={alt} />;
  return <img className={className} src={media.url(sha)} alt={alt} draggable={false} />;
}

/** A media item's picture in a preview: a video's poster frame or an image's thumbnail, from the app only. */
export function PreviewThumb({ url, assetId, kind, alt, className }: Props) {
  if (url) return <img className={className} src={url} alt={alt} draggable={false} />;
  if (assetId) return <LibraryThumb assetId={assetId} kind={kind} alt={alt} className={className} />;
  return <Placeholder kind={kind} className={className} alt={alt} />;
}
