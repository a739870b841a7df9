import { useId, useState } from 'react';
import type { PostTarget } from '../../../shared/targets';
import { textOwner } from './post-ai-view';
import { useMediaFacts } from './use-post-ai';

export interface MediaRequest {
  assetId: string;
  channelId: string | null;
}

/** Which image to describe (alt text), or which video to read a caption from and whose text it is for. */
export function MediaPanel({
  kind,
  mediaIds,
  targets,
  busy,
  onSend,
  onCancel,
}: {
  kind: 'altText' | 'caption';
  mediaIds: readonly string[];
  targets: readonly PostTarget[];
  busy: boolean;
  onSend(request: MediaRequest): void;
  onCancel(): void;
}) {
  const id = useId();
  const wanted = kind === 'altText' ? 'image' : 'video';
  const media = useMediaFacts(mediaIds).filter((a) => a.kind === wanted);
  const [assetId, setAssetId] = useState<string | null>(null);
  const [owner, setOwner] = useState('');
  const chosen = assetId !== null && media.some((m) => m.id === assetId) ? assetId : (media[0]?.id ?? null);
  const title = kind === 'altText' ? 'Write alt text' : 'Caption from video';
  return (
    <div className="post-ai-panel" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{title}</h4>
      {media.length === 0 ? (
        <p className="muted">
          {`Attach ${wanted === 'image' ? 'an image' : 'a video'} to the post and save it first.`}
        </p>
      ) : (
        <>
          <label htmlFor={`${id}-media`}>{kind === 'altText' ? 'Image' : 'Video'}</label>
          <select id={`${id}-media`} value={chosen ?? ''} onChange={(e) => setAssetId(e.target.value)}>
            {media.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </>
      )}
      {kind === 'altText' ? (
        <p className="muted">The alt text is saved to the image in the library, for every post that uses it.</p>
      ) : (
        <>
          <label htmlFor={`${id}-owner`}>Offer it for</label>
          <select id={`${id}-owner`} value={owner} onChange={(e) => setOwner(e.target.value)}>
            <option value="">{textOwner(null, targets)}</option>
            {targets.map((t) => (
              <option key={t.channel_id} value={t.channel_id}>
                {textOwner(t.channel_id, targets)}
              </option>
            ))}
          </select>
          <p className="muted">
            Nothing is written over your text: you replace it or append the caption when it comes.
          </p>
        </>
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={busy || chosen === null}
          onClick={() => chosen && onSend({ assetId: chosen, channelId: owner || null })}
        >
          {busy ? 'Sending…' : kind === 'altText' ? 'Write alt text' : 'Read a caption'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
