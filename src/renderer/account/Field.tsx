import type { InputHTMLAttributes, Ref } from 'react';
import { FormField } from '../forms/FormField';

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
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} />}
    </FormField>
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
