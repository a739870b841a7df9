import { useId, useState } from 'react';
import type { AiJobDetail, AiTeachPreview, AiTeachRole } from '../../shared/ai';
import { readPath } from '../../shared/field-path';
import { useAction } from '../backend/use-action';
import { QueryError } from '../sync/QueryError';
import { AnswerTree } from './AnswerTree';
import { guessRole, needsDownload, pathChoices, type AnswerNode } from './answer-tree';
import { TeachSaveBox } from './ProfileDiff';
import { TeachChoice } from './TeachChoice';

/** The profile change and what saving does, with the button that saves it. */
function TeachSave({
  preview,
  download,
  jobId,
  pending,
  onSave,
}: {
  preview: AiTeachPreview;
  download: boolean;
  jobId: boolean;
  pending: boolean;
  onSave(): void;
}) {
  const hint = jobId
    ? 'Saving stores the job id: Atelier then asks the platform about this job until it is done. The job is never ' +
      'submitted again.'
    : download
      ? 'Saving reads the stored answer again and downloads the result from the address it names: that download is ' +
        'the only request. The job is not run ' +
        'again.'
      : 'Saving reads the stored answer again: nothing is sent to the platform and the job is not run again.';
  return <TeachSaveBox preview={preview} hint={hint} testId="ai-teach-apply" pending={pending} onSave={onSave} />;
}

/** What the status line says once saving is done. */
const savedText = (data: { unknownShape: boolean } | undefined) =>
  data
    ? data.unknownShape
      ? 'Saved, but the answer still has no result there.'
      : 'Saved: the result is read from the answer.'
    : '';

/**
 * "Teach Atelier where the result is": point at a field of the raw answer, say what it holds, see the profile change,
 * save.
 */
export function TeachPanel({ job }: { job: AiJobDetail }) {
  const id = useId();
  const answer = job.provenance.response;
  const [chosen, setChosen] = useState<AnswerNode | null>(null);
  const [role, setRole] = useState<AiTeachRole>('media');
  const [every, setEvery] = useState(false);
  const preview = useAction('ai.teachPreview');
  const apply = useAction('ai.teachApply', [
    'ai.get',
    'ai.gallery',
    'ai.queue',
    'ai.catalog',
    'profile.list',
    'connection.get',
  ]);
  const choices = chosen ? pathChoices(chosen.path) : [];
  const path = (every ? choices[1] : undefined) ?? choices[0] ?? null;
  const input = path === null ? null : { jobId: job.id, role, path };
  const changed = () => {
    preview.reset();
    apply.reset();
  };
  const choose = (node: AnswerNode) => {
    setChosen(node);
    setRole(guessRole(node));
    setEvery(false);
    changed();
  };
  const download = path !== null && role === 'media' && needsDownload(readPath(answer, path));
  return (
    <section className="detail-block teach-panel" aria-labelledby={`${id}-title`} data-testid="ai-teach">
      <h3 id={`${id}-title`} className="detail-label">
        Teach Atelier where the result is
      </h3>
      <p className="field-hint" id={`${id}-help`}>
        Choose the field that holds the result (arrow keys move and open, Enter chooses), then say what it holds.
        Atelier saves where to look in a custom copy of the profile in use and reads this answer again.
      </p>
      <AnswerTree answer={answer} label="The platform's answer" chosen={chosen?.path ?? null} onChoose={choose} />
      {chosen && path !== null && (
        <TeachChoice
          id={id}
          path={path}
          summary={chosen.summary}
          role={role}
          onRole={(r) => {
            setRole(r);
            changed();
          }}
          listPath={choices.length > 1 ? choices[1] : undefined}
          every={every}
          onEvery={(on) => {
            setEvery(on);
            changed();
          }}
          previewPending={preview.isPending}
          onPreview={input === null ? null : () => preview.mutate(input)}
        />
      )}
      <QueryError error={preview.error} />
      {preview.data && input && (
        <TeachSave
          preview={preview.data}
          download={download}
          jobId={input.role === 'jobId'}
          pending={apply.isPending}
          onSave={() => apply.mutate(input)}
        />
      )}
      <span role="status">{savedText(apply.data)}</span>
      <QueryError error={apply.error} />
    </section>
  );
}
