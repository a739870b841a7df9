import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { RecordView } from '../../shared/records';
import { postStatuses } from '../../shared/records';
import { toAppError } from '../library/app-error';
import { SubmitError } from '../ai/SubmitError';
import { AttachedMedia } from './AttachedMedia';
import { CharCount } from './CharCount';
import { DeleteButton } from './DeleteButton';
import { createFields, patchOf, planChanges, postOf, type PlanView, type PostStatus } from './fields';
import { fromLocalInput, toLocalInput } from './local-time';
import { PlansChoice } from './PlansChoice';
import { statusLabels } from './post-filter';
import { usePlannerAction } from './use-records';

interface Props {
  /** The post being edited; null for a new one. */
  record: RecordView | null;
  plans: readonly PlanView[];
  channels: readonly string[];
  tz: string;
  /** What the last action said, carried over when saving opened another record (a new one, a copy). */
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
  /** Take the keyboard to the text (the new-post command); a new value asks again. */
  focusText?: number | undefined;
}

interface Draft {
  text: string;
  channel: string;
  when: string;
  status: PostStatus;
  assetIds: string[];
  /** The plans chosen here; null while untouched (the plans' own lists are the truth then, even when they load late). */
  planIds: Set<string> | null;
}

function draftOf(record: RecordView | null, tz: string): Draft {
  const p = record ? postOf(record) : null;
  return {
    text: p?.text ?? '',
    channel: p?.channel ?? '',
    when: toLocalInput(p?.scheduledAt, tz),
    status: p?.status ?? 'draft',
    assetIds: p?.assetIds ?? [],
    planIds: null,
  };
}

/** D1: a post's text (with a live count), media, channel, time, status and plans; duplicate and delete. */
export function PostEditor({ record, plans, channels, tz, notice, onSaved, onDeleted, focusText }: Props) {
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusText !== undefined) textRef.current?.focus();
  }, [focusText]);
  const [draft, setDraft] = useState<Draft>(() => draftOf(record, tz));
  const [saved, setSaved] = useState<string | null>(notice);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const create = usePlannerAction('records.create');
  const update = usePlannerAction('records.update');
  const remove = usePlannerAction('records.delete');
  const duplicate = usePlannerAction('planner.duplicatePost');
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(null);
  };

  const run = async (what: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    try {
      setSaved(await what());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const fields = { status: draft.status, channel: draft.channel.trim(), scheduled_at: fromLocalInput(draft.when, tz), asset_ids: draft.assetIds };
      let next: RecordView;
      if (!record) next = await create.mutateAsync({ group: 'posts', fields: { text: draft.text, ...createFields(fields) } });
      else {
        const patch = patchOf(record.fields, fields);
        if (draft.text !== postOf(record).text) patch.text = draft.text;
        next = Object.keys(patch).length ? await update.mutateAsync({ group: 'posts', id: record.id, fields: patch }) : record;
      }
      for (const change of draft.planIds ? planChanges(plans, next.id, draft.planIds) : []) {
        await update.mutateAsync({ group: 'contentPlans', id: change.id, fields: { post_ids: change.postIds } });
      }
      const said = record ? 'Saved.' : 'Post created.';
      onSaved(next, said);
      return said;
    });
  };

  const copy = () => {
    if (!record) return;
    void run(async () => {
      const made = await duplicate.mutateAsync({ id: record.id });
      const said = 'Duplicated: you are editing the copy (a draft, not scheduled).';
      onSaved(made, said);
      return said;
    });
  };

  const del = () => {
    if (!record) return;
    void run(async () => {
      await remove.mutateAsync({ group: 'posts', id: record.id });
      onDeleted();
      return null;
    });
  };

  const appError = error ? toAppError(error) : null;
  return (
    <form className="card form planner-editor" aria-labelledby={`${id}-title`} noValidate onSubmit={save} data-testid="post-editor">
      <h2 id={`${id}-title`}>{record ? 'Edit post' : 'New post'}</h2>
      <div className="field">
        <label htmlFor={`${id}-text`}>Text</label>
        <textarea ref={textRef} id={`${id}-text`} data-testid="post-text" rows={6} maxLength={100_000} aria-describedby={`${id}-count`} value={draft.text} onChange={(e) => set({ text: e.target.value })} />
        <CharCount id={`${id}-count`} text={draft.text} channel={draft.channel} />
      </div>
      <div className="planner-fields">
        <div className="field">
          <label htmlFor={`${id}-channel`}>Channel</label>
          <input id={`${id}-channel`} data-testid="post-channel" list={`${id}-channels`} autoComplete="off" maxLength={100} placeholder="e.g. Instagram" value={draft.channel} onChange={(e) => set({ channel: e.target.value })} />
          <datalist id={`${id}-channels`}>
            {channels.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-when`}>Scheduled for</label>
          <span className="planner-inline">
            <input id={`${id}-when`} type="datetime-local" data-testid="post-when" aria-describedby={`${id}-zone`} value={draft.when} onChange={(e) => set({ when: e.target.value })} />
            {draft.when && (
              <button type="button" className="lib-small" aria-label="Clear the scheduled time" onClick={() => set({ when: '' })}>
                Clear
              </button>
            )}
          </span>
          <span id={`${id}-zone`} className="field-hint">
            Local time ({tz})
          </span>
        </div>
        <div className="field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} data-testid="post-status" value={draft.status} onChange={(e) => set({ status: e.target.value as PostStatus })}>
            {postStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {draft.status === 'scheduled' && !draft.when && <p className="warning">A scheduled post needs a time: choose one above.</p>}
      <AttachedMedia label="Media" value={draft.assetIds} onChange={(assetIds) => set({ assetIds })} />
      <PlansChoice plans={plans} chosen={draft.planIds ?? new Set(record ? plans.filter((pl) => pl.postIds.includes(record.id)).map((pl) => pl.id) : [])} onChange={(planIds) => set({ planIds })} />
      {record?.failed && <p className="error-note">The platform refused the last change: {record.failed}</p>}
      <SubmitError error={appError} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="post-save" disabled={busy}>
          {busy ? 'Saving…' : record ? 'Save' : 'Create post'}
        </button>
        {record && (
          <>
            <button type="button" data-testid="post-duplicate" disabled={busy} onClick={copy}>
              Duplicate
            </button>
            <DeleteButton what="this post" busy={busy} onDelete={del} />
          </>
        )}
        <span role="status" className="muted" data-testid="post-saved">
          {saved ?? ''}
        </span>
      </div>
    </form>
  );
}
