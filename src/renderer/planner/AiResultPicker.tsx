import { useState } from 'react';
import type { AiJobView, AiOutputView } from '../../shared/ai';
import { useChannel } from '../backend/context';
import { useAction } from '../backend/use-action';
import { jobSubject } from '../ai/format';
import { operationLabels } from '../ai/labels';
import { ResultThumb } from '../ai/ResultThumb';
import { QueryError } from '../sync/QueryError';
import { PickerCombobox, type PickerOption } from './PickerCombobox';
import { PickerDialog } from './PickerDialog';

/** A result's label in the list: what made it, and which output when there are several. */
const outputLabel = (job: AiJobView, out: AiOutputView) => {
  const subject = jobSubject(job, 50) || job.modelId;
  const which = job.outputs.length > 1 ? ` (${out.index + 1})` : '';
  return `${operationLabels[job.operation]}: ${subject}${which}`;
};

type ResultOption = PickerOption & { job: AiJobView; out: AiOutputView };

const resultOptions = (jobs: readonly AiJobView[], saving: boolean): ResultOption[] =>
  jobs.flatMap((job) =>
    job.outputs.map((out) => ({
      key: `${job.id}:${out.index}`,
      testId: `planner-pick-result-${job.id}-${out.index}`,
      name: outputLabel(job, out),
      meta: out.assetId ? 'In the library' : 'Saved to the library when chosen',
      thumb: <ResultThumb job={{ ...job, outputs: [out] }} />,
      disabled: saving,
      job,
      out,
    })),
  );

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
  const pick = ({ job, out }: ResultOption) => {
    if (out.assetId) return onPick(out.assetId);
    save.mutate({ id: job.id, output: out.index, tags: [] }, { onSuccess: (asset) => onPick(asset.id) });
  };
  return (
    <PickerDialog title="Choose an AI result" testId="planner-ai-picker" onClose={onClose}>
      <PickerCombobox
        searchLabel="Search AI results by prompt"
        placeholder="Search prompts…"
        listLabel="AI results"
        text={text}
        onText={setText}
        options={resultOptions(jobs, save.isPending)}
        busy={gallery.isFetching || save.isPending}
        onPick={pick}
        status={
          <>
            <QueryError error={gallery.error ?? save.error} />
            {gallery.data && jobs.length === 0 && (
              <p className="muted">No finished AI results with media yet. Make some in the AI Studio.</p>
            )}
          </>
        }
      />
    </PickerDialog>
  );
}
