import type { AiTeachRole } from '../../shared/ai';

const roles: { role: AiTeachRole; label: string }[] = [
  { role: 'media', label: 'The result (an image, a video or audio)' },
  { role: 'text', label: 'The text result' },
  { role: 'jobId', label: 'The platform’s job id' },
];

/** The chosen field of the answer: what it holds, whether every item of its list counts, and the preview button. */
export function TeachChoice({
  id,
  path,
  summary,
  role,
  onRole,
  listPath,
  every,
  onEvery,
  previewPending,
  onPreview,
}: {
  id: string;
  path: string;
  summary: string;
  role: AiTeachRole;
  onRole(role: AiTeachRole): void;
  /** The path of the list the field is an item of, when it is one. */
  listPath: string | undefined;
  every: boolean;
  onEvery(every: boolean): void;
  previewPending: boolean;
  /** Null while there is nothing to preview. */
  onPreview: (() => void) | null;
}) {
  return (
    <div className="teach-choice">
      <p>
        Field <code data-testid="ai-teach-path">{path}</code>: {summary}
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
              onChange={() => onRole(r.role)}
            />{' '}
            {r.label}
          </label>
        ))}
      </fieldset>
      {listPath !== undefined && (
        <label className="row">
          <input type="checkbox" checked={every} onChange={(e) => onEvery(e.target.checked)} /> Every item of that list
          ({listPath}), for answers with several results
        </label>
      )}
      <div className="row">
        <button
          type="button"
          data-testid="ai-teach-preview"
          disabled={previewPending || onPreview === null}
          onClick={() => onPreview?.()}
        >
          {previewPending ? 'Preparing…' : 'Show the profile change'}
        </button>
      </div>
    </div>
  );
}
