import { useState } from 'react';
import type { AiJobView } from '../../shared/ai';
import { useBackend } from '../backend/context';
import { kindGlyphs } from '../library/format';
import { firstLines } from './format';
import { stateLabels } from './labels';

const stateGlyphs: Record<AiJobView['state'], string> = {
  queued: '…',
  running: '↻',
  succeeded: '✓',
  failed: '⚠',
  cancelled: '⊘',
};

function Tile({ glyph, label }: { glyph: string; label: string }) {
  return (
    <span className="thumb-placeholder">
      <span className="thumb-glyph" aria-hidden="true">
        {glyph}
      </span>
      <span className="thumb-label">{label}</span>
    </span>
  );
}

/** A result's picture in the gallery: its image, a video's first frame, the first lines of its text, or its state. */
export function ResultThumb({ job }: { job: AiJobView }) {
  const { media } = useBackend();
  const [failed, setFailed] = useState(false);
  const out = job.outputs[0];
  if (job.state !== 'succeeded') return <Tile glyph={stateGlyphs[job.state]} label={stateLabels[job.state]} />;
  if (out && !failed) {
    const src = media.url(out.sha256);
    // Images show themselves, loaded lazily; videos their poster frame when there is one.
    if (out.kind === 'video' && out.thumbSha256) {
      return (
        <img
          className="thumb-img"
          src={media.url(out.thumbSha256)}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
        />
      );
    }
    if (out.kind === 'image')
      return (
        <img
          className="thumb-img"
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
        />
      );
    if (out.kind === 'video')
      return (
        <video
          className="thumb-img"
          src={src}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          onError={() => setFailed(true)}
        />
      );
    return <Tile glyph={kindGlyphs.audio} label="Audio" />;
  }
  if (failed) return <Tile glyph="⚠" label="Preview could not be loaded" />;
  if (job.text !== null) return <span className="gallery-text">{firstLines(job.text)}</span>;
  return <Tile glyph={stateGlyphs.succeeded} label={job.unknownShape ? 'Unknown answer' : 'No output'} />;
}
