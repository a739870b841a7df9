import { useId, useState } from 'react';
import type { AiJobDetail, AiTeachPreview, AiTeachRole } from '../../shared/ai';
import { readPath } from '../../shared/field-path';
import { useAction } from '../backend/use-action';
import { QueryError } from '../sync/QueryError';
import { AnswerTree } from './AnswerTree';
import { guessRole, needsDownload, pathChoices, type AnswerNode } from './answer-tree';
import { TeachSaveBox } from './ProfileDiff';

const roles: { role: AiTeachRole; label: string }[] = [
  { role: 'media', label: 'The result (an image, a video or audio)' },
  { role: 'text', label: 'The text result' },
  { role: 'jobId', label: 'The platform’s job id' },
];

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
        <div className="teach-choice">
          <p>
            Field <code data-testid="ai-teach-path">{path}</code>: {chosen.summary}
          </p>
          <fieldset>
            <legend>It holds</legend>
            {roles.map((r) => (
              <label key={r.role} className="row">
                <input
                  type="radio"
                  name={`${id}-role`}
                  value={r.role}
                  checked={role === r.role}
                  onChange={() => {
                    setRole(r.role);
                    changed();
                  }}
                />{' '}
                {r.label}
              </label>
            ))}
          </fieldset>
          {choices.length > 1 && (
            <label className="row">
              <input
                type="checkbox"
                checked={every}
                onChange={(e) => {
                  setEvery(e.target.checked);
                  changed();
                }}
              />{' '}
              Every item of that list ({choices[1]}), for answers with several results
            </label>
          )}
          <div className="row">
            <button
              type="button"
              data-testid="ai-teach-preview"
              disabled={preview.isPending || input === null}
              onClick={() => input && preview.mutate(input)}
            >
              {preview.isPending ? 'Preparing…' : 'Show the profile change'}
            </button>
          </div>
        </div>
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
      <span role="status">
        {apply.data
          ? apply.data.unknownShape
            ? 'Saved, but the answer still has no result there.'
            : 'Saved: the result is read from the answer.'
          : ''}
      </span>
      <QueryError error={apply.error} />
    </section>
  );
}
