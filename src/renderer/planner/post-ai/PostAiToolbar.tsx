import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Channel } from '../../../shared/channels';
import type { PostAiKind, PostAiRequestView, PostAiSettleInput, PostAiStartInput } from '../../../shared/post-ai';
import { useAction } from '../../backend/use-action';
import type { PostValues } from '../post-form';
import { ImagePanel } from './ImagePanel';
import { MediaPanel } from './MediaPanel';
import { PostAiRequests } from './PostAiRequests';
import { mediaIdsOf, textOwner, withCaption } from './post-ai-view';
import { useMirrorAttached, usePostAiRequests } from './use-post-ai';

type Form = UseFormReturn<PostValues, unknown, PostValues>;

const ACTIONS: { kind: PostAiKind; label: string }[] = [
  { kind: 'image', label: 'Generate image for this post…' },
  { kind: 'altText', label: 'Write alt text…' },
  { kind: 'caption', label: 'Caption from video…' },
];

/** The three actions; while the post is unsaved they are off, and say why. */
function AiActions(p: {
  id: string;
  unsaved: boolean;
  open: PostAiKind | null;
  onOpen(kind: PostAiKind | null): void;
}) {
  return (
    <>
      <div className="row" role="toolbar" aria-label="AI for this post">
        {ACTIONS.map((a) => (
          <button
            key={a.kind}
            type="button"
            className="lib-small"
            disabled={p.unsaved}
            aria-pressed={p.open === a.kind}
            aria-describedby={p.unsaved ? `${p.id}-unsaved` : undefined}
            onClick={() => p.onOpen(p.open === a.kind ? null : a.kind)}
          >
            {a.label}
          </button>
        ))}
      </div>
      {p.unsaved && (
        <p id={`${p.id}-unsaved`} className="muted">
          Save the draft first: AI results are attached to the saved post.
        </p>
      )}
    </>
  );
}

/** Taking an offered caption into the form (replacing or appending; the person saves), or dismissing it. */
function useCaptionTaking(
  form: Form,
  settle: (input: PostAiSettleInput, options: { onSuccess(): void }) => void,
  refresh: () => void,
  say: (words: string) => void,
) {
  return (r: PostAiRequestView, action: 'replace' | 'append' | 'dismiss') => {
    const where = textOwner(r.channelId, form.getValues().targets);
    if (action !== 'dismiss') {
      const next = withCaption(form.getValues(), r, action);
      form.setValue('text', next.text, { shouldDirty: true });
      form.setValue('targets', next.targets, { shouldDirty: true });
    }
    settle({ id: r.id, outcome: action === 'dismiss' ? 'dismissed' : 'taken' }, { onSuccess: refresh });
    say(
      action === 'dismiss'
        ? 'Caption dismissed.'
        : `Caption ${action === 'replace' ? 'put in place of' : 'appended to'} ${where}: save the post to keep it.`,
    );
  };
}

/**
 * AI for the post: an image from its text, alt text for its media, a caption from its video — each a job in
 * the AI queue whose result the core attaches when it comes (this post may be closed by then). A caption is
 * offered, never written over the text. It works on the saved post: the actions wait while it is new or has
 * unsaved changes; its requests show either way.
 */
export function PostAiToolbar({
  form,
  postId: savedId,
  channels,
}: {
  form: Form;
  postId: string | null;
  channels: readonly Channel[];
}) {
  const id = useId();
  const [open, setOpen] = useState<PostAiKind | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const postId = savedId ?? '';
  const requests = usePostAiRequests(savedId);
  const watch = useMirrorAttached(form, requests.data);
  const start = useAction('planner.postAi');
  const settle = useAction('planner.postAiSettle');
  const values = form.watch();
  // Typed changes not saved yet wait too: the core reads the saved post (its media, its channels).
  const unsaved = savedId === null || form.formState.isDirty;
  const send = (input: PostAiStartInput) =>
    start.mutate(input, {
      onSuccess: (r) => {
        watch(r.id);
        setOpen(null);
        setSaid('Sent to the AI queue.');
        void requests.refetch();
      },
    });
  const onCaption = useCaptionTaking(form, settle.mutate, () => void requests.refetch(), setSaid);
  return (
    <section className="post-ai" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="detail-label">
        AI for this post
      </h3>
      <AiActions id={id} unsaved={unsaved} open={open} onOpen={setOpen} />
      {!unsaved && open === 'image' && (
        <ImagePanel
          text={values.text}
          targets={values.targets}
          channels={channels}
          busy={start.isPending}
          onSend={(r) => send({ kind: 'image', postId, ...r })}
          onCancel={() => setOpen(null)}
        />
      )}
      {!unsaved && (open === 'altText' || open === 'caption') && (
        <MediaPanel
          kind={open}
          mediaIds={mediaIdsOf(values)}
          targets={values.targets}
          busy={start.isPending}
          onSend={(r) =>
            send(
              open === 'altText' ? { kind: 'altText', postId, assetId: r.assetId } : { kind: 'caption', postId, ...r },
            )
          }
          onCancel={() => setOpen(null)}
        />
      )}
      {start.error && (
        <p className="field-error" role="alert">
          {start.error.error.message}
        </p>
      )}
      {said && !start.error && (
        <p className="muted" role="status">
          {said}
        </p>
      )}
      <PostAiRequests requests={requests.data ?? []} targets={values.targets} onCaption={onCaption} />
    </section>
  );
}
