import { useId, useMemo, useState, type FormEvent } from 'react';
import type { AssetView } from '../../shared/library';
import type { QueueAddInput } from '../../shared/planner';
import { SubmitError } from '../ai/SubmitError';
import { AssetPicker } from './AssetPicker';
import { creativeOf, excerpt, postOf } from './fields';
import { fromLocalInput } from './local-time';
import { usePlannerAction, useRecords } from './use-records';

type SourceGroup = QueueAddInput['source']['group'];

/** Add an asset, a creative or a post (its first media) at the end of the queue, with an optional time and note. */
export function QueueAddForm({ tz, onAdded }: { tz: string; onAdded(id: string): void }) {
  const id = useId();
  const [group, setGroup] = useState<SourceGroup>('assets');
  const [asset, setAsset] = useState<AssetView | null>(null);
  const [recordId, setRecordId] = useState('');
  const [when, setWhen] = useState('');
  const [note, setNote] = useState('');
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const creatives = useRecords('creatives');
  const posts = useRecords('posts');
  const add = usePlannerAction('planner.queueAdd');
  const options = useMemo(
    () =>
      group === 'creatives'
        ? (creatives.data?.items ?? []).map(creativeOf).map((c) => ({ id: c.id, label: c.name || 'Untitled', usable: c.assetIds.length > 0 }))
        : (posts.data?.items ?? []).map(postOf).map((p) => ({ id: p.id, label: excerpt(p.text, 70) || '(no text)', usable: p.assetIds.length > 0 })),
    [group, creatives.data, posts.data],
  );

  const pickGroup = (g: SourceGroup) => {
    setGroup(g);
    setRecordId('');
    setProblem(null);
  };
  const chosen = group === 'assets' ? (asset?.id ?? '') : recordId;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return setProblem(group === 'assets' ? 'Choose an asset.' : `Choose a ${group === 'posts' ? 'post' : 'creative'}.`);
    setProblem(null);
    const at = fromLocalInput(when, tz);
    add.mutate(
      { source: { group, id: chosen }, ...(at ? { scheduledAt: at } : {}), ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: (item) => {
          setAsset(null);
          setRecordId('');
          setNote('');
          setWhen('');
          onAdded(item.id);
        },
      },
    );
  };

  return (
    <form className="card form mq-add" aria-labelledby={`${id}-title`} noValidate onSubmit={submit} data-testid="queue-add">
      <h2 id={`${id}-title`}>Add to the queue</h2>
      <div className="planner-fields">
        <div className="field">
          <label htmlFor={`${id}-group`}>What</label>
          <select id={`${id}-group`} data-testid="queue-add-kind" value={group} onChange={(e) => pickGroup(e.target.value as SourceGroup)}>
            <option value="assets">An asset from the library</option>
            <option value="creatives">A creative</option>
            <option value="posts">A post (its first media)</option>
          </select>
        </div>
        {group === 'assets' ? (
          <div className="field">
            <span className="detail-label" id={`${id}-asset-label`}>
              Asset
            </span>
            <span className="planner-inline">
              <span className="muted" aria-live="polite">
                {asset ? asset.name : 'None chosen'}
              </span>
              <button type="button" className="lib-small" data-testid="queue-add-pick" aria-describedby={`${id}-asset-label`} onClick={() => setPicking(true)}>
                Choose…
              </button>
            </span>
          </div>
        ) : (
          <div className="field">
            <label htmlFor={`${id}-record`}>{group === 'posts' ? 'Post' : 'Creative'}</label>
            <select id={`${id}-record`} data-testid="queue-add-record" value={recordId} onChange={(e) => setRecordId(e.target.value)}>
              <option value="">Choose…</option>
              {options.map((o) => (
                <option key={o.id} value={o.id} disabled={!o.usable}>
                  {o.label}
                  {o.usable ? '' : ' (no media)'}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-when`}>When (optional)</label>
          <input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <input id={`${id}-note`} maxLength={10_000} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <SubmitError error={add.error?.error ?? null} fields={[]} />
      <div className="row">
        <button type="submit" className="primary" data-testid="queue-add-submit" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add to the queue'}
        </button>
      </div>
      {picking && (
        <AssetPicker
          title="Choose an asset to queue"
          onPick={(a) => {
            setAsset(a);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </form>
  );
}
