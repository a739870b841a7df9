import { useEffect, useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { RecordDelete } from '../forms/RecordDelete';
import { useRecordForm } from '../forms/use-record-form';
import { AddToQueueButton, queueInto } from './AddToQueueButton';
import { AttachedMedia } from './AttachedMedia';
import { CharCount } from './CharCount';
import { planChanges, type PlanView } from './fields';
import { PlansChoice } from './PlansChoice';
import { postFields, postValues, type PostValues } from './post-form';
import { PostFields } from './PostFields';
import { PostTargetsSection } from './PostTargetsSection';
import { SNIPPET_TARGET } from './snippets/insert-text';
import { knownValues } from './snippets/known-values';
import { SnippetPicker } from './snippets/SnippetPicker';
import { usePlannerAction } from './use-records';

type PostForm = UseFormReturn<PostValues, unknown, PostValues>;

interface Props {
  /** The post being edited; null for a new one. */
  record: RecordView | null;
  plans: readonly PlanView[];
  /** Channel labels in use (no longer offered here: the post's channels are chosen from the Channels tab's). */
  channels?: readonly string[];
  tz: string;
  /** What the last action said, carried over when saving opened another record (a new one, a copy). */
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
  /** Take the keyboard to the text (the new-post command); a new value asks again. */
  focusText?: number | undefined;
}

/** Save, duplicate, delete, and what the last of them said. */
function PostButtons({
  record,
  busy,
  saved,
  onDuplicate,
  onDeleted,
}: {
  record: RecordView | null;
  busy: boolean;
  saved: string | null;
  onDuplicate(r: RecordView): void;
  onDeleted(): void;
}) {
  return (
    <div className="row">
      <button type="submit" className="primary" data-testid="post-save" disabled={busy}>
        {busy ? 'Saving…' : record ? 'Save' : 'Create post'}
      </button>
      {record && (
        <button type="button" data-testid="post-duplicate" disabled={busy} onClick={() => onDuplicate(record)}>
          Duplicate
        </button>
      )}
      <RecordDelete group="posts" record={record} what="this post" busy={busy} onDeleted={onDeleted} />
      <span role="status" className="muted" data-testid="post-saved">
        {saved ?? ''}
      </span>
    </div>
  );
}

/** The post's text with its live count, and snippets to insert at the caret. */
function PostText({ form, v, tz, error }: { form: PostForm; v: PostValues; tz: string; error: string | undefined }) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const text = form.register('text');
  const channel = v.targets[0]?.name ?? v.channel;
  // The hint goes by the first channel's network (its name may say nothing of it).
  const network = v.targets[0]?.network ?? v.channel;
  return (
    <FormField
      label="Text"
      error={error}
      describedBy={`${id}-count`}
      after={
        <div className="snippet-after">
          <CharCount id={`${id}-count`} text={v.text} channel={network} />
          <SnippetPicker
            target={() => box.current}
            known={knownValues({ scheduledAt: v.scheduled_at, channel, zone: tz })}
            fieldName="the post’s text"
            testId="post-snippet"
          />
        </div>
      }
    >
      {(c) => (
        <textarea
          {...c}
          data-testid="post-text"
          {...{ [SNIPPET_TARGET]: '' }}
          rows={6}
          maxLength={100_000}
          {...text}
          ref={(el) => {
            text.ref(el);
            box.current = el;
          }}
        />
      )}
    </FormField>
  );
}

/** D1: a post's text (with a live count), media, channel, time, status and plans; duplicate and delete. */
export function PostEditor({ record, plans, tz, notice, onSaved, onDeleted, focusText }: Props) {
  const id = useId();
  const update = usePlannerAction('records.update');
  const duplicate = usePlannerAction('planner.duplicatePost');
  // The plans' own lists change; a post's place in them is saved on each plan that gains or loses it.
  const also = async (saved: RecordView, v: PostValues) => {
    for (const change of v.plan_ids ? planChanges(plans, saved.id, new Set(v.plan_ids)) : [])
      await update.mutateAsync({ group: 'contentPlans', id: change.id, fields: { post_ids: change.postIds } });
  };
  const load = (r: RecordView | null) => postValues(r, tz);
  const fields = (v: PostValues) => postFields(v, tz);
  const {
    form,
    onSubmit,
    errorOf,
    saved,
    setSaved,
    failure,
    busy: saving,
  } = useRecordForm({
    group: 'posts',
    record,
    load,
    fields,
    always: ['text'],
    also,
    created: 'Post created.',
    notice,
    onSaved,
  });
  const busy = saving || duplicate.isPending;
  const v = form.watch();
  useEffect(() => {
    if (focusText !== undefined) form.setFocus('text');
  }, [focusText, form]);
  const copy = (r: RecordView) => {
    const said = 'Duplicated: you are editing the copy (a draft, not scheduled).';
    duplicate.mutate({ id: r.id }, { onSuccess: (made) => (onSaved(made, said), setSaved(said)) });
  };
  const chosen = new Set(
    v.plan_ids ?? (record ? plans.filter((pl) => pl.postIds.includes(record.id)).map((pl) => pl.id) : []),
  );
  return (
    <form
      className="card form planner-editor"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="post-editor"
    >
      <h2 id={`${id}-title`}>{record ? 'Edit post' : 'New post'}</h2>
      <PostText form={form} v={v} tz={tz} error={errorOf('text')} />
      <PostTargetsSection form={form} error={errorOf('targets') ?? errorOf('channel')} postId={record?.id} />
      <PostFields form={form} tz={tz} errorOf={errorOf} />
      <AddToQueueButton
        channel={v.targets[0]?.name ?? v.channel}
        targets={v.targets}
        tz={tz}
        {...(record && { postId: record.id })}
        onQueued={queueInto(form, tz)}
      />
      {v.status === 'scheduled' && !v.scheduled_at && (
        <p className="warning">A scheduled post needs a time: choose one above.</p>
      )}
      <AttachedMedia label="Media" value={v.asset_ids} onChange={(ids) => form.setValue('asset_ids', ids)} />
      <PlansChoice plans={plans} chosen={chosen} onChange={(next) => form.setValue('plan_ids', [...next])} />
      {record?.failed && <p className="error-note">The platform refused the last change: {record.failed}</p>}
      <SubmitError error={failure ?? duplicate.error?.error ?? null} fields={[]} />
      <PostButtons record={record} busy={busy} saved={saved} onDuplicate={copy} onDeleted={onDeleted} />
    </form>
  );
}
