import { useBackend, useChannel } from '../backend/context';
import { kindGlyphs } from '../library/format';
import { cssAspect, previewWidth } from './aspect';

const MAX_HEIGHT = 420;
import type { AspectRatio } from './fields';

/** The first asset as the creative's picture: an image itself, a video's poster frame. */
function Picture({ assetId }: { assetId: string }) {
  const { media } = useBackend();
  const asset = useChannel('library.get', { id: assetId }, { staleTime: 30_000 });
  const a = asset.data;
  if (!a) return null;
  const src =
    a.kind === 'image' && a.sha256 && a.hasFile
      ? media.url(a.sha256)
      : a.thumb.state === 'ready' && a.thumb.sha256
        ? media.url(a.thumb.sha256)
        : null;
  if (src) return <img className="creative-picture" src={src} alt="" draggable={false} />;
  return (
    <span className="creative-picture creative-placeholder" aria-hidden="true">
      {kindGlyphs[a.kind]}
    </span>
  );
}

/** D3: the creative as it will look, in its aspect ratio, overlay text over the picture and the caption below. */
export function CreativePreview({
  ratio,
  assetId,
  overlay,
  caption,
}: {
  ratio: AspectRatio;
  assetId: string | null;
  overlay: string;
  caption: string;
}) {
  return (
    <figure className="creative-preview" data-testid="creative-preview" aria-label={`Preview, ${ratio}`}>
      <div
        className="creative-frame"
        style={{ aspectRatio: cssAspect(ratio), width: previewWidth(ratio, MAX_HEIGHT) }}
        data-ratio={ratio}
      >
        {assetId ? (
          <Picture assetId={assetId} />
        ) : (
          <span className="creative-empty muted">Add media to see it here</span>
        )}
        {overlay.trim() && (
          <span className="creative-overlay" data-testid="creative-overlay">
            {overlay}
          </span>
        )}
      </div>
      {caption.trim() && <figcaption className="creative-caption">{caption}</figcaption>}
    </figure>
  );
}
