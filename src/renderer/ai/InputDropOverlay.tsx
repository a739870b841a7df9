/** Shown while a file is dragged over the form. */
export function InputDropOverlay({ noun, uploads }: { noun: string; uploads: boolean }) {
  return (
    <div className="drop-overlay" aria-hidden="true">
      <div className="drop-overlay-box">
        <strong>Drop to use as the input</strong>
        <span>
          One file: {noun}
          {uploads ? ' (it is sent to Atelier on this computer first)' : ''}.
        </span>
      </div>
    </div>
  );
}
