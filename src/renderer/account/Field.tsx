import { useId, type InputHTMLAttributes, type Ref } from 'react';

/** A labelled input with its own error line, wired for screen readers. */
export function Field({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** An error from the core shown as the platform said it, with what to do. */
export function ErrorNote({ error }: { error: { error: { message: string; hint?: string | undefined } } | null }) {
  if (!error) return null;
  return (
    <div className="error-note" role="alert">
      <strong>{error.error.message}</strong>
      {error.error.hint && <span> {error.error.hint}</span>}
    </div>
  );
}
