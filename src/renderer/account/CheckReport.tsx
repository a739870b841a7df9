import { useState } from 'react';
import type { CheckLine, ConnectionCheckResult } from '../../shared/connection-check';
import type { TeachListApplied } from '../../shared/teach-list';
import { glyph, outcomeWords, sections, statusText, tally } from './check-format';
import { groupOfLine, mergeRecheck } from './list-teach';
import { ListTeach } from './ListTeach';

function CheckItem({ line, onTaught }: { line: CheckLine; onTaught(applied: TeachListApplied): void }) {
  const status = statusText(line);
  const group = groupOfLine(line.id);
  return (
    <li data-testid={`check-${line.id}`} data-outcome={line.outcome}>
      <div className="row">
        <span aria-hidden="true" className={line.outcome === 'fail' ? 'error' : undefined}>
          {glyph(line.outcome)}
        </span>
        <span className="sr-only">{outcomeWords(line.outcome)}:</span>
        <strong>{line.label}</strong>
        {status && <span className="mono">{status}</span>}
        {line.request && <span className="mono muted">{line.request}</span>}
      </div>
      <p>{line.summary}</p>
      {line.serverWords && <p>The platform said: “{line.serverWords}”</p>}
      {line.field && (
        <p>
          <strong>Profile field to change:</strong> <code className="mono">{line.field}</code>
        </p>
      )}
      {line.hint && <p className="muted">{line.hint}</p>}
      {line.raw && (
        <details>
          <summary>Raw answer</summary>
          <pre className="mono fields-dump">{line.raw}</pre>
        </details>
      )}
      {line.listAnswer && group && (
        // A new profile's answer starts a new choice.
        <ListTeach
          key={`${line.listAnswer.itemsField} ${line.listAnswer.idField}`}
          group={group}
          source={line.listAnswer}
          onApplied={onTaught}
        />
      )}
    </li>
  );
}

/** Which groups a saved list profile was checked again on, and how each went. */
function TaughtNote({ taught }: { taught: TeachListApplied }) {
  const checked = taught.lines.length === 1 ? 'its group was' : `${taught.lines.length} groups were`;
  const outcomes = taught.lines.map((l) => `${l.label} ${glyph(l.outcome)}`).join(', ');
  return (
    <p role="status" data-testid="teach-list-saved">
      “{taught.profile.name}” is saved and in use; {checked} checked again with it: {outcomes}.
    </p>
  );
}

/**
 * The checklist: one line per element of the profile, with what to change when one fails. Lines
 * fixed by teaching are replaced by their new check (mount it with a new key for each check run).
 */
export function CheckReport({ result: checked }: { result: ConnectionCheckResult }) {
  const [result, setResult] = useState(checked);
  const [taught, setTaught] = useState<TeachListApplied | null>(null);
  const onTaught = (applied: TeachListApplied) => {
    setResult((old) => mergeRecheck(old, applied));
    setTaught(applied);
  };
  return (
    <section aria-label="Connection check result" data-testid="connection-check">
      <p role="status">
        {tally(result)} · {result.profile.name}
        {result.baseUrl ? ` at ${result.baseUrl}` : ''}
        {result.ranJobs ? ' · one real job per operation was run' : ''}
      </p>
      {taught && <TaughtNote taught={taught} />}
      {result.diagnosis && (
        <p className="warning" role="alert">
          {result.diagnosis.message}
          {result.diagnosis.field && (
            <>
              {' '}
              Change <code className="mono">{result.diagnosis.field}</code> in the profile.
            </>
          )}
        </p>
      )}
      {sections(result.lines).map((s) => (
        <div key={s.section}>
          <h3>{s.title}</h3>
          <ul className="plain">
            {s.lines.map((l) => (
              <CheckItem key={l.id} line={l} onTaught={onTaught} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
