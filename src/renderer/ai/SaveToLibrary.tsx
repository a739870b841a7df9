import { useId, useState, type FormEvent } from 'react';
import type { AiOutputView } from '../../shared/ai';
import type { AssetView } from '../../shared/library';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { QueryError } from '../sync/QueryError';
import { parseTags } from './save-tags';

/** Save one output to the library, with tags typed comma-separated. */
export function SaveToLibrary({ jobId, output }: { jobId: string; output: AiOutputView }) {
  const id = useId();
  const save = useAction('ai.save', ['ai.get', 'ai.gallery', 'library.query', 'library.tags']);
  const known = useChannel('library.tags', {});
  const [tags, setTags] = useState('');
  const [saved, setSaved] = useState<AssetView | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(null);
    save.mutate({ id: jobId, output: output.index, tags: parseTags(tags) }, { onSuccess: setSaved });
  };
  // Suggest known tags for the part after the last comma.
  const head = tags.includes(',') ? `${tags.slice(0, tags.lastIndexOf(',') + 1)} ` : '';
  return (
    <form className="detail-block save-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="detail-label">
        Save to library
      </h3>
      <label htmlFor={`${id}-tags`} className="field-hint">
        Tags, separated by commas
      </label>
      <input
        id={`${id}-tags`}
        className="tag-input"
        data-testid="ai-save-tags"
        value={tags}
        list={`${id}-known`}
        autoComplete="off"
        maxLength={2000}
        onChange={(e) => setTags(e.target.value)}
      />
      <datalist id={`${id}-known`}>
        {known.data?.slice(0, 200).map((t) => (
          <option key={t.tag} value={`${head}${t.tag}`} />
        ))}
      </datalist>
      <div className="row">
        <button type="submit" data-testid="ai-save" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save to library'}
        </button>
        <span role="status">
          {saved ? (
            <span data-testid="ai-saved">Saved as “{saved.name}”</span>
          ) : output.assetId ? (
            <span className="muted">Already saved to the library once.</span>
          ) : null}
        </span>
      </div>
      <QueryError error={save.error} />
    </form>
  );
}
