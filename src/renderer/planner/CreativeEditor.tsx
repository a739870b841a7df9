import { useId, useState, type FormEvent } from 'react';
import { aspectRatios } from '../../shared/planner';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { aspectLabels } from './aspect';
import { AttachedMedia } from './AttachedMedia';
import { CreativePreview } from './CreativePreview';
import { DeleteButton } from './DeleteButton';
import { createFields, creativeOf, patchOf, type AspectRatio } from './fields';
import { usePlannerAction } from './use-records';

interface Props {
  record: RecordView | null;
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
}

interface Draft {
  name: string;
  caption: string;
  overlay: string;
  ratio: AspectRatio;
  assetIds: string[];
}

function draftOf(record: RecordView | null): Draft {
  const c = record ? creativeOf(record) : null;
  return { name: c?.name ?? '', caption: c?.caption ?? '', overlay: c?.overlayText ?? '', ratio: c?.aspectRatio ?? '1:1', assetIds: c?.assetIds ?? [] };
}

/** D3: a creative's name, caption, overlay text, aspect ratio and media, with a live preview. */
export function CreativeEditor({ record, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(record));
  const { name, caption, overlay, ratio, assetIds } = draft;
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(notice);
  const create = usePlannerAction('records.create');
  const update = usePlannerAction('records.update');
  const remove = usePlannerAction('records.delete');
  const error = create.error ?? update.error ?? remove.error;
  const busy = create.isPending || update.isPending || remove.isPending;
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(null);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setProblem('Enter a name.');
    setProblem(null);
    const fields = { name: name.trim(), caption, overlay_text: overlay, aspect_ratio: ratio, asset_ids: assetIds };
    if (!record) create.mutate({ group: 'creatives', fields: createFields(fields) }, { onSuccess: (r) => onSaved(r, 'Creative created.') });
    else {
      const patch = patchOf(record.fields, fields);
      if (Object.keys(patch).length === 0) return setSaved('Nothing changed.');
      update.mutate(
        { group: 'creatives', id: record.id, fields: patch },
        {
          onSuccess: (r) => {
            onSaved(r, 'Saved.');
            setSaved('Saved.');
          },
        },
      );
    }
  };

  return (
    <form className="card form planner-editor creative-editor" aria-labelledby={`${id}-title`} noValidate onSubmit={save} data-testid="creative-editor">
      <h2 id={`${id}-title`}>{record ? 'Edit creative' : 'New creative'}</h2>
      <div className="creative-layout">
        <div className="creative-fields">
          <div className="field">
            <label htmlFor={`${id}-name`}>Name</label>
            <input id={`${id}-name`} data-testid="creative-name" maxLength={500} aria-invalid={problem ? true : undefined} value={name} onChange={(e) => set({ name: e.target.value })} />
            {problem && (
              <span className="field-error" role="alert">
                {problem}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-overlay`}>Overlay text</label>
            <input id={`${id}-overlay`} data-testid="creative-overlay-text" maxLength={2000} value={overlay} onChange={(e) => set({ overlay: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-caption`}>Caption</label>
            <textarea id={`${id}-caption`} data-testid="creative-caption" rows={4} maxLength={100_000} value={caption} onChange={(e) => set({ caption: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-ratio`}>Aspect ratio</label>
            <select id={`${id}-ratio`} data-testid="creative-ratio" value={ratio} onChange={(e) => set({ ratio: e.target.value as AspectRatio })}>
              {aspectRatios.map((r) => (
                <option key={r} value={r}>
                  {aspectLabels[r]}
                </option>
              ))}
            </select>
          </div>
          <AttachedMedia label="Assets used" value={assetIds} onChange={(ids) => set({ assetIds: ids })} />
        </div>
        <CreativePreview ratio={ratio} assetId={assetIds[0] ?? null} overlay={overlay} caption={caption} />
      </div>
      <SubmitError error={error?.error ?? null} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="creative-save" disabled={busy}>
          {busy ? 'Saving…' : record ? 'Save' : 'Create creative'}
        </button>
        {record && <DeleteButton what="this creative" busy={busy} onDelete={() => remove.mutate({ group: 'creatives', id: record.id }, { onSuccess: onDeleted })} />}
        <span role="status" className="muted">
          {saved ?? ''}
        </span>
      </div>
    </form>
  );
}
