/** Shown while files are dragged over the section. */
export function DropOverlay({ usesUploads }: { usesUploads: boolean }) {
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        <strong>Drop to import</strong>
        <span>
          Files and folders: images, videos and audio
          {usesUploads ? ' (they are uploaded to Atelier on this computer first)' : ''}.
        </span>
      </div>
    </div>
  );
}
