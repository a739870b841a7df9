import { useId } from 'react';
import type { AssetDetail } from '../../shared/library';
import { useChannel } from '../backend/context';
import { useAssetUpdate } from './use-asset-update';
import { useTagInput } from './use-tag-input';

/** Tags as removable chips; type a tag and press Enter or comma to add it, Backspace removes the last. */
export function TagEditor({ asset }: { asset: AssetDetail }) {
  const update = useAssetUpdate(asset.id);
  const known = useChannel('library.tags', {});
  const tags = asset.tags;
  const { box, items, remove, onKeyDown, onBlur } = useTagInput(
    tags,
    (known.data ?? []).map((t) => t.tag),
    (next) => update.mutate({ tags: next }),
  );
  const hintId = `${useId()}-hint`;
  const expanded = box.isOpen && items.length > 0;
  return (
    <div className="tag-editor">
      <label {...box.getLabelProps()} className="detail-label">
        Tags
      </label>
      <ul className="tag-list" aria-label="Tags of this asset">
        {tags.map((tag) => (
          <li key={tag} className="tag-chip">
            <span>{tag}</span>
            <button
              type="button"
              className="tag-remove"
              aria-label={`Remove tag ${tag}`}
              title={`Remove tag ${tag}`}
              onClick={() => remove(tag)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="tag-combobox">
        <input
          {...box.getInputProps({ onKeyDown, onBlur })}
          className="tag-input"
          data-testid="tag-input"
          aria-expanded={expanded}
          placeholder={tags.length ? 'Add a tag' : 'Add a tag, then Enter'}
          aria-describedby={hintId}
        />
        <ul {...box.getMenuProps({ 'aria-label': 'Known tags' })} className="combobox-list" hidden={!expanded}>
          {box.isOpen &&
            items.map((tag, i) => (
              <li key={tag} {...box.getItemProps({ item: tag, index: i })}>
                {tag}
              </li>
            ))}
        </ul>
      </div>
      <span id={hintId} className="lib-sr-only">
        Press Enter or comma to add a tag; Backspace in the empty box removes the last one.
      </span>
      {update.error && (
        <span className="field-error" role="alert">
          {update.error.message}
        </span>
      )}
    </div>
  );
}
