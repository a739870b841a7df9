import type { ReactNode } from 'react';
import { diffLineKind } from './teach-view';

/** The profile change as a line diff: added lines, removed lines, a little context, "…" for the rest. */
export function ProfileDiff({ lines }: { lines: readonly string[] }) {
  return (
    <pre
      className="mono fields-dump profile-diff"
      data-testid="ai-teach-diff"
      tabIndex={0}
      role="region"
      aria-label="Change to the profile"
    >
      {lines.map((line, i) => {
        const kind = diffLineKind(line);
        return (
          <span key={i} className={`diff-line diff-${kind}`}>
            {kind === 'added' ? (
              <span className="sr-only">added: </span>
            ) : kind === 'removed' ? (
              <span className="sr-only">removed: </span>
            ) : null}
            {line}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

/** What a taught profile change does and the button that saves it (AI results and sync lists alike). */
export function TeachSaveBox({
  preview,
  hint,
  testId,
  pending,
  onSave,
}: {
  preview: { copy: boolean; profileName: string; diff: readonly string[]; note?: string | null | undefined };
  hint: ReactNode;
  testId: string;
  pending: boolean;
  onSave(): void;
}) {
  return (
    <div className="teach-preview">
      <p>
        {preview.copy
          ? `A copy of the built-in profile is saved as “${preview.profileName}” and used from now on.`
          : `“${preview.profileName}” gets a new revision.`}{' '}
        The same platform address: you stay signed in.
      </p>
      <ProfileDiff lines={preview.diff} />
      {preview.note && <p className="warning">{preview.note}</p>}
      <p className="field-hint">{hint}</p>
      <button type="button" data-testid={testId} disabled={pending} onClick={onSave}>
        {pending ? 'Saving…' : `Save and use “${preview.profileName}”`}
      </button>
    </div>
  );
}
