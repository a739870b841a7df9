import { useId, useState } from 'react';
import type { ListAnswer } from '../../shared/connection-check';
import type { ResourceGroup } from '../../shared/profile';
import type { TeachListApplied, TeachListPreview } from '../../shared/teach-list';
import { AnswerTree } from '../ai/AnswerTree';
import { TeachSaveBox } from '../ai/ProfileDiff';
import { useAction } from '../backend/use-action';
import { QueryError } from '../sync/QueryError';
import {
  describeChoice,
  initialChoice,
  initialMode,
  pointAt,
  teachInput,
  type ListChoice,
  type PointMode,
} from './list-teach';

const modes: { mode: PointMode; label: string }[] = [
  { mode: 'items', label: 'The list of records (or any field of one record)' },
  { mode: 'id', label: 'The field that holds a record’s id' },
];

/** The profile change, what saving does, and the button that saves it. */
function ListTeachSave({ preview, pending, onSave }: { preview: TeachListPreview; pending: boolean; onSave(): void }) {
  const n = preview.recheck.length;
  const hint =
    `Saving asks for ${n === 1 ? 'this group’s list' : `the lists of ${n} groups`} again with ` +
    `the ` +
    `new ` +
    `profile (${n === 1 ? 'one GET' : 'one GET each'}); nothing is changed on the platform.`;
  return <TeachSaveBox preview={preview} hint={hint} testId="teach-list-apply" pending={pending} onSave={onSave} />;
}

/**
 * "Teach Atelier where the records are": point into a group's list answer, see the profile change, save, check again.
 */
export function ListTeach({
  group,
  source,
  onApplied,
}: {
  group: ResourceGroup;
  source: ListAnswer;
  onApplied(applied: TeachListApplied): void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<ListChoice>(() => initialChoice(source));
  const [mode, setMode] = useState<PointMode>(() => initialMode(choice));
  const preview = useAction('profile.teachListPreview');
  const apply = useAction('profile.teachListApply', ['profile.list', 'connection.get', 'session.get']);
  const input = teachInput(group, choice);
  const shown = describeChoice(source, choice);
  const change = (next: ListChoice) => {
    setChoice(next);
    preview.reset();
    apply.reset();
  };
  return (
    <details className="teach-panel" data-testid={`teach-list-${group}`}>
      <summary>Teach Atelier where the records are</summary>
      <p className="field-hint">
        Point at the list of records in the platform’s answer (a click on any field of a record chooses its list), and
        at the field that holds a record’s id if it is not “{source.idField}”. Arrow keys move and open, Enter chooses.
      </p>
      <fieldset>
        <legend>I am pointing at</legend>
        {modes.map((m) => (
          <label key={m.mode} className="row">
            <input
              type="radio"
              name={`${id}-mode`}
              value={m.mode}
              checked={mode === m.mode}
              onChange={() => setMode(m.mode)}
            />{' '}
            {m.label}
          </label>
        ))}
      </fieldset>
      <AnswerTree
        answer={source.answer}
        label="The platform’s list answer"
        chosen={mode === 'items' ? choice.items : choice.id}
        onChoose={(node) => change(pointAt(choice, mode, node.path, source.answer))}
      />
      {choice.problem && (
        <p className="error" role="alert">
          {choice.problem}
        </p>
      )}
      <p data-testid="teach-list-choice">
        Records at <code className="mono">{shown.itemsField ?? '(choose the list)'}</code>, identified by{' '}
        <code className="mono">{shown.idField}</code>
      </p>
      <div className="row">
        <button
          type="button"
          data-testid="teach-list-preview"
          disabled={preview.isPending || input === null}
          onClick={() => input && preview.mutate(input)}
        >
          {preview.isPending ? 'Preparing…' : 'Show the profile change'}
        </button>
      </div>
      <QueryError error={preview.error} />
      {preview.data && input && (
        <ListTeachSave
          preview={preview.data}
          pending={apply.isPending}
          onSave={() => apply.mutate(input, { onSuccess: onApplied })}
        />
      )}
      <QueryError error={apply.error} />
    </details>
  );
}
