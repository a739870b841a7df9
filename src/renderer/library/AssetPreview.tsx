import { useState } from 'react';
import type { AssetDetail } from '../../shared/library';
import { useBackend } from '../backend/context';
import { placeholderFor } from './placeholder';

/** A larger look at the asset: the image, a playable video or audio, or why there is nothing to show. */
export function AssetPreview({ asset: a }: { asset: AssetDetail }) {
  const { media } = useBackend();
  const [failed, setFailed] = useState(false);
  const thumb = a.thumb.state === 'ready' && a.thumb.sha256 ? media.url(a.thumb.sha256) : undefined;
  const file = a.hasFile && a.sha256 && !failed ? media.url(a.sha256) : undefined;

  if (file && a.kind === 'image')
    return <img className="preview-media" src={file} alt={`Preview of ${a.name}`} onError={() => setFailed(true)} />;
  if (file && a.kind === 'video') {
    return (
      <video
        className="preview-media"
        src={file}
        poster={thumb}
        controls
        preload="metadata"
        aria-label={`Video: ${a.name}`}
        onError={() => setFailed(true)}
      />
    );
  }
  if (file && a.kind === 'audio') {
    return (
      <div className="preview-audio">
        {thumb && <img className="preview-media" src={thumb} alt="" />}
        <audio src={file} controls preload="metadata" aria-label={`Audio: ${a.name}`} onError={() => setFailed(true)} />
      </div>
    );
  }
  const p = failed
    ? { glyph: '⚠', label: 'The file could not be played or shown here' }
    : !a.hasFile
      ? { glyph: '⌀', label: 'File not on this computer' }
      : placeholderFor(a);
  return (
    <div className="preview-placeholder">
      {thumb && <img className="preview-media" src={thumb} alt={`Thumbnail of ${a.name}`} />}
      <span className="thumb-placeholder" data-kind={a.kind}>
        <span className="thumb-glyph" aria-hidden="true">
          {p.glyph}
        </span>
        <span className="thumb-label">{p.label}</span>
      </span>
    </div>
  );
}
