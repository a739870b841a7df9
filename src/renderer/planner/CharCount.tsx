import { countHint } from './char-count';

/** The live character count of a post's text, with the channel's usual limit as a hint. */
export function CharCount({ id, text, channel }: { id: string; text: string; channel: string }) {
  const c = countHint(text, channel);
  return (
    <p id={id} className="field-hint post-count-line" aria-live="polite">
      <span data-testid="post-count">{c.text}</span>
      {c.hint && (
        <span className={c.over ? 'post-over' : undefined} data-testid="post-limit">
          {' · '}
          {c.over && <span aria-hidden="true">⚠ </span>}
          {c.hint}
        </span>
      )}
    </p>
  );
}
