import { useState } from 'react';
import type { AiJobView, AiOutputView } from '../../shared/ai';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { jobSubject } from '../ai/format';
import { operationLabels } from '../ai/labels';
import { ResultThumb } from '../ai/ResultThumb';
import { QueryError } from '../sync/QueryError';
import { PickerDialog } from './PickerDialog';

/** A result's label in the list: what made it, and which output when there are several. */
const outputLabel = (job: AiJobView, out: AiOutputView) => {
  const which = job.outputs.length > 1 ? ` (${out.index + 1})` : '';
  return `${operationLabels[job.operation]}: ${jobSubject(job, 50) || job.modelId}${which}`;
};

/**
 * Choose a media result of the AI studio. One not yet in the library is saved there first (ai.save),
 * since posts and creatives hold library assets.
 */
export function AiResultPicker({ onPick, onClose }: { onPick(assetId: string): void; onClose(): void }) {
  const [text, setText] = useState('');
  const gallery = useChannel(
    'ai.gallery',
    { state: 'succeeded', text: text.trim() || undefined, limit: 100 },
    { placeholderData: (prev) => prev },
  );
  const save = useAction('ai.save', ['ai.gallery', 'ai.get', 'library.query']);
  const jobs = (gallery.data?.items ?? []).filter((j) => j.outputs.length > 0);
  const pick = (job: AiJobView, out: AiOutputView) => {
    if (out.assetId) return onPick(out.assetId);
    save.mutate({ id: job.id, output: out.index, tags: [] }, { onSuccess: (asset) => onPick(asset.id) });
  };
  return (
    <PickerDialog title="Choose an AI result" testId="planner-ai-picker" onClose={onClose}>
      <input
        type="search"
        className="library-search"
        aria-label="Search AI results by prompt"
        placeholder="Search prompts…"
        value={text}
        maxLength={500}
        onChange={(e) => setText(e.target.value)}
      />
      <QueryError error={gallery.error ?? save.error} />
      {gallery.data && jobs.length === 0 && (
        <p className="muted">No finished AI results with media yet. Make some in the AI Studio.</p>
      )}
      <ul className="plain picker-list" aria-label="AI results" aria-busy={gallery.isFetching || save.isPending}>
        {jobs.flatMap((job) =>
          job.outputs.map((out) => (
            <li key={`${job.id}:${out.index}`}>
              <button
                type="button"
                className="picker-item"
                data-testid={`planner-pick-result-${job.id}-${out.index}`}
                disabled={save.isPending}
                onClick={() => pick(job, out)}
              >
                <span className="picker-thumb">
                  <ResultThumb job={{ ...job, outputs: [out] }} />
                </span>
                <span className="picker-name">{outputLabel(job, out)}</span>
                <span className="muted picker-meta">
                  {out.assetId ? 'In the library' : 'Saved to the library when chosen'}
                </span>
              </button>
            </li>
          )),
        )}
      </ul>
    </PickerDialog>
  );
}
