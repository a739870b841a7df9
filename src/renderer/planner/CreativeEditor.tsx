import { useId } from 'react';
import { aspectRatios } from '../../shared/planner';
import type { RecordView } from '../../shared/records';
import { SubmitError } from '../ai/SubmitError';
import { FormField } from '../forms/FormField';
import { RecordDelete } from '../forms/RecordDelete';
import { useRecordForm } from '../forms/use-record-form';
import { aspectLabels } from './aspect';
import { AttachedMedia } from './AttachedMedia';
import { CreativePreview } from './CreativePreview';
import { creativeOf, type AspectRatio } from './fields';

interface Props {
  record: RecordView | null;
  notice: string | null;
  onSaved(record: RecordView, notice: string): void;
  onDeleted(): void;
}

interface Values {
  name: string;
  caption: string;
  overlay_text: string;
  aspect_ratio: AspectRatio;
  asset_ids: string[];
}

function load(record: RecordView | null): Values {
  const c = record ? creativeOf(record) : null;
  return {
    name: c?.name ?? '',
    caption: c?.caption ?? '',
    overlay_text: c?.overlayText ?? '',
    aspect_ratio: c?.aspectRatio ?? '1:1',
    asset_ids: c?.assetIds ?? [],
  };
}
const fields = (v: Values) => ({ ...v, name: v.name.trim() });

/** D3: a creative's name, caption, overlay text, aspect ratio and media, with a live preview. */
export function CreativeEditor({ record, notice, onSaved, onDeleted }: Props) {
  const id = useId();
  const { form, onSubmit, errorOf, saved, failure, busy } = useRecordForm({
    group: 'creatives',
    record,
    load,
    fields,
    created: 'Creative created.',
    notice,
    onSaved,
  });
  const v = form.watch();
  return (
    <form
      className="card form planner-editor creative-editor"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={onSubmit}
      data-testid="creative-editor"
    >
      <h2 id={`${id}-title`}>{record ? 'Edit creative' : 'New creative'}</h2>
      <div className="creative-layout">
        <div className="creative-fields">
          <FormField label="Name" error={errorOf('name')}>
            {(c) => <input {...c} data-testid="creative-name" maxLength={500} {...form.register('name')} />}
          </FormField>
          <FormField label="Overlay text" error={errorOf('overlay_text')}>
            {(c) => (
              <input {...c} data-testid="creative-overlay-text" maxLength={2000} {...form.register('overlay_text')} />
            )}
          </FormField>
          <FormField label="Caption" error={errorOf('caption')}>
            {(c) => (
              <textarea
                {...c}
                data-testid="creative-caption"
                rows={4}
                maxLength={100_000}
                {...form.register('caption')}
              />
            )}
          </FormField>
          <FormField label="Aspect ratio">
            {(c) => (
              <select {...c} data-testid="creative-ratio" {...form.register('aspect_ratio')}>
                {aspectRatios.map((r) => (
                  <option key={r} value={r}>
                    {aspectLabels[r]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <AttachedMedia
            label="Assets used"
            value={v.asset_ids}
            onChange={(ids) => form.setValue('asset_ids', ids, { shouldDirty: true })}
          />
        </div>
        <CreativePreview
          ratio={v.aspect_ratio}
          assetId={v.asset_ids[0] ?? null}
          overlay={v.overlay_text}
          caption={v.caption}
        />
      </div>
      <SubmitError error={failure} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="creative-save" disabled={busy}>
          {busy ? 'Saving…' : record ? 'Save' : 'Create creative'}
        </button>
        <RecordDelete group="creatives" record={record} what="this creative" busy={busy} onDeleted={onDeleted} />
        <span role="status" className="muted">
          {saved ?? ''}
        </span>
      </div>
    </form>
  );
}
