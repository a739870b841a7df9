import { useId } from 'react';

/** The prompt of a text-input operation (required). */
export function PromptField({
  value,
  error,
  video,
  onChange,
}: {
  value: string;
  error: string | undefined;
  video: boolean;
  onChange(v: string): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Prompt</label>
      <textarea
        id={id}
        data-testid="ai-prompt"
        rows={4}
        maxLength={4000}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        placeholder={video ? 'Describe the clip to make' : 'Describe the picture to make'}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
