import type { AssetView } from '../../shared/library';
import { useBackend } from '../backend/context';
import { kindGlyphs } from './format';
import { placeholderFor } from './placeholder';
import { useLoadedImage } from './use-loaded-image';

function Tile({ glyph, label }: { glyph: string; label?: string }) {
  return (
    <span className="thumb-placeholder">
      <span className="thumb-glyph" aria-hidden="true">
        {glyph}
      </span>
      {label && <span className="thumb-label">{label}</span>}
    </span>
  );
}

/** The grid's picture of an asset: its thumbnail, or a typed tile saying why there is none. */
export function AssetThumb({ asset }: { asset: AssetView }) {
  const { media } = useBackend();
  const src = asset.thumb.state === 'ready' && asset.thumb.sha256 ? media.url(asset.thumb.sha256) : null;
  const image = useLoadedImage(src);
  if (src && image === 'ready') return <img className="thumb-img" src={src} alt="" draggable={false} />;
  if (src && image === 'loading') return <Tile glyph={kindGlyphs[asset.kind]} />;
  if (src) return <Tile glyph="⚠" label="Preview could not be loaded" />;
  return <Tile {...placeholderFor(asset)} />;
}
