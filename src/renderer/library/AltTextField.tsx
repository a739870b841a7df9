import { useId, useState } from 'react';
import { ALT_TEXT_MAX } from '../../shared/records';
import { useAssetUpdate } from './use-asset-update';

/**
 * What the media shows, for people who cannot see it: saved to the asset (so every post using it has it)
 * when the field is left. Networks take up to 1,500 characters; past that it says so before sending.
 */
export function AltTextField({
  assetId,
  value,
  label = 'Alt text',
  autoFocus = false,
}: {
  assetId: string;
  value: string;
  label?: string;
  autoFocus?: boolean;
}) {
  const update = useAssetUpdate(assetId);
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [stored, setStored] = useState(value);
  if (value !== stored) {
    setStored(value);
    setDraft(value);
  }
  const over = draft.length > ALT_TEXT_MAX;
  const state = over
    ? `Alt text is at most ${ALT_TEXT_MAX.toLocaleString('en')} characters; ` +
      `shorten it (${draft.length.toLocaleString('en')} now).`
    : update.isPending
      ? 'Saving…'
      : update.isError
        ? update.error.message
        : update.isSuccess
          ? 'Saved'
          : 'Describe what the media shows; saved when you leave the field';
  return (
    <div className="alt-text-field">
      <label htmlFor={id} className="detail-label">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        value={draft}
        // Focus follows the person's own click on "Alt" (the field opens for them to type in).
        autoFocus={autoFocus}
        aria-invalid={over || update.isError}
        aria-describedby={`${id}-state`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (!over && draft.trim() !== value) update.mutate({ altText: draft });
        }}
      />
      <span id={`${id}-state`} className={over || update.isError ? 'field-error' : 'field-hint'} aria-live="polite">
        {state}
      </span>
    </div>
  );
}
