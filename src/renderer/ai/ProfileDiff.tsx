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
