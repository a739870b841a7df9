import { useId, type ReactNode } from 'react';

/** What a field's control needs to be named and described. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Props {
  label: ReactNode;
  /** Said under the control (a hint, a count); not an error. */
  hint?: ReactNode;
  error?: string | undefined;
  /** More elements that describe the control (a live count beside it). */
  describedBy?: string | undefined;
  className?: string;
  /** Shown after the control, inside the field (a live count). */
  after?: ReactNode;
  children(control: ControlProps): ReactNode;
}

/** A labelled control with its hint and its error in words beside it, wired for screen readers. */
export function FormField({ label, hint, error, describedBy, className = 'field', after, children }: Props) {
  const id = useId();
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null, describedBy ?? null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined })}
      {after}
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
