import { useId, useState } from 'react';
import type { AssetDetail } from '../../shared/library';
import { useAssetUpdate } from './use-asset-update';

/** Free notes about the asset, saved when the field is left. */
export function NotesField({ asset }: { asset: AssetDetail }) {
  const update = useAssetUpdate(asset.id);
  const id = useId();
  const [draft, setDraft] = useState(asset.notes);
  const [stored, setStored] = useState(asset.notes);
  if (asset.notes !== stored) {
    setStored(asset.notes);
    setDraft(asset.notes);
  }
  return (
    <div className="notes-field">
      <label htmlFor={id} className="detail-label">
        Notes
      </label>
      <textarea
        id={id}
        rows={4}
        value={draft}
        maxLength={100_000}
        aria-describedby={`${id}-state`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft !== asset.notes) update.mutate({ notes: draft });
        }}
      />
      <span id={`${id}-state`} className={update.isError ? 'field-error' : 'field-hint'} aria-live="polite">
        {update.isPending
          ? 'Saving…'
          : update.isError
            ? update.error.message
            : update.isSuccess
              ? 'Saved'
              : 'Saved when you leave the field'}
      </span>
    </div>
  );
}
