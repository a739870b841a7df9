import { useId, useState, type KeyboardEvent } from 'react';
import type { AssetDetail } from '../../shared/library';
import { fieldError } from '../backend/use-action';
import { useAssetUpdate } from './use-asset-update';

/** The asset's name, editable in place: Enter (or leaving the field) saves, Escape cancels. */
export function RenameField({ asset }: { asset: AssetDetail }) {
  const update = useAssetUpdate(asset.id);
  const id = useId();
  const [draft, setDraft] = useState(asset.name);
  const [stored, setStored] = useState(asset.name);
  // A new stored name (saved here or changed elsewhere) replaces the draft.
  if (asset.name !== stored) {
    setStored(asset.name);
    setDraft(asset.name);
  }

  const save = () => {
    if (draft === asset.name) return;
    update.mutate({ name: draft });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDraft(asset.name);
      update.reset();
    }
  };
  const error = update.error ? (fieldError(update.error, 'name') ?? update.error.message) : null;
  return (
    <div className="rename">
      <label htmlFor={id} className="lib-sr-only">
        Name
      </label>
      <input
        id={id}
        className="rename-input"
        data-testid="rename-input"
        value={draft}
        maxLength={500}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => (draft.trim() ? save() : setDraft(asset.name))}
      />
      {error ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      ) : (
        <span id={`${id}-hint`} className="lib-sr-only">
          Press Enter to rename, Escape to cancel.
        </span>
      )}
    </div>
  );
}
