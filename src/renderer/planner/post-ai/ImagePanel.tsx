import { useId, useState } from 'react';
import type { Channel } from '../../../shared/channels';
import { PROMPT_MAX } from '../../../shared/post-ai';
import type { PostTarget } from '../../../shared/targets';
import { ALL, imageScopes, promptFrom } from './post-ai-view';

/** The prompt, with its count against the AI queue's limit (or why it cannot go yet). */
function PromptField({ id, prompt, onChange }: { id: string; prompt: string; onChange(text: string): void }) {
  const over = prompt.length > PROMPT_MAX;
  return (
    <>
      <label htmlFor={`${id}-prompt`}>Prompt</label>
      <textarea
        id={`${id}-prompt`}
        rows={4}
        value={prompt}
        aria-describedby={`${id}-count`}
        aria-invalid={over || prompt.trim() === ''}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-count`} className={over ? 'field-error' : 'field-hint'}>
        {over
          ? `A prompt is at most ${PROMPT_MAX.toLocaleString('en')} characters; ` +
            `shorten it (${prompt.length.toLocaleString('en')} now).`
          : prompt.trim() === ''
            ? 'Write a prompt first: the post has no text to start from.'
            : `${prompt.length.toLocaleString('en')} of ${PROMPT_MAX.toLocaleString('en')} characters`}
      </span>
    </>
  );
}

export interface ImageRequest {
  channelId: string | null;
  prompt: string;
  aspect: string | null;
}

/**
 * The prompt (the post's text to start with, for the person to edit) and where the image goes, at a ratio
 * every chosen channel takes; when no ratio suits them all, one channel at a time.
 */
export function ImagePanel({
  text,
  targets,
  channels,
  busy,
  onSend,
  onCancel,
}: {
  text: string;
  targets: readonly PostTarget[];
  channels: readonly Channel[];
  busy: boolean;
  onSend(request: ImageRequest): void;
  onCancel(): void;
}) {
  const id = useId();
  const scopes = imageScopes(targets, channels);
  const [prompt, setPrompt] = useState(() => promptFrom(text));
  const [scope, setScope] = useState(() => (scopes.find((s) => s.aspects.length > 0) ?? scopes[0]!).value);
  const chosen = scopes.find((s) => s.value === scope) ?? scopes[0]!;
  const [aspect, setAspect] = useState<string | null>(chosen.aspects[0] ?? null);
  const shownAspect = aspect !== null && chosen.aspects.includes(aspect) ? aspect : (chosen.aspects[0] ?? null);
  const noCommon = scopes.length > 1 && scopes[0]!.aspects.length === 0;
  const over = prompt.length > PROMPT_MAX;
  return (
    <div className="post-ai-panel" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>Generate image for this post</h4>
      <PromptField id={id} prompt={prompt} onChange={setPrompt} />
      {scopes.length > 1 && (
        <>
          <label htmlFor={`${id}-scope`}>Attach to</label>
          <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value)}>
            {scopes.map((s) => (
              <option key={s.value} value={s.value} disabled={s.aspects.length === 0}>
                {s.label}
              </option>
            ))}
          </select>
        </>
      )}
      {noCommon && <p className="muted">No ratio suits every channel: choose one channel, at its own ratio.</p>}
      <label htmlFor={`${id}-aspect`}>Aspect ratio</label>
      <select id={`${id}-aspect`} value={shownAspect ?? ''} onChange={(e) => setAspect(e.target.value)}>
        {chosen.aspects.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={busy || over || prompt.trim() === '' || chosen.aspects.length === 0}
          onClick={() =>
            onSend({ channelId: scope === ALL ? null : scope, prompt: prompt.trim(), aspect: shownAspect })
          }
        >
          {busy ? 'Sending…' : 'Generate'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
