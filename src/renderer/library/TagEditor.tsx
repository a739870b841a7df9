import { useId, useState, type KeyboardEvent } from 'react';
import type { AssetDetail } from '../../shared/library';
import { useChannel } from '../backend/context';
import { useAssetUpdate } from './use-asset-update';

const MAX_TAG = 200;

/** What is typed in the tag box: Enter or comma adds it, Backspace in the empty box removes the last tag. */
function useTagInput(tags: string[], save: (next: string[]) => void) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const fresh = raw
      .split(',')
      .map((t) => t.trim().slice(0, MAX_TAG))
      .filter((t, i, all) => t && !tags.includes(t) && all.indexOf(t) === i);
    if (fresh.length) save([...tags, ...fresh]);
  };
  const remove = (tag: string) => save(tags.filter((t) => t !== tag));
  const commit = () => {
    add(text);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Backspace' && text === '' && tags.length > 0) {
      e.preventDefault();
      remove(tags[tags.length - 1]!);
    } else if (e.key === 'Escape' && text !== '') {
      e.stopPropagation();
      setText('');
    }
  };
  const onChange = (value: string) => {
    // A pasted "a, b, c" becomes tags at once; what follows the last comma stays in the box.
    const cut = value.lastIndexOf(',');
    if (cut >= 0) {
      add(value.slice(0, cut));
      setText(value.slice(cut + 1).trimStart());
    } else setText(value);
  };
  const onBlur = () => {
    if (text.trim()) commit();
  };
  return { text, remove, onKeyDown, onChange, onBlur };
}

/** Tags as removable chips; type a tag and press Enter or comma to add it, Backspace removes the last. */
export function TagEditor({ asset }: { asset: AssetDetail }) {
  const update = useAssetUpdate(asset.id);
  const known = useChannel('library.tags', {});
  const id = useId();
  const tags = asset.tags;
  const { text, remove, onKeyDown, onChange, onBlur } = useTagInput(tags, (next) => update.mutate({ tags: next }));

  return (
    <div className="tag-editor">
      <label htmlFor={id} className="detail-label">
        Tags
      </label>
      <ul className="tag-list" aria-label="Tags of this asset">
        {tags.map((tag) => (
          <li key={tag} className="tag-chip">
            <span>{tag}</span>
            <button type="button" className="tag-remove" aria-label={`Remove tag ${tag}`} title={`Remove tag ${tag}`} onClick={() => remove(tag)}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        className="tag-input"
        data-testid="tag-input"
        value={text}
        list={`${id}-known`}
        placeholder={tags.length ? 'Add a tag' : 'Add a tag, then Enter'}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <datalist id={`${id}-known`}>
        {known.data?.filter((t) => !tags.includes(t.tag)).map((t) => <option key={t.tag} value={t.tag} />)}
      </datalist>
      <span id={`${id}-hint`} className="lib-sr-only">
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
