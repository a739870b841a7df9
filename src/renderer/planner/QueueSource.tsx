import { useId, useMemo, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '../forms/FormField';
import { AssetPicker } from './AssetPicker';
import { creativeOf, excerpt, postOf } from './fields';
import type { QueueAddValues } from './queue-add';
import { useRecords } from './use-records';

/** What to queue: an asset picked from the library, or a creative or post (one with media) from a list. */
export function QueueSource({
  form,
  error,
}: {
  form: UseFormReturn<QueueAddValues, unknown, QueueAddValues>;
  error: string | undefined;
}) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  const creatives = useRecords('creatives');
  const posts = useRecords('posts');
  const [group, assetName] = form.watch(['source.group', 'assetName']);
  const options = useMemo(
    () =>
      group === 'creatives'
        ? (creatives.data?.items ?? [])
            .map(creativeOf)
            .map((c) => ({ id: c.id, label: c.name || 'Untitled', usable: c.assetIds.length > 0 }))
        : (posts.data?.items ?? [])
            .map(postOf)
            .map((p) => ({ id: p.id, label: excerpt(p.text, 70) || '(no text)', usable: p.assetIds.length > 0 })),
    [group, creatives.data, posts.data],
  );
  if (group !== 'assets') {
    return (
      <FormField label={group === 'posts' ? 'Post' : 'Creative'} error={error}>
        {(c) => (
          <select {...c} data-testid="queue-add-record" {...form.register('source.id')}>
            <option value="">Choose…</option>
            {options.map((o) => (
              <option key={o.id} value={o.id} disabled={!o.usable}>
                {o.label}
                {o.usable ? '' : ' (no media)'}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  }
  return (
    <div className="field">
      <span className="detail-label" id={`${id}-asset-label`}>
        Asset
      </span>
      <span className="planner-inline">
        <span className="muted" aria-live="polite">
          {assetName || 'None chosen'}
        </span>
        <button
          type="button"
          className="lib-small"
          data-testid="queue-add-pick"
          ref={form.register('source.id').ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-asset-label ${id}-error` : `${id}-asset-label`}
          onClick={() => setPicking(true)}
        >
          Choose…
        </button>
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
      {picking && (
        <AssetPicker
          title="Choose an asset to queue"
          onPick={(a) => {
            form.setValue('source.id', a.id, { shouldValidate: form.formState.isSubmitted });
            form.setValue('assetName', a.name);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </div>
  );
}
