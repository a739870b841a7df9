import { useState, type ReactElement } from 'react';
import type { AiOutputView } from '../../shared/ai';
import { useBackend } from '../backend/context';

/** One output shown large: the image, a playable video or audio, or why it cannot be shown. */
export function ResultMedia({ output, name }: { output: AiOutputView; name: string }) {
  const { media } = useBackend();
  const [failed, setFailed] = useState<string | null>(null);
  const src = media.url(output.sha256);
  const onError = () => setFailed(output.sha256);
  // The element stays when it fails (export still works); a line says why nothing shows.
  const note = failed === output.sha256 && (
    <span className="thumb-label ai-media-failed">
      <span aria-hidden="true">⚠ </span>
      {output.kind === 'image'
        ? 'This image could not be shown here.'
        : `This ${output.kind} (${output.mimeType}) could not be played here; export it to open it elsewhere.`}
    </span>
  );
  let element: ReactElement;
  if (output.kind === 'image')
    element = (
      <img
        className="preview-media"
        data-testid="ai-detail-image"
        src={src}
        alt={`Result: ${name}`}
        onError={onError}
      />
    );
  else if (output.kind === 'video')
    element = (
      <video
        className="preview-media"
        data-testid="ai-detail-video"
        src={src}
        controls
        preload="metadata"
        aria-label={`Video result: ${name}`}
        onError={onError}
      />
    );
  else element = <audio src={src} controls preload="metadata" aria-label={`Audio result: ${name}`} onError={onError} />;
  return (
    <div className="ai-media">
      {element}
      {note}
    </div>
  );
}
